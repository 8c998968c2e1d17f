import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Progress, Select, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monthText, monthValue, parseMonth, shiftMonth, useCalendar, type YearMonth } from '../../../lib/calendar';
import { Link } from 'react-router';
import { CCM_MINUTE_MARKS, ccmWorklistFilters, type CcmReport } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ListOfficePicker, useListOffice } from '../../../components/ListOfficePicker';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDownloadCcmReportPdf } from '../api/documents';
import { useCcmMonthReport, useCcmWorklist } from '../api/worklist';

type Row = CcmReport['rows'][number];

/** The current month and the eleven before it, as 'YYYY-MM', newest first. */
function recentMonths(now: YearMonth): string[] {
  return Array.from({ length: 12 }, (_, i) => monthValue(shiftMonth(now, -i)));
}

/** The month's minutes against the 20 / 40 / 60 marks, as a bar with its text. */
function MinutesCell({ row }: { row: Row }) {
  const { t } = useTranslation('ccm');
  return (
    <Stack gap={2} miw={140}>
      <Text size="sm" fw={600}>
        {t('worklist.minutesValue', { minutes: row.minutes })}
      </Text>
      <Progress
        size="sm"
        value={Math.min(100, (row.minutes / CCM_MINUTE_MARKS[2]) * 100)}
        color={row.markReached > 0 ? 'teal' : 'orange'}
        aria-label={t('overview.minutesLabel', { minutes: row.minutes, marks: CCM_MINUTE_MARKS.join(' / ') })}
      />
      <Text size="xs" c="dimmed">
        {row.markReached > 0 ? t('overview.markReached', { mark: row.markReached }) : t('overview.belowFirstMark', { left: CCM_MINUTE_MARKS[0] - row.minutes })}
      </Text>
    </Stack>
  );
}

/**
 * /ccmWorklist (docs/ccm.md "Worklist" and "Monthly report"): an office's CCM patients for a
 * month. The worklist tab pages, sorts and filters on the server (consent missing, care plan
 * review due, under the 20-minute mark, a name); the report tab shows the whole monthly report
 * (`getreportdataformonth`) with its totals and downloads it as a PDF.
 */
