import { Badge, Group, Stack, Text } from '@mantine/core';
import { TRIAGE_CARE_MINUTES_TARGET, TRIAGE_READING_DAYS_TARGET, type OfficePatientListItem } from '@vigil/contract';
import { useTranslation } from 'react-i18next';
import { useCalendar } from '../../../lib/calendar';
import { SeverityBadge } from '../../monitoring';

/** The triage figures of a /patients row (docs/patient-list.md). */
export type Triage = Pick<OfficePatientListItem, 'lastReading' | 'readingDays' | 'devicePeriod' | 'careSeconds' | 'openAlerts' | 'programs'>;

/** Badges keep their whole word in narrow table cells. */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

/** The last reading: when it was measured, and whether it was abnormal (a severity badge) or normal. */
export function LastReadingCell({ triage }: { triage: Triage }) {
  const { t } = useTranslation('patients');
  const { dateTime } = useCalendar();
  const last = triage.lastReading;
  if (!last) { return <Text size="sm" c="dimmed">{t('triage.noReading')}</Text>; }
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={last.measuredAt}>{dateTime(last.measuredAt)}</time>
      </Text>
      {last.severity > 0 ? (
        <SeverityBadge severity={last.severity} size="sm" />
      ) : (
        <Text size="xs" c="dimmed">
          {t('triage.normal')}
        </Text>
      )}
    </Stack>
  );
}

/** "12 / 16" reading days in the current device period, with the period in words for screen readers and a tooltip. */
export function ReadingDaysCell({ triage }: { triage: Triage }) {
  const { t } = useTranslation('patients');
  const { date } = useCalendar();
  const reached = triage.readingDays >= TRIAGE_READING_DAYS_TARGET;
  const period = triage.devicePeriod;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={reached ? 600 : 400} c={reached ? 'teal.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {t('triage.ofTarget', { value: triage.readingDays, target: TRIAGE_READING_DAYS_TARGET })}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {period ? t('triage.periodEnds', { date: date(period.end) }) : t('triage.noPeriod')}
      </Text>
    </Stack>
  );
}

/** "8 / 20 min" of care time this month. */
export function CareMinutesCell({ triage }: { triage: Triage }) {
  const { t } = useTranslation('patients');
  const minutes = Math.floor(triage.careSeconds / 60);
  const reached = minutes >= TRIAGE_CARE_MINUTES_TARGET;
  return (
    <Text size="sm" fw={reached ? 600 : 400} c={reached ? 'teal.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('triage.minutesOfTarget', { value: minutes, target: TRIAGE_CARE_MINUTES_TARGET })}
    </Text>
  );
}

/** Open alerts by severity: a count per severity in words, never colour alone. */
export function OpenAlertsCell({ triage }: { triage: Triage }) {
  const { t } = useTranslation('patients');
  const { critical, caution } = triage.openAlerts;
  if (critical + caution === 0) { return <Text size="sm" c="dimmed">{t('triage.noAlerts')}</Text>; }
  return (
    <Group gap={4} wrap="nowrap">
      {critical > 0 && (
        <Badge color="red.9" radius="sm" size="sm" styles={NO_TRUNCATE}>
          {t('triage.critical', { count: critical })}
        </Badge>
      )}
      {caution > 0 && (
        <Badge color="orange.6" autoContrast radius="sm" size="sm" styles={NO_TRUNCATE}>
          {t('triage.caution', { count: caution })}
        </Badge>
      )}
    </Group>
  );
}

/** The programs the patient is enrolled in. */
export function ProgramsCell({ triage }: { triage: Triage }) {
  if (triage.programs.length === 0) { return <Text size="sm">—</Text>; }
  return (
    <Group gap={4}>
      {triage.programs.map((p) => (
        <Badge key={p} variant="outline" color="blue.9" radius="sm" size="sm" styles={NO_TRUNCATE}>
          {p}
        </Badge>
      ))}
    </Group>
  );
}
