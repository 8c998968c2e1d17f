import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, Select, Tabs, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileCode, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roleNames, type AuditEvent, type RoleId, type SystemLog } from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { PageHeader } from '../../../components/PageHeader';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { AuditProtection, verdictText } from '../components/AuditProtection';
import { useAuditEvents, useExportAuditCsv, useExportAuditFhir, useExportSystemLogsCsv, useSystemLogs, useVerifyChain, type SystemLogHeaders } from '../api/audit';

const today = () => new Date().toISOString().slice(0, 10);
const ACTIONS = ['C', 'R', 'U', 'D', 'E'] as const;
const KINDS = ['serverError', 'jobRun', 'jobFailure', 'integrationFailure', 'signInRefused'] as const;
const LEVELS = ['error', 'warn', 'info'] as const;

/**
 * /logs (docs/audit.md): the PHI audit trail (who opened which patient's record, when, from where,
 * with which outcome; HIPAA 164.312(b)), with CSV and FHIR AuditEvent exports and the chain check,
 * and the system logs (server errors, jobs, integrations, refused sign-ins) with CSV export. Each
 * tab shows only to a role holding its permission. `?tab=system&kind=<kind>` opens the system logs
 * filtered by kind (the links of /dashboardsystemadmin, docs/dashboards.md).
 */
