import { useMemo, useState } from 'react';
import { Alert, Group, Pagination, Paper, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportRecordStatus, ImportReport } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { formatDuration } from '../format';
import { useCalendar } from '../../../lib/calendar';
import { recordStatuses, RecordStatusBadge, RunStatusBadge } from './ImportStatusBadge';

const PAGE_SIZE = 25;

function Stat({ label, value, status }: { label: string; value: number; status?: ImportRecordStatus }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={4}>
        {status ? <RecordStatusBadge status={status} /> : <Text size="xs" c="dimmed">{label}</Text>}
        <Text fw={700} fz="xl">
          {value.toLocaleString()}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The per-record report of one import run: summary, counts by status and by resource type, and the
 * records (filter by status and type, search), each with its status badge and reason.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation('import');
  const { dateTime } = useCalendar();
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState<'all' | ImportRecordStatus>(report.counts.error > 0 ? 'error' : 'all');
  const [type, setType] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const types = useMemo(() => Object.keys(report.byType).sort(), [report.byType]);
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return report.records.filter(
      (r) =>
        (status === 'all' || r.status === status) &&
        (!type || r.resourceType === type) &&
        (!needle || `${r.id} ${r.file} ${r.reason ?? ''}`.toLowerCase().includes(needle)),
    );
  }, [report.records, status, type, search]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const shown = filtered.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const total = report.records.length;

  return (
    <Stack gap="lg">
      <Alert
        color={report.status === 'done' ? 'teal' : 'red'}
        icon={report.status === 'done' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        title={report.status === 'done' ? t('report.doneTitle') : t('report.failedTitle')}
      >
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('report.source')}: <code>{report.source}</code>
          </Text>
          <Text size="sm">
            {t('report.summary', {
              files: report.files,
              bundles: report.bundles,
              rolledBack: report.bundlesRolledBack,
              duration: formatDuration(report.durationMs, i18n.language),
            })}
          </Text>
          <Text size="sm">
            {t('report.when', { started: (dateTime(report.startedAt) || '—') })} · <RunStatusBadge status={report.status} />
          </Text>
        </Stack>
      </Alert>

      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('report.byStatus')}
        </Title>
        <SimpleGrid type="container" cols={{ base: 2, '420px': 3, '760px': 6 }} spacing="sm">
          <Stat label={t('report.records')} value={total} />
          {recordStatuses.map((s) => (
            <Stat key={s} label={t(`status.${s}`)} value={report.counts[s]} status={s} />
          ))}
        </SimpleGrid>
      </Stack>

      {types.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h5">
            {t('report.byType')}
          </Title>
          <ScrollArea>
            <Table striped withTableBorder verticalSpacing={6} fz="sm">
              <caption className="vigil-visually-hidden">{t('report.byType')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.resourceType')}</Table.Th>
                  {recordStatuses.map((s) => (
                    <Table.Th key={s} ta="right">
                      {t(`status.${s}`)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{t('report.merged')}</Table.Th>
                  <Table.Th ta="right">{t('report.unmapped')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((name) => {
                  const c = report.byType[name]!;
                  return (
                    <Table.Tr key={name}>
                      <Table.Td fw={500}>{name}</Table.Td>
                      {recordStatuses.map((s) => (
                        <Table.Td key={s} ta="right">
                          {c[s]}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{c.merged}</Table.Td>
                      <Table.Td ta="right">{c.unmapped}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Text size="xs" c="dimmed">
            {t('report.mergedHelp')}
          </Text>
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('report.recordsTitle')}
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            size="xs"
            aria-label={t('report.filterStatus')}
            value={status}
            onChange={(v) => {
              setStatus(v as typeof status);
              setPage(1);
            }}
            data={[
              { value: 'all', label: `${t('report.all')} (${total})` },
              ...recordStatuses.map((s) => ({ value: s, label: `${t(`status.${s}`)} (${report.counts[s]})` })),
            ]}
          />
          <Select
            size="xs"
            w={180}
            aria-label={t('report.filterType')}
            placeholder={t('report.allTypes')}
            data={types}
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
            clearable
          />
          <TextInput
            size="xs"
            w={220}
            aria-label={t('report.search')}
            placeholder={t('report.search')}
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {shown.length === 0 ? (
          <EmptyState text={total === 0 ? t('report.noRecords') : t('report.noMatch')} />
        ) : (
          <ScrollArea>
            <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="import-records">
              <caption className="vigil-visually-hidden">{t('report.recordsTitle')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.status')}</Table.Th>
                  <Table.Th>{t('report.resourceType')}</Table.Th>
                  <Table.Th>{t('report.id')}</Table.Th>
                  <Table.Th>{t('report.file')}</Table.Th>
                  <Table.Th>{t('report.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r, i) => (
                  <Table.Tr key={`${r.file}|${r.resourceType}|${r.id}|${i}`}>
                    <Table.Td>
                      <RecordStatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>{r.resourceType || '—'}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.id || '—'}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.file}</Table.Td>
                    <Table.Td>{r.reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {pages > 1 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('report.showing', { count: filtered.length })}
            </Text>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': tc(`list.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': tc('list.page', { page: p, pages }) })}
            />
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
