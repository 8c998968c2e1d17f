import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Select, Switch, Tabs, Text } from '@mantine/core';
import { IconBolt, IconFileSpreadsheet, IconFileZip, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { messages } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { useDownloadBillingLink } from '../api/download-billing-link';
import { useDownloadOfficeCsv } from '../api/download-office-csv';
import { useDownloadOrganizationZip } from '../api/download-organization-zip';
import { useBillingReadiness, useBillingScopes, useBillingSummary, useGenerateForScope } from '../api/billing';
import type { BillingMonth, BillingScope } from '../api/period';
import { BillingDetails } from '../components/BillingDetails';
import { formatMoney } from '../components/format';
import { monthLabel, monthText as monthInText, monthValue, parseMonth, useCalendar } from '../../../lib/calendar';
import { useDropLinkToken, useLinkToken } from '../../../lib/link-token';
import { GenerationProgress } from '../components/GenerationProgress';
import { MonthPicker } from '../components/MonthPicker';
import { ReadinessTable } from '../components/ReadinessTable';
import { parseScope, ScopePicker, scopeValue } from '../components/ScopePicker';
import { SendLinkModal } from '../components/SendLinkModal';
import { SummaryTable, type SummaryRow } from '../components/SummaryTable';

/**
 * /billings (spec section 7 "Billing"; docs/billing-engine.md): the month (default the current
 * YYYY-MM) of an office or, for organization and system admins, a whole organization. The summary
 * lists every patient with reading days, time per program (MM:SS), codes, amount and at-risk flags;
 * a row opens the details with evidence. Generation runs with a progress bar; the CSV (office) and
 * ZIP (organization) download for months that have begun. The readiness tab shows, for the current
 * period, who is at risk of missing a threshold. `#billinglink=<token>` (in the fragment; `?billinglink=`
 * of links e-mailed before still works) downloads the file of an e-mailed billing link once signed in.
 */
export default function BillingsPage() {
  const { t, i18n } = useTranslation('billing');
  const allowed = useCan('billing.read');
  const canGenerate = useCan('billing.generate');
  const { user } = useAuth();
  const ui = useUiState();
  const [params, setParams] = useSearchParams();
  const selectedOffice = useSelectedOffice();
  const { offices, organizations, isLoading: scopesLoading } = useBillingScopes();
  const lang = i18n.language;
  const { currentMonth, isCurrentMonth: isCurrent, isUpcomingMonth: isUpcoming } = useCalendar();

  // Month and scope live in the address so a view can be shared or reloaded.
  const period: BillingMonth = parseMonth(params.get('month')) ?? currentMonth;
  const isKnown = (s: BillingScope | null): s is BillingScope =>
    !!s && (s.kind === 'hospital' ? offices.some((o) => o.id === s.id) : organizations.some((o) => o.id === s.id));
  const fromUrl = parseScope(params.get('scope'));
  let scope: BillingScope | null = null;
  if (isKnown(fromUrl)) { scope = fromUrl; }
  else if (selectedOffice > 0 && offices.some((o) => o.id === selectedOffice)) { scope = { kind: 'hospital', id: selectedOffice }; }
  else if (user?.organizationId && organizations.some((o) => o.id === user.organizationId)) { scope = { kind: 'organization', id: user.organizationId }; }
  else if (organizations[0]) { scope = { kind: 'organization', id: organizations[0].id }; }
  else if (offices[0]) { scope = { kind: 'hospital', id: offices[0].id }; }
  const tab = params.get('tab') === 'readiness' ? 'readiness' : 'summary';

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value === null) { next.delete(key); }
          else { next.set(key, value); }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The header's office switcher picks the office again.
  const lastOffice = useRef(selectedOffice);
  useEffect(() => {
    if (lastOffice.current !== selectedOffice) {
      lastOffice.current = selectedOffice;
      setParam('scope', null);
    }
  }, [selectedOffice, setParam]);

  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'name' });
  const scopeKey = `${scopeValue(scope)}|${monthValue(period)}`;
  useEffect(() => {
    setState((s) => ({ ...s, page: 1 }));
  }, [scopeKey]);
  // A month still to come has nothing to bill: the server refuses it, so the summary is not asked for.
  const summary = useBillingSummary(tab === 'summary' && !isUpcoming(period) ? scope : null, period, state);

  // Readiness: the office of the scope, or one office of the organization.
  const [readinessOfficePick, setReadinessOfficePick] = useState<string | null>(null);
  const orgOffices = scope?.kind === 'organization' ? offices.filter((o) => o.organizationId === scope.id) : [];
  const readinessOffice =
    scope?.kind === 'hospital'
      ? scope.id
      : readinessOfficePick && orgOffices.some((o) => String(o.id) === readinessOfficePick)
        ? Number(readinessOfficePick)
        : (orgOffices[0]?.id ?? null);
  const [readinessState, setReadinessState] = useState<PageState>({ page: 1, pageSize: 25 });
  const [atRiskOnly, setAtRiskOnly] = useState(false);
  const readiness = useBillingReadiness(tab === 'readiness' ? readinessOffice : null, {
    page: readinessState.page,
    pageSize: readinessState.pageSize,
    atRiskOnly,
  });

  // Generation with progress.
  const generate = useGenerateForScope();
  const [runId, setRunId] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const finishRun = useCallback(() => setRunning(false), []);

  // Downloads.
  const officeCsv = useDownloadOfficeCsv();
  const orgZip = useDownloadOrganizationZip();
  const [linkOpen, setLinkOpen] = useState(false);

  // An e-mailed billing link: download its file once signed in, then drop the token from the address.
  const linkDownload = useDownloadBillingLink();
  const [linkError, setLinkError] = useState<string | null>(null);
  const handledToken = useRef<string | null>(null);
  const token = useLinkToken('billinglink');
  const dropToken = useDropLinkToken('billinglink');
  useEffect(() => {
    if (!token || handledToken.current === token) { return; }
    handledToken.current = token;
    linkDownload.mutate(token, {
      onSuccess: () => {
        setLinkError(null);
        notify({ color: 'teal', message: t('link.downloaded') });
      },
      onError: (err) => setLinkError(err.message),
      onSettled: dropToken,
    });
  }, [token, linkDownload, dropToken, t]);

  if (!allowed) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const upcoming = isUpcoming(period);
  const office = scope?.kind === 'hospital' ? offices.find((o) => o.id === scope.id) : undefined;
  const organization = scope?.kind === 'organization' ? organizations.find((o) => o.id === scope.id) : undefined;
  const scopeName = office?.name ?? organization?.name ?? '';
  const monthText = monthInText(period, lang);

  const onGenerate = () => {
    if (!scope) { return; }
    confirmAction({
      title: t('generate.confirmTitle'),
      text: t(scope.kind === 'hospital' ? 'generate.confirmOffice' : 'generate.confirmOrganization', { name: scopeName, month: monthText }),
      confirmLabel: t('generate.action'),
      danger: false,
      onConfirm: () =>
        generate.mutate(
          { scope, period },
          {
            onSuccess: (run) => {
              setRunId(run.runId);
              setRunning(true);
            },
            onError: (err) => notify({ color: 'red', message: err.message }),
          },
        ),
    });
  };
  const onDownload = () => {
    const onError = (err: Error) => notify({ color: 'red', message: err.message });
    if (office) { officeCsv.mutate({ hospitalId: office.id, hospitalName: office.name, period }, { onError }); }
    else if (organization) { orgZip.mutate({ organizationId: organization.id, organizationName: organization.name, period }, { onError }); }
  };
  const openDetails = (r: SummaryRow) =>
    ui.openDetails(
      t('details.title', { name: `${r.firstName} ${r.lastName}`, month: monthLabel(period, lang) }),
      <BillingDetails patientId={r.patientId} hospitalId={r.hospitalId} period={period} />,
    );

  const actions = scope ? (
    <>
      {canGenerate && (
        <Button leftSection={<IconBolt size={18} aria-hidden />} onClick={onGenerate} disabled={upcoming || running} loading={generate.isPending} data-testid="generate-scope">
          {scope.kind === 'hospital' ? t('generate.office') : t('generate.organization')}
        </Button>
      )}
      <Button
        variant="light"
        leftSection={scope.kind === 'hospital' ? <IconFileSpreadsheet size={18} aria-hidden /> : <IconFileZip size={18} aria-hidden />}
        onClick={onDownload}
        disabled={upcoming}
        loading={officeCsv.isPending || orgZip.isPending}
        data-testid="download-csv"
      >
        {scope.kind === 'hospital' ? t('csv.office') : t('csv.organization')}
      </Button>
      {canGenerate && (
        <Button variant="default" leftSection={<IconMailForward size={18} aria-hidden />} onClick={() => setLinkOpen(true)} disabled={upcoming} data-testid="email-link">
          {t('link.open')}
        </Button>
      )}
    </>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      {linkError && (
        <Alert color="red" role="alert" title={t('link.failed')} mb="md" withCloseButton closeButtonLabel={t('common:actions.close')} onClose={() => setLinkError(null)}>
          {linkError}
        </Alert>
      )}
      {linkDownload.isPending && (
        <Alert role="status" mb="md">
          {t('link.downloading')}
        </Alert>
      )}
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <MonthPicker value={period} onChange={(p) => setParam('month', isCurrent(p) ? null : monthValue(p))} />
        {(offices.length > 0 || organizations.length > 0) && (
          <ScopePicker value={scope} onChange={(s) => setParam('scope', scopeValue(s))} offices={offices} organizations={organizations} />
        )}
      </Group>
      {upcoming && (
        <Alert color="dark" variant="outline" mb="md" data-testid="upcoming-rule">
          <Text size="sm" fw={600}>
            {messages.csvFutureMonth[currentLang()]}
          </Text>
          <Text size="sm">{t('upcomingHint')}</Text>
        </Alert>
      )}
      {runId !== null && (
        <GenerationProgress
          key={runId}
          runId={runId}
          label={t('generate.running', { name: scopeName, month: monthText })}
          onFinished={finishRun}
          onClose={() => setRunId(null)}
        />
      )}

      {!scope ? (
        <EmptyState text={scopesLoading ? t('common:list.loading') : t('scope.noOffice')} />
      ) : (
        <Tabs value={tab} onChange={(v) => setParam('tab', v === 'readiness' ? 'readiness' : null)} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="summary" data-testid="tab-summary">
              {t('tabs.summary')}
            </Tabs.Tab>
            <Tabs.Tab value="readiness" data-testid="tab-readiness">
              {t('tabs.readiness')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="summary">
            <Group mb="sm" justify="space-between" wrap="wrap">
              <SearchInput label={t('summary.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
              {summary.data && (
                <Text size="sm" data-testid="summary-total">
                  {t('summary.total', { amount: formatMoney(summary.data.totalAmountCents, lang), count: summary.data.total })}
                  {summary.data.codesWithoutAmount > 0 && ` (${t('summary.excludesMissing', { count: summary.data.codesWithoutAmount })})`}
                </Text>
              )}
            </Group>
            <SummaryTable
              data={summary.data}
              state={state}
              onChange={setState}
              loading={summary.isFetching}
              error={summary.error}
              onRetry={() => void summary.refetch()}
              onOpen={openDetails}
              showOffice={scope.kind === 'organization'}
            />
          </Tabs.Panel>
          <Tabs.Panel value="readiness">
            {!isCurrent(period) && (
              <Alert color="dark" variant="outline" mb="sm">
                {t('readiness.currentOnly', { month: monthInText(currentMonth, lang) })}
              </Alert>
            )}
            <Group mb="sm" gap="md" align="flex-end" wrap="wrap">
              {scope.kind === 'organization' && orgOffices.length > 0 && (
                <Select
                  w={280}
                  label={t('scope.office')}
                  data={orgOffices.map((o) => ({ value: String(o.id), label: o.name }))}
                  value={readinessOffice ? String(readinessOffice) : null}
                  onChange={(v) => {
                    setReadinessOfficePick(v);
                    setReadinessState((s) => ({ ...s, page: 1 }));
                  }}
                  allowDeselect={false}
                  searchable
                />
              )}
              <Switch
                label={t('readiness.atRiskOnly')}
                checked={atRiskOnly}
                onChange={(e) => {
                  setAtRiskOnly(e.currentTarget.checked);
                  setReadinessState((s) => ({ ...s, page: 1 }));
                }}
                data-testid="at-risk-only"
              />
              {readiness.data && (
                <Text size="sm" data-testid="readiness-count">
                  {t('readiness.count', { count: readiness.data.atRiskCount, month: monthInText({ year: readiness.data.year, month: readiness.data.month }, lang) })}
                </Text>
              )}
            </Group>
            {readinessOffice === null ? (
              <EmptyState text={t('scope.noOffice')} />
            ) : (
              <ReadinessTable
                data={readiness.data}
                state={readinessState}
                onChange={setReadinessState}
                loading={readiness.isFetching}
                error={readiness.error}
                onRetry={() => void readiness.refetch()}
              />
            )}
          </Tabs.Panel>
        </Tabs>
      )}
      {scope && canGenerate && (
        <SendLinkModal opened={linkOpen} onClose={() => setLinkOpen(false)} scope={scope} scopeName={scopeName} period={period} monthText={monthText} />
      )}
    </>
  );
}
