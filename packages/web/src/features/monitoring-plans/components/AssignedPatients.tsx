import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TreatmentPlan } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { useAssignPatientToDefaultPlan, useClientMonitoringPlans, useDeassignPatientFromClientPlan } from '../api/monitoring-plans';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { notify } from '../../../lib/notify';

/**
 * The patients assigned to one of the office's plan templates (details drawer), with removal; on
 * the default template, staff assign another patient of the office to it.
 */
export function AssignedPatients({ planId, officeId }: { planId: number; officeId: number }) {
  const { t } = useTranslation('monitoringPlans');
  const ui = useUiState();
  const canManage = useCan('treatmentPlans.manage');
  const plans = useClientMonitoringPlans(officeId);
  const patients = useOfficePatientOptions(officeId);
  const deassign = useDeassignPatientFromClientPlan();
  const assign = useAssignPatientToDefaultPlan();
  const [pick, setPick] = useState<string | null>(null);
  const plan: TreatmentPlan | undefined = plans.data?.find((p) => p.id === planId);
  if (!plan) { return null; }

  const nameOf = (id: number) => patients.data?.find((p) => p.id === id)?.name ?? t('plan.patientNumber', { id });
  const assigned = new Set(plan.patientAssignments.map((a) => a.patientUserId));

  const askRemove = (patientUserId: number) =>
    confirmAction({
      title: t('assigned.removeTitle'),
      text: t('assigned.removeText', { name: nameOf(patientUserId), title: plan.title }),
      confirmLabel: t('assigned.remove'),
      onConfirm: () =>
        deassign.mutate(
          { treatmentPlanId: plan.id, patientUserId },
          {
            onSuccess: () => notify({ color: 'teal', message: t('assigned.removed', { name: nameOf(patientUserId) }) }),
            onError: (err) => notify({ color: 'red', message: err.message }),
          },
        ),
    });

  const assignPicked = () => {
    if (!pick) { return; }
    const id = Number(pick);
    confirmAction({
      title: t('patient.assignDefaultTitle'),
      text: t('patient.assignDefaultText', { title: plan.title }) + ' ' + t('assigned.replacesActive'),
      confirmLabel: t('patient.assignDefaultConfirm'),
      danger: false,
      onConfirm: () =>
        assign.mutate(
          { patientUserId: id, hospitalId: officeId },
          {
            onSuccess: () => {
              notify({ color: 'teal', message: t('assigned.added', { name: nameOf(id), title: plan.title }) });
              setPick(null);
            },
            onError: (err) => notify({ color: 'red', message: err.message }),
          },
        ),
    });
  };

  return (
    <Stack gap="md" data-testid="assigned-patients">
      <Text size="sm" c="dimmed">
        {t('assigned.summary', { count: plan.assignedPatientsCount })}
      </Text>
      {canManage && plan.isDefault && (
        <Group gap="xs" align="flex-end">
          <Select
            style={{ flex: 1 }}
            label={t('assigned.addLabel')}
            searchable
            clearable
            placeholder={t('assigned.addPlaceholder')}
            data={(patients.data ?? []).filter((p) => !assigned.has(p.id)).map((p) => ({ value: String(p.id), label: p.name }))}
            value={pick}
            onChange={setPick}
          />
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={assignPicked} disabled={!pick} loading={assign.isPending}>
            {t('assigned.add')}
          </Button>
        </Group>
      )}
      {plan.patientAssignments.length === 0 ? (
        <EmptyState text={t('assigned.empty')} />
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {plan.patientAssignments.map((a) => (
            <Group key={a.patientUserId} component="li" justify="space-between" py={4} wrap="nowrap">
              <Anchor component={Link} to={`/patientdetails/${a.patientUserId}`} onClick={() => ui.closeAll()} size="sm">
                {nameOf(a.patientUserId)}
              </Anchor>
              {canManage && (
                <ActionIcon variant="subtle" color="red" aria-label={t('assigned.removeLabel', { name: nameOf(a.patientUserId) })} onClick={() => askRemove(a.patientUserId)}>
                  <IconUserMinus size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
