import { useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TabletInfo } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { usePatientNamesOfOffices, useTablets } from '../api/devices';
import { CheckInText } from './HubsTab';

/**
 * The tablets list of /tablets and the Tablets tab of /devices (GET tabletinfos/getalltabletinfos):
 * paged, sorted (serial number, last contact) and searched by serial number or model on the server;
 * `showOffice` adds the office column when the list spans every office in scope.
 */
export function TabletsTab({ officeId, showOffice }: { officeId: number | null; showOffice: boolean }) {
  const { t } = useTranslation('devices');
  const { offices } = useOfficesInScope();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'serialNumber' });
  const query = useTablets(officeId, { page: state.page, pageSize: state.pageSize, sort: state.sort as never, search: state.search || undefined });
  const names = usePatientNamesOfOffices((query.data?.items ?? []).filter((x) => x.patientId !== null).map((x) => x.hospitalId));
  const patientName = (id: number) => names.get(id) ?? t('tablet.patientNumber', { id });

  const columns: Column<TabletInfo>[] = [
    {
      header: t('tablet.serialNumber'),
      sortKey: 'serialNumber',
      render: (x) => (
        <Text size="sm" ff="monospace">
          {x.serialNumber}
        </Text>
      ),
    },
    { header: t('tablet.model'), render: (x) => x.model },
    { header: t('tablet.osVersion'), render: (x) => x.osVersion },
    { header: t('tablet.appVersion'), render: (x) => x.appVersion },
    ...(showOffice ? [{ header: t('fields.office'), render: (x: TabletInfo) => offices.find((o) => o.id === x.hospitalId)?.hospitalName ?? `#${x.hospitalId}` }] : []),
    {
      header: t('fields.patient'),
      render: (x) =>
        x.patientId ? (
          <Anchor component={Link} to={`/patientdetails/${x.patientId}`} size="sm">
            {patientName(x.patientId)}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('fields.unassigned')}
          </Text>
        ),
    },
    {
      header: t('fields.hub'),
      render: (x) =>
        x.hubId ? (
          <Anchor component={Link} to={`/devices/hubs/${x.hubId}`} size="sm">
            {t('tablet.hubNumber', { id: x.hubId })}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('fields.noHub')}
          </Text>
        ),
    },
    { header: t('tablet.lastSeen'), sortKey: 'lastSeenAt', render: (x) => <CheckInText at={x.lastSeenAt} /> },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SearchInput label={t('tablet.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
      </Group>
      <ServerTable
        caption={t('tablet.caption')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        state={state}
        onChange={setState}
        rowKey={(x) => x.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={officeId === null ? t('tablet.emptyAll') : t('tablet.empty')}
      />
    </Stack>
  );
}
