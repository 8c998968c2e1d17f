import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconStar, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreatmentPlan } from '@vigil/contract';
import { PlanDevices } from './PlanDevices';

/** One of the office's plan templates: title, default flag, description, schedule, assigned patients and actions. */
export function ClientPlanCard({
  plan,
  canManage,
  onEdit,
  onMakeDefault,
  onDuplicate,
  onDelete,
  onPatients,
}: {
  plan: TreatmentPlan;
  canManage: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onPatients: () => void;
}) {
  const { t } = useTranslation('monitoringPlans');
  return (
    <Paper withBorder radius="md" p="md" data-testid={`client-plan-${plan.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700}>{plan.title}</Text>
              {plan.isDefault && (
                <Badge color="yellow.4" variant="filled" autoContrast leftSection={<IconStar size={12} aria-hidden />}>
                  {t('plan.default')}
                </Badge>
              )}
            </Group>
            {plan.description && (
              <Text size="sm" c="dimmed">
                {plan.description}
              </Text>
            )}
          </Stack>
          {canManage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('plan.actionsFor', { title: plan.title })}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                  {t('common:actions.edit')}
                </Menu.Item>
                {!plan.isDefault && (
                  <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={onMakeDefault}>
                    {t('plan.makeDefault')}
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={onDuplicate}>
                  {t('plan.duplicate')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                  {t('common:actions.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <PlanDevices devices={plan.devices} />
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconUsers size={14} aria-hidden />} onClick={onPatients} data-testid="plan-patients">
            {t('plan.patients', { count: plan.assignedPatientsCount })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
