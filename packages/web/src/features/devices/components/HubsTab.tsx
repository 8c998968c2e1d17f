import { useState, type ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Hub } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCalendar } from '../../../lib/calendar';
import { useRelativeTime } from '../../../lib/calendar';
import { useHubs } from '../api/devices';
import { HubHealthBadge } from './hub-health';

/** A last check-in as relative time with the exact time in a tooltip; "never" when the hub has not posted. */
export function CheckInText({ at }: { at: string | null }) {
  const { t } = useTranslation('devices');
  const relative = useRelativeTime();
  const { dateTime } = useCalendar();
  if (!at) {
    return (
      <Text size="sm" c="dimmed">
        {t('hub.never')}
      </Text>
    );
  }
  return (
    <Tooltip label={dateTime(at)} withArrow>
      <Text size="sm" component="span" tabIndex={0}>
        {relative(at)}
      </Text>
    </Tooltip>
  );
}

/** The Hubs tab: the office's hubs paged, sorted and searched on the server; a row opens the hub's page. */
export function HubsTab({ officeId, showOffice, emptyAction }: { officeId: number | null; showOffice: boolean; emptyAction?: ReactNode }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'hubName' });
  const query = useHubs(officeId, { page: state.page, pageSize: state.pageSize, sort: state.sort as never, search: state.search || undefined });

  const columns: Column<Hub>[] = [
    {
      header: t('hub.identifier'),
      sortKey: 'hubIdentifier',
      render: (h) => (
        <Anchor component={Link} to={`/devices/hubs/${h.id}`} onClick={(e) => e.stopPropagation()} ff="monospace" size="sm">
          {h.hubIdentifier}
        </Anchor>
      ),
    },
    { header: t('hub.name'), sortKey: 'hubName', render: (h) => h.hubName },
    {
      header: t('hub.mac'),
      render: (h) => (
        <Text size="sm" ff="monospace">
          {h.hubMAC}
        </Text>
      ),
    },
    ...(showOffice ? [{ header: t('fields.office'), render: (h: Hub) => h.hospitalName }] : []),
    {
      header: t('fields.patient'),
      render: (h) =>
        h.assignedToUserId ? (
          <Anchor component={Link} to={`/patientdetails/${h.assignedToUserId}`} onClick={(e) => e.stopPropagation()} size="sm">
            {h.assignedToUserFullname}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('fields.unassigned')}
          </Text>
        ),
    },
    { header: t('hub.status'), render: (h) => <HubHealthBadge hub={h} short /> },
    { header: t('hub.lastCheckIn'), sortKey: 'lastCheckInAt', render: (h) => <CheckInText at={h.lastCheckInAt} /> },
    { header: t('hub.readings24h'), render: (h) => <Text size="sm">{h.readingsLast24Hours}</Text> },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SearchInput label={t('hub.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
      </Group>
      <ServerTable
        caption={t('hub.caption')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        state={state}
        onChange={setState}
        rowKey={(h) => h.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        onRowClick={(h) => void navigate(`/devices/hubs/${h.id}`)}
        emptyText={t('hub.empty')}
        emptyAction={emptyAction}
      />
    </Stack>
  );
}
