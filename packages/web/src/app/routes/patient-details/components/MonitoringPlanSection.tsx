import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreatmentPlan } from '@vigil/contract';
import { PatientMonitoringPlanPanel } from '../../../../features/monitoring-plans';
import { useOffice } from '../../../../lib/shared-reads';

/**
 * The patient's monitoring plan on the record's side column: the monitoring-plans feature's panel
 * (the active plan with its device types and times, the previous plans; staff who manage plans
 * create, duplicate and edit the plan here), and the time zone the plan's times are in (the local
 * time of the plan's office). New plans go to `officeId` when the patient has one office; else the
 * panel uses the active plan's office, then the selected one, then asks.
 */
export function MonitoringPlanSection({ patientId, officeId, plan }: { patientId: number; officeId?: number; plan: TreatmentPlan | null | undefined }) {
  const { t } = useTranslation('patientDetails');
  const office = useOffice(plan?.hospitalId, { staleTime: 5 * 60_000 });
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="monitoring-plan">
      <Stack gap="sm">
        <PatientMonitoringPlanPanel patientId={patientId} hospitalId={officeId} headingOrder={2} />
        {plan && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed">
              {office.data ? t('plan.timeZone', { zone: office.data.timeZone, office: office.data.hospitalName }) : t('plan.timeZoneUnknown')}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
