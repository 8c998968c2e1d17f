import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { billing, EndpointResponse } from '@vigil/contract';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { CodeBadges } from './CodeBadges';
import { FlagList } from './FlagBadges';
import { AT_RISK_COLOR, formatMoney } from './format';

type ReadinessPage = EndpointResponse<typeof billing.getBillingReadiness>;
type ReadinessRow = ReadinessPage['items'][number];

/** Device days needed for 99454 / 98976-98978 (reference section 1.2). */
const FULL_DAYS = 16;

/**
 * Live billing readiness of the current period (docs/billing-engine.md "Readiness"), at-risk
 * patients first: reading days so far and left, whether 16 days can still be reached, minutes per
 * program against 10, 20, 40 and 60, the interactive contact, today's codes and their estimated
 * amount, and what to act on.
 */
export function ReadinessTable({
  data,
  state,
  onChange,
  loading,
  error,
  onRetry,
}: {
  data: ReadinessPage | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const columns: Column<ReadinessRow>[] = [
    {
      header: t('columns.patient'),
      render: (r) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/patientdetails/${r.patientId}`} size="sm" fw={600}>
            {`${r.lastName}, ${r.firstName}`}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.deviceProgram === r.billingType ? r.billingType : `${r.billingType} · ${r.deviceProgram}`}
          </Text>
        </Stack>
      ),
    },
    {
      header: t('readiness.deviceDays'),
      render: (r) =>
        r.period === null ? (
          <Text size="sm" c="dimmed">
            {t('readiness.noPeriod')}
          </Text>
        ) : (
          <Stack gap={4} miw={170}>
            <Text size="sm">{t('readiness.daysSoFar', { count: r.readingDays, left: r.daysLeft })}</Text>
            <Progress
              value={Math.min(100, (r.readingDays / FULL_DAYS) * 100)}
              color={r.readingDays >= FULL_DAYS ? 'teal.9' : r.canReach16 ? 'blue.9' : 'red.9'}
              aria-label={t('readiness.daysProgress', { count: r.readingDays })}
            />
            <Text size="xs" fw={600} c={r.readingDays >= FULL_DAYS ? 'teal.9' : r.canReach16 ? undefined : 'red.9'}>
              {r.readingDays >= FULL_DAYS
                ? t('readiness.reached16')
                : r.canReach16
                  ? t('readiness.canReach16', { count: r.daysNeededFor16 })
                  : t('readiness.cannotReach16')}
            </Text>
          </Stack>
        ),
    },
    {
      header: t('readiness.minutes'),
      render: (r) =>
        r.programs.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={4} miw={230}>
            {r.programs.map((p) => (
              <Group key={p.program} gap={4} wrap="nowrap">
                <Text size="sm" w={90} style={{ whiteSpace: 'nowrap' }}>{`${p.program} ${p.time}`}</Text>
                {p.marks.map((m) => (
                  <Badge
                    key={m.minutes}
                    size="sm"
                    miw={30}
                    px={6}
                    style={{ flexShrink: 0, overflow: 'visible' }}
                    variant={m.reached ? 'filled' : 'outline'}
                    color={m.reached ? 'teal.9' : 'dark'}
                    tt="none"
                    title={m.reached ? t('readiness.markReached', { count: m.minutes }) : t('readiness.markNotReached', { count: m.minutes })}
                  >
                    {m.minutes}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        ),
    },
    {
      header: t('columns.interactive'),
      render: (r) =>
        r.programs.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          <Stack gap={4}>
            {r.programs.map((p) => (
              <Text key={p.program} size="sm" fw={p.interactive ? 400 : 600} c={p.interactive ? undefined : AT_RISK_COLOR}>
                {`${p.program}: ${p.interactive ? t('yes') : t('no')}`}
              </Text>
            ))}
          </Stack>
        ),
    },
    { header: t('readiness.codesToday'), render: (r) => <CodeBadges codes={r.codes} /> },
    { header: t('readiness.estimated'), render: (r) => <Text size="sm" fw={600}>{formatMoney(r.estimatedAmountCents, lang)}</Text> },
    {
      header: t('readiness.act'),
      render: (r) =>
        r.flags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('flags.ok')}
          </Text>
        ) : (
          <FlagList flags={r.flags} />
        ),
    },
  ];
  return (
    <ServerTable
      caption={t('readiness.caption')}
      columns={columns}
      rows={data?.items}
      total={data?.total}
      state={state}
      onChange={onChange}
      rowKey={(r) => r.patientId}
      loading={loading}
      error={error}
      onRetry={onRetry}
      rowProps={(r) => ({ 'data-testid': `readiness-row-${r.patientId}` })}
      emptyText={t('readiness.empty')}
    />
  );
}
