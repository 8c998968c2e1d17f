import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SurveyPlanAssignment } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useDeassignFromPlan, usePlanAssignments } from '../api/surveys';
import { AssignModal } from './AssignModal';

/**
 * The office's assessment settings: which templates its client monitoring plans give their patients
 * automatically (every patient of the plan, now and later, gets the recurrence), added and removed
 * here (removal stops those recurrences and cancels surveys not started, after a confirmation).
 */
export function SettingsTab({ officeId }: { officeId: number }) {
  const { t } = useTranslation('surveys');
  const { date } = useCalendar();
  const canManage = useCan('surveys.manage');
  const list = usePlanAssignments(officeId);
  const remove = useDeassignFromPlan();
  const [adding, setAdding] = useState(false);
  const askRemove = (a: SurveyPlanAssignment) =>
    confirmAction({
      title: t('settings.removeTitle'),
      text: t('settings.removeText', { template: a.templateName, plan: a.treatmentPlanTitle, count: a.patientCount }),
      confirmLabel: t('settings.remove'),
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notify({ color: 'teal', message: t('settings.removed') }),
          onError: (err) => notify({ color: 'red', message: err instanceof Error ? err.message : t('errors.saveFailed') }),
        }),
    });
  const addButton = canManage && (
    <Button leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setAdding(true)} disabled={officeId <= 0} data-testid="plan-assign">
      {t('settings.add')}
    </Button>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('settings.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.help')}
            </Text>
          </Stack>
          {addButton}
        </Group>
        {list.isLoading ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : list.error ? (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        ) : !list.data?.length ? (
          <EmptyState text={t('settings.empty')} action={addButton} />
        ) : (
          <Table striped fz="sm">
            <caption className="vigil-visually-hidden">{t('settings.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.plan')}</Table.Th>
                <Table.Th>{t('settings.template')}</Table.Th>
                <Table.Th>{t('assign.recurrence')}</Table.Th>
                <Table.Th>{t('assign.startDate')}</Table.Th>
                <Table.Th>{t('settings.patients')}</Table.Th>
                {canManage && <Table.Th>{t('templates.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td fw={600}>{a.treatmentPlanTitle}</Table.Td>
                  <Table.Td>{a.templateName}</Table.Td>
                  <Table.Td>
                    {t(`recurrence.${a.recurrenceRule}`)} · {a.dueTime}
                  </Table.Td>
                  <Table.Td>
                    {date(a.startDate)}
                    {a.endDate ? ` – ${date(a.endDate)}` : ''}
                  </Table.Td>
                  <Table.Td>{a.patientCount}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Tooltip label={t('settings.remove')}>
                        <ActionIcon variant="subtle" color="red.8" aria-label={t('settings.removeNamed', { template: a.templateName, plan: a.treatmentPlanTitle })} onClick={() => askRemove(a)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <AssignModal opened={adding} onClose={() => setAdding(false)} hospitalId={officeId} target={{ kind: 'plan' }} />
    </Paper>
  );
}