export default function CcmWorklistPage() {
  const { t, i18n } = useTranslation('ccm');
  const office = useListOffice();
  const months = recentMonths(useCalendar().currentMonth);
  const [ym, setYm] = useState(months[0]!);
  const [year, month] = ym.split('-').map(Number) as [number, number];
  const monthLabel = (v: string) => monthText(parseMonth(v)!, i18n.language);

  return (
    <>
      <PageHeader title={t('worklist.title')} description={t('worklist.description')} />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListOfficePicker label={t('worklist.office')} office={office} />
          <Select w={220} label={t('worklist.month')} allowDeselect={false} data={months.map((v) => ({ value: v, label: monthLabel(v) }))} value={ym} onChange={(v) => v && setYm(v)} data-testid="ccm-worklist-month" />
        </Group>
        {office.officeId === null ? (
          <EmptyState text={t('worklist.noOffice')} />
        ) : (
          <Tabs defaultValue="worklist" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="worklist">{t('worklist.tab')}</Tabs.Tab>
              <Tabs.Tab value="report">{t('report.tab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="worklist" pt="md">
              <Worklist key={`${office.officeId}-${ym}`} hospitalId={office.officeId} year={year} month={month} />
            </Tabs.Panel>
            <Tabs.Panel value="report" pt="md">
              <MonthReport hospitalId={office.officeId} year={year} month={month} monthName={monthLabel(ym)} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </>
  );
}

function Worklist({ hospitalId, year, month }: { hospitalId: number; year: number; month: number }) {
  const { t } = useTranslation('ccm');
  const { date } = useCalendar();
  const [filter, setFilter] = useState<(typeof ccmWorklistFilters)[number]>('all');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'minutes' });
  const page = useCcmWorklist(hospitalId, { year, month, filter, page: state.page, pageSize: state.pageSize, sort: state.sort, search: state.search || undefined });
  const columns: Column<Row>[] = [
    {
      header: t('worklist.patient'),
      sortKey: 'lastName',
      render: (r) => (
        <Anchor component={Link} to={`/patientdetails/${r.patientId}`} size="sm" fw={500}>
          {`${r.lastName}, ${r.firstName}`}
        </Anchor>
      ),
    },
    { header: t('worklist.minutes'), sortKey: 'minutes', render: (r) => <MinutesCell row={r} /> },
    {
      header: t('worklist.consent'),
      render: (r) => (
        <Badge color={r.consentOnFile ? 'teal' : 'red'} variant="light">
          {r.consentOnFile ? t('worklist.consentOnFile') : t('overview.consentMissing')}
        </Badge>
      ),
    },
    { header: t('worklist.conditions'), render: (r) => r.chronicConditions },
    {
      header: t('worklist.review'),
      sortKey: 'carePlanReviewDate',
      render: (r) =>
        r.carePlanReviewDate === null ? (
          <Badge color="orange" variant="light">
            {t('worklist.noCarePlan')}
          </Badge>
        ) : (
          <Group gap={6}>
            <Text size="sm">{date(r.carePlanReviewDate)}</Text>
            {r.carePlanReviewDue && (
              <Badge color="orange" variant="light">
                {t('worklist.reviewDue')}
              </Badge>
            )}
          </Group>
        ),
    },
    { header: t('worklist.record'), sortKey: 'recordDate', render: (r) => date(r.recordDate) },
  ];
  return (
    <Stack gap="sm" data-testid="ccm-worklist">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          w={260}
          label={t('worklist.filter')}
          allowDeselect={false}
          data={ccmWorklistFilters.map((f) => ({ value: f, label: t(`worklist.filters.${f}`) }))}
          value={filter}
          onChange={(v) => {
            setFilter((v ?? 'all') as typeof filter);
            setState((s) => ({ ...s, page: 1 }));
          }}
          data-testid="ccm-worklist-filter"
        />
        <SearchInput label={t('worklist.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
      </Group>
      <ServerTable
        caption={t('worklist.caption')}
        columns={columns}
        rows={page.data?.items}
        total={page.data?.total}
        state={state}
        onChange={setState}
        rowKey={(r) => r.ccmRecordId}
        rowProps={(r) => ({ 'data-testid': `ccm-worklist-row-${r.patientId}` })}
        loading={page.isFetching}
        error={page.error}
        onRetry={() => void page.refetch()}
        emptyText={t('worklist.empty')}
      />
    </Stack>
  );
}

function MonthReport({ hospitalId, year, month, monthName }: { hospitalId: number; year: number; month: number; monthName: string }) {
  const { t } = useTranslation('ccm');
  const { date } = useCalendar();
  const report = useCcmMonthReport(hospitalId, year, month);
  const pdf = useDownloadCcmReportPdf();
  const rows = report.data?.rows ?? [];
  const count = (mark: number) => rows.filter((r) => r.markReached >= mark).length;
  if (report.error) {
    return (
      <Alert color="red" role="alert">
        {report.error instanceof Error ? report.error.message : t('common:list.error')}
      </Alert>
    );
  }
  if (!report.data) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="md" data-testid="ccm-month-report">
      <Group justify="space-between" align="center">
        <Text fw={600} component="h2" fz="h4" m={0}>
          {t('report.title', { month: monthName })}
        </Text>
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={pdf.isPending}
          onClick={() => pdf.mutate({ hospitalId, year, month }, { onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('report.pdfFailed') }) })}
          data-testid="ccm-report-pdf"
        >
          {t('report.pdf')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {[
          [t('report.patients'), rows.length],
          [t('report.reached', { mark: 20 }), count(20)],
          [t('report.reached', { mark: 40 }), count(40)],
          [t('report.reached', { mark: 60 }), count(60)],
          [t('report.consentMissing'), rows.filter((r) => !r.consentOnFile).length],
        ].map(([label, value]) => (
          <Stack key={String(label)} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {rows.length === 0 ? (
        <EmptyState text={t('report.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <caption className="vigil-visually-hidden">{t('report.title', { month: monthName })}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('worklist.patient')}</Table.Th>
                <Table.Th>{t('worklist.minutes')}</Table.Th>
                <Table.Th>{t('report.interactive')}</Table.Th>
                <Table.Th>{t('report.mark')}</Table.Th>
                <Table.Th>{t('worklist.consent')}</Table.Th>
                <Table.Th>{t('worklist.conditions')}</Table.Th>
                <Table.Th>{t('worklist.review')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.ccmRecordId}>
                  <Table.Td>{`${r.lastName}, ${r.firstName}`}</Table.Td>
                  <Table.Td>{r.minutes}</Table.Td>
                  <Table.Td>{r.interactiveMinutes}</Table.Td>
                  <Table.Td>{r.markReached > 0 ? r.markReached : '—'}</Table.Td>
                  <Table.Td>{r.consentOnFile ? t('worklist.consentOnFile') : t('overview.consentMissing')}</Table.Td>
                  <Table.Td>{r.chronicConditions}</Table.Td>
                  <Table.Td>{r.carePlanReviewDate ? `${date(r.carePlanReviewDate)}${r.carePlanReviewDue ? ` (${t('worklist.reviewDue')})` : ''}` : t('worklist.noCarePlan')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
