import { useMemo, useState, type ReactNode } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MedicalDevice } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useOfficePatientOptions } from '../api/find-office-patients';
import { useHubs } from '../api/get-hubs';
import { useMedicalDeviceByIdentifier } from '../api/get-medical-device-by-identifier';
import { useMedicalDevicesForPatient } from '../api/get-medical-devices-for-patient';
import { DevicesTable } from './DevicesTable';

const ALL = 'all';
/** Largest hub page (an office's hubs fit in it): the devices on them are listed. */
const MAX_HUBS = 200;

/**
 * The Devices tab. The API has no office-wide device list, so the tab shows the devices on the
 * office's hubs (GET hub), a chosen patient's devices with or without a hub
 * (getmedicaldevicesforpatient), and the device whose identifier is typed exactly
 * (getmedicaldevicebydeviceidentifier); sorting, paging and searching happen in the browser.
 */
export function DevicesTab({ officeId, emptyAction }: { officeId: number | null; emptyAction?: ReactNode }) {
  const { t } = useTranslation('devices');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'deviceIdentifier' });
  const [patient, setPatient] = useState<string>(ALL);
  const patientId = patient === ALL ? null : Number(patient);
  const patients = useOfficePatientOptions(officeId);
  const hubs = useHubs(officeId, { page: 1, pageSize: MAX_HUBS, sort: 'hubName' }, patientId === null);
  const patientDevices = useMedicalDevicesForPatient(patientId);
  const exact = useMedicalDeviceByIdentifier(state.search ?? '');

  const devices = useMemo<MedicalDevice[] | undefined>(() => {
    const base = patientId !== null ? patientDevices.data : hubs.data?.items.flatMap((h) => h.assignedMedicalDevicesList);
    if (!base) return undefined;
    const byId = new Map(base.map((d) => [d.id, d]));
    const found = exact.data;
    if (found && !byId.has(found.id) && (officeId === null || found.hospitalId === officeId)) byId.set(found.id, found);
    return [...byId.values()];
  }, [patientId, patientDevices.data, hubs.data, exact.data, officeId]);

  const active = patientId !== null ? patientDevices : hubs;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('device.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        <Select
          w={260}
          aria-label={t('device.patientFilter')}
          searchable
          allowDeselect={false}
          disabled={!officeId}
          data={[{ value: ALL, label: t('device.onHubs') }, ...(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
          value={officeId ? patient : ALL}
          onChange={(v) => {
            setPatient(v ?? ALL);
            setState((s) => ({ ...s, page: 1 }));
          }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {patientId !== null ? t('device.scopePatient') : officeId ? t('device.scopeHubs') : t('device.scopeHubsAll')}
      </Text>
      <DevicesTable
        devices={devices}
        state={state}
        onChange={setState}
        loading={active.isFetching}
        error={active.error}
        onRetry={() => void active.refetch()}
        emptyText={patientId !== null ? t('device.emptyPatient') : t('device.empty')}
        emptyAction={emptyAction}
      />
    </Stack>
  );
}
