import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessReport, ReportSection } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useBusinessReport, useExportReportCsv, useExportReportPdf, type ReportFilters } from '../api/reports';
import { BandChart } from '../components/BandChart';
import { formatMoney } from '../../../lib/money';

/** 'YYYY-MM' of the UTC month `back` months before this one (reports use UTC months: docs/dashboards.md "Reports"). */
function monthBack(back: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** One section of the report: heading, CSV button, chart and table (or the empty state). */
function Section(props: { section: ReportSection; title: string; empty: boolean; chart: ReactNode; onCsv: () => void; csvPending: boolean; children: ReactNode }) {
  const { t } = useTranslation('dashboards');
  return (
    <Paper withBorder radius="md" p="md" data-testid={`report-${props.section}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {props.title}
        </Title>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={props.onCsv} loading={props.csvPending} disabled={props.empty} data-testid={`report-${props.section}-csv`} aria-label={t('reports.csvOf', { section: props.title })}>
          {t('reports.csv')}
        </Button>
      </Group>
      {props.empty ? (
        <EmptyState text={t('reports.empty')} />
      ) : (
        <>
          {props.chart}
          <div style={{ overflowX: 'auto' }}>{props.children}</div>
        </>
      )}
    </Paper>
  );
}

/** A plain table: header cells, then rows; the first column left-aligned. */
function ReportTable({ caption, header, rows }: { caption: string; header: string[]; rows: ReactNode[][] }) {
  return (
    <Table striped verticalSpacing={4} fz="sm" mt="sm">
      <caption className="vigil-visually-hidden">{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {header.map((h, n) => (
            <Table.Th key={h} ta={n === 0 ? 'left' : 'right'}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((c, n) => (
              <Table.Td key={n} ta={n === 0 ? 'left' : 'right'}>
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /SaReports (`system`: a system admin, every organization or one) and /OaReports (an
 * organization admin's own organization; a system admin picks one): patients by program and
 * status, billing by month and code, staff time by program, alert response times (median, 90th
 * percentile) and audit summaries for a period of months, each with a chart, a table and its CSV;
 * the whole report as a PDF (docs/dashboards.md "Reports").
 */
export default function ReportsPage({ system = false }: { system?: boolean }) {
  const { t, i18n } = useTranslation('dashboards');
  const { dateTime } = useCalendar();
  const { user } = useAuth();
  const [picked, setPicked] = useState<number | null>(null);
  const [from, setFrom] = useState(monthBack(2));
  const [to, setTo] = useState(monthBack(0));
  const ownOrganization = user?.organizationId ?? null;
  const organizationId = system ? picked : (ownOrganization ?? picked);
  const needsPick = !system && organizationId === null;
  const badMonth = !MONTH.test(from) || !MONTH.test(to);
  const backwards = !badMonth && from > to;
  const filters: ReportFilters = { from, to, ...(organizationId !== null ? { organizationid: organizationId } : {}) };
  const query = useBusinessReport(filters, !needsPick && !badMonth && !backwards);
  const csv = useExportReportCsv();
  const pdf = useExportReportPdf();
  const d: BusinessReport | undefined = query.data;
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  // docs/billing-engine.md "Amounts": a missing amount reads "no amount loaded", never $0.00.
  const money = (cents: number | null) => formatMoney(cents, lang);
  const number = (n: number | null, digits = 1) => (n === null ? '—' : new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: digits }).format(n));
  const failed = (e: unknown) => notify({ color: 'red', message: e instanceof Error ? e.message : t('reports.exportFailed') });
  const exportCsv = (section: ReportSection) => csv.mutate({ ...filters, section }, { onError: failed });
  const summary = (rows: { name: string; value: number }[]) => rows.map((r) => `${r.name}: ${r.value}`).join('; ');

  const byProgram = new Map<string, number>();
  for (const p of d?.patients ?? []) { byProgram.set(p.program, (byProgram.get(p.program) ?? 0) + p.patients); }
  const programs = [...byProgram.entries()].map(([name, value]) => ({ name, value }));
  const byMonth = new Map<string, number>();
  // A code without a loaded amount adds nothing to the month's bar (its row says so).
  for (const b of d?.billing ?? []) { if (b.amountCents !== null) { byMonth.set(b.month, (byMonth.get(b.month) ?? 0) + b.amountCents); } }
  const billingMonths = [...byMonth.entries()].map(([name, cents]) => ({ name, value: cents / 100 }));
  const hours = (d?.staffTime ?? []).map((s) => ({ name: s.program, value: Math.round(s.seconds / 360) / 10 }));
  const medians = (d?.responseTimes ?? []).map((r) => ({ name: r.month, value: r.medianMinutes ?? 0 }));
  const actions = (d?.audit ?? []).map((a) => ({ name: t(`reports.actions.${a.action}`), value: a.events }));

  return (
    <>
      <PageHeader
        title={t(system ? 'reports.saTitle' : 'reports.oaTitle')}
        description={d ? t('reports.description', { name: d.organizationName ?? t('reports.allOrganizations'), from: d.from, to: d.to, time: dateTime(d.generatedAt) }) : t('reports.descriptionNone')}
        actions={
          <Button leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => pdf.mutate(filters, { onError: failed })} loading={pdf.isPending} disabled={!d} data-testid="report-pdf">
            {t('reports.pdf')}
          </Button>
        }
      />
      <Group mb="md" align="flex-end">
        {(system || ownOrganization === null) && (
          <OrganizationPicker
            label={t('org.organization')}
            placeholder={system ? t('reports.allOrganizations') : undefined}
            clearable={system}
            value={picked === null ? null : String(picked)}
            onChange={(v) => setPicked(v ? Number(v) : null)}
            w={280}
            data-testid="report-organization"
          />
        )}
        <TextInput type="month" label={t('reports.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={180} data-testid="report-from" error={badMonth && !MONTH.test(from) ? t('reports.badMonth') : undefined} />
        <TextInput
          type="month"
          label={t('reports.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={180}
          data-testid="report-to"
          error={backwards ? t('reports.backwards') : badMonth && !MONTH.test(to) ? t('reports.badMonth') : undefined}
        />
      </Group>
      {query.error && (
        <Alert color="red" role="alert" title={t('reports.error')} mb="md">
          {query.error.message}
        </Alert>
      )}
      {needsPick ? (
        <EmptyState text={t('org.pick')} />
      ) : query.isLoading ? (
        <Skeleton h={300} />
      ) : !d ? null : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Section section="patients" title={t('reports.sections.patients')} empty={d.patients.length === 0} onCsv={() => exportCsv('patients')} csvPending={csv.isPending}
            chart={<BandChart data={programs} summary={t('reports.charts.patients', { summary: summary(programs) })} testId="chart-report-patients" />}>
            <ReportTable caption={t('reports.sections.patients')} header={[t('reports.cols.program'), t('reports.cols.status'), t('reports.cols.patients')]} rows={d.patients.map((p) => [p.program, t(`reports.statuses.${p.status}`), p.patients])} />
          </Section>
          <Section section="billing" title={t('reports.sections.billing')} empty={d.billing.length === 0} onCsv={() => exportCsv('billing')} csvPending={csv.isPending}
            chart={<BandChart data={billingMonths} summary={t('reports.charts.billing', { summary: summary(billingMonths) })} testId="chart-report-billing" />}>
            <ReportTable caption={t('reports.sections.billing')} header={[t('reports.cols.month'), t('reports.cols.code'), t('reports.cols.claims'), t('reports.cols.units'), t('reports.cols.amount')]} rows={d.billing.map((b) => [b.month, b.code, b.claims, b.units, money(b.amountCents)])} />
          </Section>
          <Section section="staffTime" title={t('reports.sections.staffTime')} empty={d.staffTime.length === 0} onCsv={() => exportCsv('staffTime')} csvPending={csv.isPending}
            chart={<BandChart data={hours} summary={t('reports.charts.staffTime', { summary: summary(hours) })} testId="chart-report-staff-time" />}>
            <ReportTable caption={t('reports.sections.staffTime')} header={[t('reports.cols.program'), t('reports.cols.hours'), t('reports.cols.entries'), t('reports.cols.staff')]} rows={d.staffTime.map((s) => [s.program, number(s.seconds / 3600), s.entries, s.staff])} />
          </Section>
          <Section section="responseTimes" title={t('reports.sections.responseTimes')} empty={d.responseTimes.length === 0} onCsv={() => exportCsv('responseTimes')} csvPending={csv.isPending}
            chart={<BandChart data={medians} summary={t('reports.charts.responseTimes', { summary: summary(medians) })} testId="chart-report-response" color="#c92a2a" />}>
            <ReportTable caption={t('reports.sections.responseTimes')} header={[t('reports.cols.month'), t('reports.cols.processed'), t('reports.cols.median'), t('reports.cols.p90')]} rows={d.responseTimes.map((r) => [r.month, r.processed, number(r.medianMinutes), number(r.p90Minutes)])} />
          </Section>
          <Section section="audit" title={t('reports.sections.audit')} empty={d.audit.length === 0} onCsv={() => exportCsv('audit')} csvPending={csv.isPending}
            chart={<BandChart data={actions} summary={t('reports.charts.audit', { summary: summary(actions) })} testId="chart-report-audit" />}>
            <ReportTable caption={t('reports.sections.audit')} header={[t('reports.cols.action'), t('reports.cols.events'), t('reports.cols.refused'), t('reports.cols.users'), t('reports.cols.patients')]} rows={d.audit.map((a) => [t(`reports.actions.${a.action}`), a.events, a.refused, a.users, a.patients])} />
          </Section>
        </SimpleGrid>
      )}
      {!needsPick && d && <Text size="xs" c="dimmed" mt="md">{t('reports.note')}</Text>}
    </>
  );
}
