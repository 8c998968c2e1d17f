import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { billing, EndpointResponse } from '@vigil/contract';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { CodeBadges } from './CodeBadges';
import { FlagBadges } from './FlagBadges';
import { formatMoney, programColor } from './format';

type SummaryPage = EndpointResponse<typeof billing.getBillingSummaryForAllPatientsForMonthV3>;
export type SummaryRow = SummaryPage['items'][number];

/** The month's billing summary, one row per patient and office; a row opens the details with evidence. */
export function SummaryTable({
  data,
  state,
  onChange,
  loading,
  error,
  onRetry,
  onOpen,
  showOffice,
}: {
  data: SummaryPage | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (row: SummaryRow) => void;
  showOffice: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const columns: Column<SummaryRow>[] = [
    {
      header: t('columns.patient'),
      sortKey: 'name',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>{`${r.lastName}, ${r.firstName}`}</Text>
          {showOffice && (
            <Text size="xs" c="dimmed">
              {r.hospitalName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.program'),
      render: (r) => (
        <Badge color={programColor[r.billingType] ?? 'dark'} tt="none">
          {r.billingType}
        </Badge>
      ),
    },
    {
      header: t('columns.readingDays'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.readingDays}</Text>
          {r.inProgressPeriod && (
            <Text size="xs" c="dimmed" data-testid="in-progress-period">
              {r.inProgressPeriod.text}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.time'),
      render: (r) =>
        r.time.length === 0 ? (
          <Text size="sm">{r.totalTime}</Text>
        ) : (
          <Stack gap={0}>
            {r.time.map((p) => (
              <Text size="sm" key={p.program} style={{ whiteSpace: 'nowrap' }}>
                {`${p.program} ${p.time}`}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      header: t('columns.codes'),
      sortKey: 'codes',
      render: (r) => (
        <Stack gap={2}>
          <CodeBadges codes={r.codes} />
          {r.suppressedCount > 0 && (
            <Text size="xs" c="dimmed">
              {t('columns.notBilled', { count: r.suppressedCount })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.amount'),
      sortKey: 'amount',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {formatMoney(r.amountCents, lang)}
          </Text>
          {r.codesWithoutAmount > 0 && r.amountCents !== null && (
            <Text size="xs" c="dimmed">
              {t('summary.excludesMissing', { count: r.codesWithoutAmount })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: t('columns.status'),
      render: (r) => (
        <Group gap={4}>
          <Badge variant="outline" color={r.generated ? 'teal.9' : 'dark'} tt="none">
            {r.generated ? t('status.generated') : t('status.preview')}
          </Badge>
          {r.flags.length > 0 && <FlagBadges flags={r.flags} />}
        </Group>
      ),
    },
  ];
  return (
    <ServerTable
      caption={t('summary.caption')}
      columns={columns}
      rows={data?.items}
      total={data?.total}
      state={state}
      onChange={onChange}
      rowKey={(r) => `${r.patientId}-${r.hospitalId}`}
      loading={loading}
      error={error}
      onRetry={onRetry}
      onRowClick={onOpen}
      rowProps={(r) => ({ 'data-testid': `billing-row-${r.patientId}` })}
      emptyText={t('summary.empty')}
    />
  );
}