export default function LogsPage() {
  const { t } = useTranslation('logs');
  const canAudit = useCan('audit.read');
  const canLogs = useCan('systemLogs.read');
  const [params] = useSearchParams();
  const kindParam = params.get('kind');
  const initialKind = KINDS.find((k) => k === kindParam) ?? null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs defaultValue={canLogs && (params.get('tab') === 'system' || !canAudit) ? 'system' : 'audit'} keepMounted={false}>
        <Tabs.List mb="md">
          {canAudit && <Tabs.Tab value="audit">{t('tabs.audit')}</Tabs.Tab>}
          {canLogs && <Tabs.Tab value="system">{t('tabs.system')}</Tabs.Tab>}
        </Tabs.List>
        {canAudit && (
          <Tabs.Panel value="audit">
            <AuditTrailPanel />
          </Tabs.Panel>
        )}
        {canLogs && (
          <Tabs.Panel value="system">
            <SystemLogsPanel initialKind={initialKind} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

function AuditTrailPanel() {
  const { t, i18n } = useTranslation('logs');
  const dates = useCalendar();
  const canVerify = useCan('audit.verify');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-at' });
  const [patientId, setPatientId] = useState<number | ''>('');
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const [verify, setVerify] = useState(false);
  const query = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as 'at' | '-at' | undefined,
    ...(patientId !== '' ? { patientId } : {}),
    ...(action ? { action: action as AuditEvent['action'] } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const events = useAuditEvents(query);
  const check = useVerifyChain(verify);
  const csv = useExportAuditCsv();
  const fhir = useExportAuditFhir();
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const failed = (e: unknown) => notify({ color: 'red', message: e instanceof Error ? e.message : t('exportFailed') });

  const columns: Column<AuditEvent>[] = [
    { header: t('fields.at'), sortKey: 'at', render: (e) => dates.dateTime(e.at) },
    { header: t('fields.user'), render: (e) => e.userName || `#${e.userId}` },
    { header: t('fields.role'), render: (e) => roleNames[e.roleId as RoleId]?.[lang] ?? e.roleId },
    { header: t('fields.patient'), render: (e) => (e.patientId === null ? '—' : e.patientName || `#${e.patientId}`) },
    // The FHIR R4 resource type, named in the user's language (the code itself for a type without a name).
    { header: t('fields.resource'), render: (e) => <span title={e.resource}>{t(`resources.${e.resource}`, { defaultValue: e.resource })}</span> },
    { header: t('fields.action'), render: (e) => t(`actions.${e.action}`) },
    { header: t('fields.outcome'), render: (e) => <Badge color={e.outcome < 400 ? 'teal.9' : e.outcome < 500 ? '#a33d00' : 'red.9'} variant="outline">{e.outcome}</Badge> },
    { header: t('fields.address'), render: (e) => e.address },
  ];

  return (
    <>
      {canVerify && <AuditProtection />}
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <NumberInput label={t('filters.patientId')} value={patientId} onChange={(v) => { setPatientId(typeof v === 'number' ? v : ''); setState({ ...state, page: 1 }); }} min={1} allowDecimal={false} w={160} data-testid="audit-patient" />
        <Select label={t('filters.action')} clearable data={ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))} value={action} onChange={(v) => { setAction(v); setState({ ...state, page: 1 }); }} w={160} />
        <DateField clearButtonProps={{ 'aria-label': t('common:actions.clear') }} label={t('filters.from')} value={from} onChange={(v) => { setFrom(v); setState({ ...state, page: 1 }); }} max={to || undefined} w={170} />
        <DateField clearButtonProps={{ 'aria-label': t('common:actions.clear') }} label={t('filters.to')} value={to} onChange={(v) => { setTo(v); setState({ ...state, page: 1 }); }} min={from || undefined} w={170} />
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={csv.isPending} onClick={() => csv.mutate(query, { onError: failed })}>
          {t('exportCsv')}
        </Button>
        <Button variant="default" leftSection={<IconFileCode size={16} aria-hidden />} loading={fhir.isPending} disabled={!from || !to} onClick={() => fhir.mutate({ from, to }, { onError: failed })}>
          {t('exportFhir')}
        </Button>
        {canVerify && (
          <Button variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />} loading={check.isFetching} onClick={() => (verify ? void check.refetch() : setVerify(true))} data-testid="audit-verify">
            {t('verify')}
          </Button>
        )}
      </Group>
      {check.data && (
        <Alert color={check.data.ok ? 'teal' : 'red'} mb="md" role="status" data-testid="audit-verify-result">
          {verdictText(t, check.data)}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <ServerTable
          caption={t('auditCaption', { count: events.data?.total ?? 0 })}
          columns={columns}
          rows={events.data?.items}
          total={events.data?.total}
          state={state}
          onChange={setState}
          rowKey={(e) => e.id}
          loading={events.isLoading}
          error={events.error}
          onRetry={() => void events.refetch()}
          emptyText={t('auditEmpty')}
          rowProps={() => ({ 'data-testid': 'audit-row' })}
        />
      </Paper>
    </>
  );
}

function SystemLogsPanel({ initialKind }: { initialKind: string | null }) {
  const { t } = useTranslation('logs');
  const dates = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-at' });
  const [kind, setKind] = useState<string | null>(initialKind);
  const [level, setLevel] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [requestId, setRequestId] = useState('');
  const headers: SystemLogHeaders = {
    ...(kind ? { kind: kind as SystemLogHeaders['kind'] } : {}),
    ...(level ? { level: level as SystemLogHeaders['level'] } : {}),
    ...(from ? { fromdate: from } : {}),
    ...(to ? { todate: to } : {}),
    ...(requestId.trim() ? { requestid: requestId.trim() } : {}),
  };
  const logs = useSystemLogs(headers, { page: state.page, pageSize: state.pageSize, sort: state.sort });
  const csv = useExportSystemLogsCsv();
  const reset = () => setState({ ...state, page: 1 });

  const columns: Column<SystemLog>[] = [
    { header: t('fields.at'), sortKey: 'at', render: (l) => dates.dateTime(l.at) },
    { header: t('fields.level'), sortKey: 'level', render: (l) => <Badge color={l.level === 'error' ? 'red.9' : l.level === 'warn' ? '#a33d00' : 'gray.8'} variant="outline" styles={{ label: { overflow: 'visible' } }}>{t(`levels.${l.level}`)}</Badge> },
    { header: t('fields.kind'), sortKey: 'kind', render: (l) => t(`kinds.${l.kind}`) },
    { header: t('fields.source'), render: (l) => l.source },
    { header: t('fields.message'), render: (l) => l.message },
    { header: t('fields.requestId'), render: (l) => <Text size="xs" ff="monospace">{l.requestId}</Text> },
    { header: t('fields.details'), render: (l) => <Text size="xs" ff="monospace">{Object.entries(l.details).map(([k, v]) => `${k}=${String(v)}`).join(' ')}</Text> },
  ];

  return (
    <>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select label={t('filters.kind')} clearable data={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} value={kind} onChange={(v) => { setKind(v); reset(); }} w={200} />
        <Select label={t('filters.level')} clearable data={LEVELS.map((k) => ({ value: k, label: t(`levels.${k}`) }))} value={level} onChange={(v) => { setLevel(v); reset(); }} w={140} />
        <DateField clearButtonProps={{ 'aria-label': t('common:actions.clear') }} label={t('filters.from')} value={from} onChange={(v) => { setFrom(v); reset(); }} max={to || undefined} w={170} />
        <DateField clearButtonProps={{ 'aria-label': t('common:actions.clear') }} label={t('filters.to')} value={to} onChange={(v) => { setTo(v); reset(); }} min={from || undefined} w={170} />
        <TextInput label={t('filters.requestId')} value={requestId} onChange={(e) => { setRequestId(e.currentTarget.value); reset(); }} w={220} />
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={csv.isPending} onClick={() => csv.mutate(headers, { onError: (e) => notify({ color: 'red', message: e instanceof Error ? e.message : t('exportFailed') }) })}>
          {t('exportCsv')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ServerTable
          caption={t('systemCaption', { count: logs.data?.total ?? 0 })}
          columns={columns}
          rows={logs.data?.items}
          total={logs.data?.total}
          state={state}
          onChange={setState}
          rowKey={(l) => l.id}
          loading={logs.isLoading}
          error={logs.error}
          onRetry={() => void logs.refetch()}
          emptyText={t('systemEmpty')}
        />
      </Paper>
    </>
  );
}
