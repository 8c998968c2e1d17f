import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceTypes, type Measurement } from '@vigil/contract';
import { catalogueEntry, deviceTitle, formatNumber, unitLabel, valueLabel } from '../../../../components/measurements/format';
import { formatLocalDateTime, formatOffset, localMillis } from '../../../../lib/calendar';
import { ReadingFlags, SEVERITY_COLOURS, SeverityBadge } from '../../../../components/measurements/ReadingBadges';
import { currentLang } from '../../../../lib/i18n';
import { Pending, SectionCard } from './SectionCard';

const BORDER = ['var(--mantine-color-teal-9)', SEVERITY_COLOURS.caution, SEVERITY_COLOURS.critical];

/** The main value of a reading ('138/84 mmHg' for blood pressure) and the others ('Pulse 72 lpm'). */
function describe(m: Measurement, lang: 'en' | 'es') {
  const required = catalogueEntry(m.deviceType)?.required ?? [m.values[0]?.code];
  const main = m.values.filter((v) => required.includes(v.code));
  const rest = m.values.filter((v) => !required.includes(v.code));
  const unit = main[0] ? unitLabel(main[0].displayUnit, lang) : '';
  return {
    main: `${main.map((v) => formatNumber(v.displayValue, lang)).join('/')} ${unit}`.trim(),
    mainLabel: main.map((v) => valueLabel(v.code, lang)).join('/'),
    rest: rest.map((v) => `${valueLabel(v.code, lang)} ${formatNumber(v.displayValue, lang)} ${unitLabel(v.displayUnit, lang)}`),
  };
}

/** The latest reading of each device type in the user's display units, with its severity in words and colour. */
export function LatestReadings({ readings, error }: { readings: Measurement[] | undefined; error: unknown }) {
  const { t } = useTranslation('patientDetails');
  const lang = currentLang();
  const ordered = readings ? [...readings].sort((a, b) => deviceTypes.indexOf(a.deviceType as never) - deviceTypes.indexOf(b.deviceType as never)) : undefined;
  return (
    <SectionCard title={t('latest.title')} testId="latest-readings" busy={!ordered && !error}>
      {!ordered ? (
        <Pending error={error} />
      ) : ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('latest.none')}
        </Text>
      ) : (
        <div style={{ containerType: 'inline-size' }}>
          <SimpleGrid type="container" cols={{ base: 1, '400px': 2, '860px': 4 }} spacing="sm">
            {ordered.map((m) => {
              const d = describe(m, lang);
              return (
                <Paper
                  key={m.id}
                  withBorder
                  radius="sm"
                  p="sm"
                  style={{ borderLeft: `4px solid ${BORDER[Math.min(2, Math.max(0, m.severity))]}` }}
                  data-testid={`latest-${m.deviceType}`}
                >
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Text size="sm" fw={600}>
                        {deviceTitle(m.deviceType, lang)}
                      </Text>
                      <SeverityBadge severity={m.severity} />
                    </Group>
                    <Stack gap={0}>
                      {d.mainLabel.includes('/') && (
                        <Text size="xs" c="dimmed">
                          {d.mainLabel}
                        </Text>
                      )}
                      <Text fz={22} fw={700} lh={1.2}>
                        {d.main}
                      </Text>
                    </Stack>
                    {d.rest.length > 0 && <Text size="sm">{d.rest.join(' · ')}</Text>}
                    <Text size="xs" c="dimmed">
                      {formatLocalDateTime(localMillis(m.measuredAt, m.measuredAtOffset), lang)} {formatOffset(m.measuredAtOffset)}
                    </Text>
                    <ReadingFlags isSimulated={m.isSimulated} isManual={m.isManual} />
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </div>
      )}
    </SectionCard>
  );
}
