import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  deviceTypes,
  NotificationType,
  notificationFilterCases,
  type NotificationFilterCase,
  type NotificationWithPatient,
} from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useWorklist } from '../api/notifications';
import { useFreshAlerts } from '../api/live-updates';
import { AlertsTable } from '../components/AlertsTable';
import { ProcessAlertModal } from '../components/ProcessAlertModal';
import { deviceTypeTitle, messageIn } from '../format';

const PROCESSED = ['false', 'true', 'all'] as const;
type Processed = (typeof PROCESSED)[number];
const ALL = 'all';
const TYPES = [String(NotificationType.ABNORMAL_MEASUREMENT), String(NotificationType.MISSED_MEASUREMENT), String(NotificationType.MENTAL_HEALTH), String(NotificationType.MENTAL_HEALTH_RESULT)];
/** Alerts that arrived this long before the page opened still count as new. */
const FRESH_WINDOW_MS = 5 * 60_000;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * /monitoring: the alert worklist (GET pushnotifications/getmypushnotificationswithpatient). Open
 * alerts of TODAY by default (spec section 9), most severe then newest, paged on the server, one
 * row per reading: a clinician's own alerts, or for an office, organization or system admin every
 * alert of their offices (the server's office view; the description says which);
 * filters for period, office, device type, alert type, processing state and patient name live in
 * the URL so the dashboard can link into them. Alerts pushed on the socket appear at the top
 * without a reload, highlighted, and are announced to screen readers.
 */
export default function MonitoringPage() {
  const { t, i18n } = useTranslation('monitoring');
  const [params, setParams] = useSearchParams();
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const canProcess = useCan('notifications.process');
  const freshAll = useFreshAlerts();
  const [openedAt] = useState(() => Date.now());
  const [processing, setProcessing] = useState<NotificationWithPatient | null>(null);

  const period = oneOf<NotificationFilterCase>(params.get('period')?.toUpperCase() ?? null, notificationFilterCases, 'TODAY');
  const processed = oneOf<Processed>(params.get('processed')?.toLowerCase() ?? null, PROCESSED, 'false');
  const device = params.get('device')?.toUpperCase() ?? '';
  const type = oneOf<string>(params.get('type'), TYPES, '');
  const search = params.get('q') ?? '';
  const officeParam = params.get('office');
  const office = officeParam !== null && /^-?\d+$/.test(officeParam) ? Number(officeParam) : selectedOffice > 0 ? selectedOffice : -1;
  const state: PageState = {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: [10, 25, 50, 100].includes(Number(params.get('size'))) ? Number(params.get('size')) : 25,
    search,
  };

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') { next.delete(k); }
          else { next.set(k, v); }
        }
        if (resetPage) { next.delete('page'); }
        return next;
      },
      { replace: true },
    );
  };

  const list = useWorklist(office, {
    filtercase: period,
    processed,
    devicetype: device || undefined,
    notificationtypeid: type ? Number(type) : undefined,
    search: search || undefined,
    page: state.page,
    pageSize: state.pageSize,
  });

  // New alerts stay at the top (newest first) while the page is open, whatever their severity.
  const fresh = useMemo(() => {
    const ids = new Map<number, number>();
    for (const [id, at] of freshAll) { if (at >= openedAt - FRESH_WINDOW_MS) { ids.set(id, at); } }
    return ids;
  }, [freshAll, openedAt]);
  const rows = useMemo(() => {
    const items = list.data?.items;
    if (!items) { return items; }
    const pinned = items.filter((r) => fresh.has(r.notificationId)).sort((a, b) => fresh.get(b.notificationId)! - fresh.get(a.notificationId)!);
    return [...pinned, ...items.filter((r) => !fresh.has(r.notificationId))];
  }, [list.data, fresh]);
  const latestFresh = rows?.find((r) => fresh.has(r.notificationId));

  const lang = i18n.language;
  const showOffice = offices.length > 1;
  const emptyText = processed === 'false' ? t('empty.open', { period: t(`period.${period}`).toLowerCase() }) : t('empty.any');

  return (
    <>
      <PageHeader title={t('title')} description={list.data?.view === 'office' ? t('descriptionOffice') : t('description')} />
      <VisuallyHidden role="status" aria-live="polite">
        {latestFresh ? t('announce', { message: messageIn(latestFresh, lang) }) : ''}
      </VisuallyHidden>
      <Stack gap="sm" mb="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="worklist-period">
              {t('filters.period')}
            </Text>
            <SegmentedControl
              aria-labelledby="worklist-period"
              value={period}
              onChange={(v) => update({ period: v === 'TODAY' ? null : v })}
              data={notificationFilterCases.map((f) => ({ value: f, label: t(`period.${f}`) }))}
              data-testid="filter-period"
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="worklist-processed">
              {t('filters.processed')}
            </Text>
            <SegmentedControl
              aria-labelledby="worklist-processed"
              value={processed}
              onChange={(v) => update({ processed: v === 'false' ? null : v })}
              data={PROCESSED.map((p) => ({ value: p, label: t(`processed.${p}`) }))}
              data-testid="filter-processed"
            />
          </Stack>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput label={t('filters.search')} value={search} onChange={(q) => update({ q })} />
          {showOffice && (
            <Select
              w={240}
              label={t('filters.office')}
              searchable
              data={[{ value: '-1', label: t('common:office.all') }, ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
              value={String(office)}
              onChange={(v) => update({ office: v ?? '-1' })}
              allowDeselect={false}
            />
          )}
          <Select
            w={220}
            label={t('filters.device')}
            data={[{ value: ALL, label: t('filters.allDevices') }, ...deviceTypes.map((d) => ({ value: d, label: deviceTypeTitle(d, lang) }))]}
            value={device || ALL}
            onChange={(v) => update({ device: !v || v === ALL ? null : v })}
            allowDeselect={false}
          />
          <Select
            w={220}
            label={t('filters.type')}
            data={[
              { value: ALL, label: t('filters.allTypes') },
              { value: String(NotificationType.ABNORMAL_MEASUREMENT), label: t('type.abnormal') },
              { value: String(NotificationType.MISSED_MEASUREMENT), label: t('type.missed') },
              { value: String(NotificationType.MENTAL_HEALTH), label: t('type.mentalHealthUrgent') },
              { value: String(NotificationType.MENTAL_HEALTH_RESULT), label: t('type.mentalHealthResult') },
            ]}
            value={type || ALL}
            onChange={(v) => update({ type: !v || v === ALL ? null : v })}
            allowDeselect={false}
          />
        </Group>
      </Stack>
      <AlertsTable
        rows={rows}
        total={list.data?.total}
        state={state}
        onChange={(next) =>
          update(
            { page: next.page > 1 ? String(next.page) : null, size: next.pageSize !== 25 ? String(next.pageSize) : null, q: next.search ?? null },
            false,
          )
        }
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        fresh={new Set(fresh.keys())}
        showOffice={showOffice}
        canProcess={canProcess}
        onProcess={setProcessing}
        emptyText={emptyText}
        emptyAction={
          period !== 'ALL' ? (
            <Button variant="light" onClick={() => update({ period: 'ALL' })}>
              {t('empty.showAll')}
            </Button>
          ) : undefined
        }
      />
      <ProcessAlertModal alert={processing} onClose={() => setProcessing(null)} />
    </>
  );
}
