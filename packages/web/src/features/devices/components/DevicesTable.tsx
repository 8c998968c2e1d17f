import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Group, Menu, Text } from '@mantine/core';
import { IconAdjustments, IconChartLine, IconDots, IconHandFinger, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MedicalDevice } from '@vigil/contract';
import { DeviceTypeIcon, deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { useUiState } from '../../../lib/ui-state';
import { DeviceDetails } from './DeviceDetails';
import { useDeviceActions } from './useDeviceActions';

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

function sortValue(d: MedicalDevice, key: string, lang: string): string {
  switch (key) {
    case 'deviceIdentifier':
      return d.deviceIdentifier.toLowerCase();
    case 'deviceType':
      return deviceTypeTitle(d.deviceType, lang).toLowerCase();
    case 'patient':
      return (d.patientFullname ?? '\uffff').toLowerCase();
    case 'hub':
      return (d.hubIdentifier ?? '\uffff').toLowerCase();
    default:
      return '';
  }
}

/** Devices paged, sorted and searched in the browser (the whole list is at hand). */
export function pageOfDevices(devices: MedicalDevice[], state: PageState, lang: string): { rows: MedicalDevice[]; total: number } {
  const search = (state.search ?? '').trim().toLowerCase();
  let list = search
    ? devices.filter((d) =>
        [d.deviceIdentifier, d.patientFullname ?? '', d.hubIdentifier ?? '', d.modelName, d.manufacturerName, deviceTypeTitle(d.deviceType, lang)]
          .join(' ')
          .toLowerCase()
          .includes(search),
      )
    : devices;
  if (state.sort) {
    const desc = state.sort.startsWith('-');
    const key = desc ? state.sort.slice(1) : state.sort;
    list = [...list].sort((a, b) => sortValue(a, key, lang).localeCompare(sortValue(b, key, lang)) * (desc ? -1 : 1));
  }
  const start = (state.page - 1) * state.pageSize;
  return { rows: list.slice(start, start + state.pageSize), total: list.length };
}

/** The sort keys the device list endpoint (getmedicaldevicesforhospital) accepts. */
const SERVER_SORT_KEYS = new Set(['deviceIdentifier', 'deviceType', 'createdAt']);

/**
 * A list of devices: identifier, type (catalogue title in the UI language), model, patient, hub,
 * manual flag, and a menu of actions. A row opens the device in the details drawer. Either a whole
 * list (`devices`: paged, sorted and searched in the browser, e.g. a hub's few devices) or, without
 * `devices`, one `serverPage` already paged, sorted and filtered by the server (undefined while it
 * loads; only the server's sort keys are offered, and the registration date is shown).
 */
export function DevicesTable({
  devices,
  serverPage,
  state,
  onChange,
  loading,
  error,
  onRetry,
  showHub = true,
  showOffice = false,
  emptyText,
  emptyAction,
}: {
  devices?: MedicalDevice[] | undefined;
  serverPage?: { items: MedicalDevice[]; total: number } | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  showHub?: boolean;
  showOffice?: boolean;
  emptyText?: string;
  emptyAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation('devices');
  const lang = i18n.language;
  const ui = useUiState();
  const navigate = useNavigate();
  const canManage = useCan('devices.manage');
  const actions = useDeviceActions();
  const { date } = useCalendar();
  const server = devices === undefined;
  const { rows, total } = devices === undefined ? { rows: serverPage?.items, total: serverPage?.total } : pageOfDevices(devices, state, lang);
  /** A column's sort key when the list can sort by it (the server sorts by fewer keys). */
  const sortable = (key: string) => (!server || SERVER_SORT_KEYS.has(key) ? key : undefined);

  const columns: Column<MedicalDevice>[] = [
    {
      header: t('device.identifier'),
      sortKey: 'deviceIdentifier',
      render: (d) => (
        <Anchor component={Link} to={`/devicemeasurements/${d.id}`} onClick={stop} ff="monospace" size="sm">
          {d.deviceIdentifier}
        </Anchor>
      ),
    },
    {
      header: t('device.type'),
      sortKey: 'deviceType',
      render: (d) => (
        <Group gap="xs" wrap="nowrap">
          <DeviceTypeIcon type={d.deviceType} size={24} />
          <Text size="sm">{deviceTypeTitle(d.deviceType, lang)}</Text>
        </Group>
      ),
    },
    {
      header: t('device.model'),
      render: (d) =>
        d.modelName ? (
          <Text size="sm">
            {d.modelName}{' '}
            <Text span size="xs" c="dimmed">
              {d.manufacturerName}
            </Text>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('deviceWizard.noModel')}
          </Text>
        ),
    },
    {
      header: t('fields.patient'),
      sortKey: sortable('patient'),
      render: (d) =>
        d.patientId ? (
          <Anchor component={Link} to={`/patientdetails/${d.patientId}`} onClick={stop} size="sm">
            {d.patientFullname}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('fields.unassigned')}
          </Text>
        ),
    },
    ...(showHub
      ? [
          {
            header: t('fields.hub'),
            sortKey: sortable('hub'),
            render: (d: MedicalDevice) =>
              d.hubId ? (
                <Anchor component={Link} to={`/devices/hubs/${d.hubId}`} onClick={stop} size="sm" ff="monospace">
                  {d.hubIdentifier}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('fields.noHub')}
                </Text>
              ),
          },
        ]
      : []),
    ...(showOffice ? [{ header: t('fields.office'), render: (d: MedicalDevice) => d.hospitalName }] : []),
    {
      header: t('device.manualShort'),
      render: (d) =>
        d.isManualMeasurement ? (
          <Badge variant="light" color="violet" leftSection={<IconHandFinger size={12} aria-hidden />} style={{ textTransform: 'none' }}>
            {t('device.manualBadge')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('no')}
          </Text>
        ),
    },
    ...(server
      ? [
          {
            header: t('fields.registered'),
            sortKey: 'createdAt',
            render: (d: MedicalDevice) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {date(d.createdAt)}
              </Text>
            ),
          },
        ]
      : []),
    {
      header: t('fields.actions'),
      width: 70,
      render: (d) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('device.actionsFor', { identifier: d.deviceIdentifier })} onClick={stop}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={stop}>
            <Menu.Item leftSection={<IconChartLine size={16} aria-hidden />} onClick={() => void navigate(`/devicemeasurements/${d.id}`)}>
              {t('device.readings')}
            </Menu.Item>
            {canManage && (
              <>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(d)}>
                  {t('common:actions.edit')}
                </Menu.Item>
                <Menu.Item leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => actions.editThresholds(d)}>
                  {t('thresholds.edit')}
                </Menu.Item>
                <Menu.Item leftSection={<IconHandFinger size={16} aria-hidden />} onClick={() => actions.setManual(d, !d.isManualMeasurement)}>
                  {d.isManualMeasurement ? t('device.manualTurnOff') : t('device.manualTurnOn')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => actions.askDelete(d)}>
                  {t('common:actions.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <ServerTable
      caption={t('device.caption')}
      columns={columns}
      rows={rows}
      total={total}
      state={state}
      onChange={onChange}
      rowKey={(d) => d.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      onRowClick={(d) => ui.openDetails(d.deviceIdentifier, <DeviceDetails key={d.id} deviceId={d.id} />)}
      emptyText={emptyText}
      emptyAction={emptyAction}
    />
  );
}
