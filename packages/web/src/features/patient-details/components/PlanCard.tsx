import { Group, Stack, Table, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreatmentPlan } from '@vigil/contract';
import { useDates } from '../../../lib/dates';
import { currentLang } from '../../../lib/i18n';
import { useOffice } from '../api/get-office';
import { timesOf } from './schedule';
import { Pending, SectionCard } from './SectionCard';

/**
 * The active monitoring plan: title, description, and per device type the period (daily, weekly,
 * monthly), the number of readings and their times (time1..time4), which are local times of the
 * plan's office time zone.
 */
export function PlanCard({ plan, error }: { plan: TreatmentPlan | null | undefined; error: unknown }) {
  const { t } = useTranslation('patientDetails');
  const dates = useDates();
  const lang = currentLang();
  const office = useOffice(plan?.hospitalId);
  return (
    <SectionCard title={t('plan.title')} testId="monitoring-plan">
      {plan === undefined ? (
        <Pending error={error} />
      ) : plan === null ? (
        <Text size="sm" c="dimmed">
          {t('plan.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack gap={2}>
            <Text fw={600}>{plan.title}</Text>
            {plan.description && (
              <Text size="sm" c="dimmed">
                {plan.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('plan.since', { date: dates.date(plan.createdAt) })}
            </Text>
          </Stack>
          {plan.devices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('plan.noDevices')}
            </Text>
          ) : (
            <Table verticalSpacing={6} fz="sm" captionSide="top">
              <Table.Caption>{t('plan.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('plan.deviceType')}</Table.Th>
                  <Table.Th scope="col">{t('plan.period')}</Table.Th>
                  <Table.Th scope="col">{t('plan.times')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.devices.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{lang === 'es' ? d.deviceTypeTitleEsp || d.deviceTypeTitle : d.deviceTypeTitle}</Table.Td>
                    <Table.Td>{t(`plan.periods.${d.measurementPeriod}`, { defaultValue: d.measurementPeriod })}</Table.Td>
                    <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {timesOf(d).join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed">
              {office.data
                ? t('plan.timeZone', { zone: office.data.timeZone, office: office.data.hospitalName })
                : t('plan.timeZoneUnknown')}
            </Text>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
