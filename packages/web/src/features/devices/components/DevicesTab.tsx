import { useState, type ReactNode } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceTypes, type DeviceType } from '@vigil/contract';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { useMedicalDevicesForHospital } from '../api/devices';
import { DevicesTable } from './DevicesTable';

const ALL = 'all';

/**
 * The Devices tab: the devices of the office (of every office in scope when none is chosen) from
 * GET medicaldevice/getmedicaldevicesforhospital, paged, sorted and searched by identifier on the
 * server, filtered by device type and, in one office, by patient.
 */
export function DevicesTab({ officeId, showOffice = false, emptyAction }: { officeId: number | null; showOffice?: boolean; emptyAction?: ReactNode }) {
  const { t, i18n } = useTranslation('devices');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'deviceIdentifier' });
  const [type, setType] = useState<string>(ALL);
  const [patient, setPatient] = useState<string>(ALL);
  const patients = useOfficePatientOptions(officeId);
  const query = useMedicalDevicesForHospital(officeId, {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    search: state.search || undefined,
    devicetype: type === ALL ? undefined : (type as DeviceType),
    patientid: officeId && patient !== ALL ? Number(patient) : undefined,
  });
  const filtered = type !== ALL || (officeId !== null && patient !== ALL);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('device.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        <Select
          w={220}
          label={t('device.typeFilter')}
          allowDeselect={false}
          data={[{ value: ALL, label: t('device.allTypes') }, ...deviceTypes.map((d) => ({ value: d, label: deviceTypeTitle(d, i18n.language) }))]}
          value={type}
          onChange={(v) => {
            setType(v ?? ALL);
            setState((s) => ({ ...s, page: 1 }));
          }}
        />
        <Select
          w={260}
          label={t('device.patientFilter')}
          description={officeId ? undefined : t('device.patientFilterNeedsOffice')}
          searchable
          allowDeselect={false}
          disabled={!officeId}
          data={[{ value: ALL, label: t('device.allPatients') }, ...(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
          value={officeId ? patient : ALL}
          onChange={(v) => {
            setPatient(v ?? ALL);
            setState((s) => ({ ...s, page: 1 }));
          }}
        />
      </Group>
      <DevicesTable
        serverPage={query.data}
        state={state}
        onChange={setState}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        showOffice={showOffice}
        emptyText={filtered ? t('device.emptyFiltered') : t('device.empty')}
        emptyAction={filtered ? undefined : emptyAction}
      />
    </Stack>
  );
}
