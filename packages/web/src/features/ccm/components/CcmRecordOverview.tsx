import { Anchor, Badge, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CCM_MINUTE_MARKS, ccmGroups, type CcmGroupSlug } from '@vigil/contract';
import { useTranslation } from 'react-i18next';
import { useCalendar } from '../../../lib/calendar';
import { useDiagnosisList } from '../../diagnoses/index';
import { useCcmRecord } from '../api/get-ccm-record';

/** The 18 subsections of a CCM record (spec section 2), in the spec's order: the 14 groups, billing and the three record fields. */
const SUBSECTIONS = [...(Object.keys(ccmGroups) as CcmGroupSlug[]), 'ccmbilling', 'socialDeterminants', 'complexDecisionMaking', 'functionalStatus'] as const;

/**
 * The patient's chronic conditions as the diagnoses feature counts them: one rule for the problem
 * list, this header, the CCM worklist and report, and billing (the active coded problem list and
 * the billing profile's diagnoses, docs/chronic-conditions.md).
 */
function ChronicConditions({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation('ccm');
  const chronic = useDiagnosisList(patientId).data?.chronic.conditions ?? [];
  return (
    <>
      <Text fw={600} data-testid="ccm-chronic-count">
        {t('overview.conditions', { count: chronic.length })}
      </Text>
      <Text size="sm">{chronic.map((c) => `${i18n.language.startsWith('en') ? c.en : c.es} (${c.codes.join(', ')})`).join('; ') || t('overview.none')}</Text>
    </>
  );
}

/**
 * The CCM record's header and section index (spec section 2; docs/ccm.md): consent on file,
 * chronic conditions, this month's CCM minutes from the record's time log against the 20 / 40 /
 * 60 minute marks, the decision making level, and the 18 subsections with their counts as links
 * to their sections.
 */
export function CcmRecordOverview({ ccmRecordId }: { ccmRecordId: number }) {
  const { t } = useTranslation('ccm');
  const { date } = useCalendar();
  const record = useCcmRecord(ccmRecordId);
  const r = record.data;
  if (!r) { return null; }
  const s = r.sections;
  const consent = s.ccmconsentform.find((c) => c.program === 'CCM' && c.status === 'ACTIVE');
  const month = new Date().toISOString().slice(0, 7);
  const minutes = s.ccmtimelogentry.filter((e) => e.startedAt.slice(0, 7) === month).reduce((sum, e) => sum + e.minutes, 0);
  const top = CCM_MINUTE_MARKS[2];
  const reached = [...CCM_MINUTE_MARKS].reverse().find((m) => minutes >= m) ?? 0;
  const count = (key: (typeof SUBSECTIONS)[number]): number | null => {
    if (key === 'socialDeterminants') { return r.socialDeterminants.length; }
    if (key === 'complexDecisionMaking' || key === 'functionalStatus' || key === 'ccmbilling') { return null; }
    return s[key].length;
  };

  return (
    <Stack gap="sm" data-testid="ccm-record-overview">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stack gap={4}>
          <Text fw={600}>{t('overview.consent')}</Text>
          {consent ? (
            <Badge color="teal" variant="light" data-testid="ccm-consent-badge">
              {t('overview.consentOnFile', { type: t(`overview.consentTypes.${consent.consentType}`), date: date(consent.consentDate) })}
            </Badge>
          ) : (
            <Badge color="red" variant="light" data-testid="ccm-consent-badge">
              {t('overview.consentMissing')}
            </Badge>
          )}
        </Stack>
        <Stack gap={4}>
          <ChronicConditions patientId={r.patientId} />
        </Stack>
        <Stack gap={4}>
          <Text fw={600}>{t('overview.minutes', { minutes })}</Text>
          <Progress value={Math.min(100, (minutes / top) * 100)} aria-label={t('overview.minutesLabel', { minutes, marks: CCM_MINUTE_MARKS.join(' / ') })} />
          <Text size="sm" c="dimmed">
            {reached > 0 ? t('overview.markReached', { mark: reached }) : t('overview.belowFirstMark', { left: CCM_MINUTE_MARKS[0] - minutes })}
          </Text>
        </Stack>
      </SimpleGrid>
      <Title order={3} fz="h5">
        {t('overview.sections')}
      </Title>
      {/* The list's items sit in a row that wraps: the flex layout is the list's own (a <ul> holds only <li>). */}
      <List listStyleType="none" data-testid="ccm-sections-index" style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-xs)' }}>
        {SUBSECTIONS.map((key) => {
          const n = count(key);
          return (
            <List.Item key={key}>
              <Anchor href={`#ccm-section-${key}`} size="sm">
                {t(`overview.sectionNames.${key}`)}
                {n !== null ? ` (${n})` : ''}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
