import { Anchor, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconDeviceWatch, IconRouter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssignedMedicalDevice } from '@vigil/contract';
import { useCalendar } from '../../../../lib/calendar';
import { currentLang } from '../../../../lib/i18n';
import { useHubsById } from '../../../../features/devices';
import { timesOf } from './schedule';
import { Pending, SectionCard } from './SectionCard';

/**
 * The patient's devices (each a link to its readings at /devicemeasurements/{id}) with their
 * schedule in the active plan, and the hubs they send through with each hub's health.
 */
export function DevicesCard({ devices, error }: { devices: AssignedMedicalDevice[] | undefined; error: unknown }) {
  const { t } = useTranslation('patientDetails');
  const dates = useCalendar();
  const lang = currentLang();
  const hubIds = [...new Set((devices ?? []).map((d) => d.hubId).filter((id): id is number => id !== null))];
  const hubs = useHubsById(hubIds);

  return (
    <SectionCard title={t('devices.title')} testId="devices">
      {!devices ? (
        <Pending error={error} />
      ) : devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('devices.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {devices.map((d) => {
            const title = lang === 'es' ? d.deviceTypeTitleEsp || d.deviceTypeTitle : d.deviceTypeTitle;
            const md = d.monitoringDetails;
            return (
              <li key={d.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <IconDeviceWatch size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                    <Stack gap={0}>
                      <Anchor component={Link} to={`/devicemeasurements/${d.id}`} fw={600} size="sm" aria-label={t('devices.open', { title, identifier: d.deviceIdentifier })}>
                        {title}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {d.deviceIdentifier}
                      </Text>
                      <Text size="xs">
                        {md
                          ? `${t(`plan.periods.${md.measurementPeriod}`, { defaultValue: md.measurementPeriod })} · ${timesOf(md).join(', ')}`
                          : t('devices.notInPlan')}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {d.status !== 1 && (
                      <Badge variant="outline" color="gray.7" tt="none">
                        {t('devices.retired')}
                      </Badge>
                    )}
                    {d.isManualMeasurement && (
                      <Badge variant="outline" color="gray.7" tt="none">
                        {t('devices.manual')}
                      </Badge>
                    )}
                    <IconChevronRight size={16} aria-hidden />
                  </Group>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {hubIds.length > 0 && (
        <>
          <Divider />
          <Text size="sm" fw={600} component="h3" m={0}>
            {t('devices.hubs')}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {hubIds.map((id, i) => {
              const hub = hubs[i]?.data;
              const fallback = devices?.find((d) => d.hubId === id)?.hubIdentifier ?? String(id);
              return (
                <Group key={id} gap="xs" wrap="nowrap" align="flex-start" component="li">
                  <IconRouter size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {hub?.hubName ?? fallback}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {hub?.hubIdentifier ?? fallback}
                    </Text>
                    {hub && (
                      <Text size="xs">
                        {hub.health.lastCheckInAt ? t('devices.lastCheckIn', { date: dates.dateTime(hub.health.lastCheckInAt) }) : t('devices.neverCheckedIn')}
                        {' · '}
                        {t('devices.readings24h', { count: hub.health.readingsLast24Hours })}
                      </Text>
                    )}
                    {hub && !hub.health.credentialActive && (
                      <Text size="xs" c="red.8">
                        {t('devices.noCredential')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}
