import { useState } from 'react';
import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientWithMentalHealth } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCalendar } from '../../../lib/calendar';
import { useMentalHealthPage } from '../api/surveys';
import { bandLabel, instrumentLabel, nameIn, severityColor } from '../format';

/**
 * The mental-health list (GET user/getrelatedpatientswithmentalhealth): the office's patients ranked
 * by their latest risk (the highest severity of their latest instruments, then a PHQ-9 item 9 flag,
 * then the most recent), with each latest result and the surveys still open; searched, filtered by
 * a minimum risk and sorted on the server.
 */
export function MentalHealthTab({ officeId }: { officeId: number }) {
  const { t, i18n } = useTranslation('surveys');
  const { date } = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-risk' });
  const [minRisk, setMinRisk] = useState<string | null>(null);
  const page = useMentalHealthPage(officeId, { page: state.page, pageSize: state.pageSize, sort: state.sort, search: state.search || undefined, minrisk: minRisk ?? undefined });
  const lang = i18n.language;

  const columns: Column<PatientWithMentalHealth>[] = [
    {
      header: t('mental.patient'),
      sortKey: 'lastName',
      render: (p) => (
        <Anchor component={Link} to={`/patientdetails/${p.id}`} fw={600} size="sm">
          {p.lastName}, {p.firstName}
        </Anchor>
      ),
    },
    {
      header: t('mental.risk'),
      sortKey: 'risk',
      render: (p) => (
        <Stack gap={4} align="flex-start">
          <Badge variant={p.latestRisk !== null && p.latestRisk >= 3 ? 'filled' : 'outline'} color={severityColor(p.latestRisk)} tt="none">
            {p.latestRisk === null ? t('mental.noResults') : t(`severity.${p.latestRisk}`)}
          </Badge>
          {p.hasSafetyFlag && (
            <Badge color="red.9" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              {t('flags.item9')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      header: t('mental.latest'),
      render: (p) =>
        p.mentalHealthAssessments.length === 0 ? (
          '—'
        ) : (
          <Stack gap={2}>
            {p.mentalHealthAssessments.map((a) => (
              <Text key={a.surveyId} size="sm">
                <Text span fw={600} inherit>
                  {a.instrumentCode ? instrumentLabel(a.instrumentCode) : nameIn(a, lang)}
                </Text>{' '}
                {a.total}
                {a.band ? ` · ${bandLabel(a.band, lang)}` : ''}
              </Text>
            ))}
          </Stack>
        ),
    },
    { header: t('mental.lastAssessed'), sortKey: 'lastAssessedAt', render: (p) => (p.lastAssessedAt ? date(p.lastAssessedAt) : '—') },
    { header: t('mental.open'), render: (p) => p.openSurveys },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('mental.search')} />
        <Select
          label={t('mental.minRisk')}
          placeholder={t('mental.anyRisk')}
          clearable
          w={220}
          data={[1, 2, 3, 4].map((s) => ({ value: String(s), label: t('mental.atLeast', { level: t(`severity.${s}`) }) }))}
          value={minRisk}
          onChange={(v) => {
            setMinRisk(v);
            setState({ ...state, page: 1 });
          }}
        />
      </Group>
      <ServerTable
        caption={t('mental.caption')}
        columns={columns}
        rows={page.data?.items}
        total={page.data?.total}
        state={state}
        onChange={setState}
        rowKey={(p) => p.id}
        loading={page.isFetching}
        error={page.error}
        onRetry={() => void page.refetch()}
        rowProps={() => ({ 'data-testid': 'mental-row' })}
        emptyText={t('mental.empty')}
      />
    </Stack>
  );
}
