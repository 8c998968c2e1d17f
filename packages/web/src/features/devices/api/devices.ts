import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import {
  devices,
  measurements,
  type CreateHubBody,
  type CreateMedicalDeviceBody,
  type DeviceType,
  type HubPageQuery,
  type MedicalDevicePageQuery,
  type TabletInfoPageQuery,
  type UpdateDeviceDefaultsBody,
  type UpdateDeviceDefaultValuesBody,
  type UpdateHubBody,
  type UpdateIsManualMeasurementBody,
  type UpdateMedicalDeviceBody,
} from '@vigil/contract';
import { endpointQueryOptions, forgetEndpointCall, invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { officePatientOptionsQuery } from '../../../lib/shared-reads';

export type HubListQuery = Partial<HubPageQuery>;
export type DeviceListQuery = Partial<MedicalDevicePageQuery>;
export type TabletListQuery = Partial<TabletInfoPageQuery>;

/**
 * What a change of a device or hub makes stale: every devices read (hubs, devices, a patient's
 * devices on the patient page and the plan panel, tablets) and the readings series, whose
 * thresholds in effect come from the device.
 */
const deviceReads = [devices, measurements.getPatientSeries] as const;

/** GET hub (chosen endpoint): a page of the hubs of one office, or of every office in scope. */
export function useHubs(officeId: number | null, query: HubListQuery, enabled = true) {
  return useEndpointQuery(devices.getHubs, { headers: officeId ? { hospitalid: officeId } : {}, query }, { placeholderData: keepPreviousData, enabled });
}

/** GET hub/{id} (chosen endpoint): one hub with its devices and health (last check-in, readings in the last 24 hours). */
export function useHub(id: number | null, opts: { refetchInterval?: number; staleTime?: number } = {}) {
  return useEndpointQuery(devices.getHub, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0, ...opts });
}

/** GET hub/{id} of several hubs at once, one query each (the hubs of a patient's devices: one or two). */
export function useHubsById(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => endpointQueryOptions(devices.getHub, { params: { id } })) });
}

/**
 * GET medicaldevice/getmedicaldevicesforhospital (chosen endpoint): a page of the devices of one
 * office, or of every office in scope, searched by identifier and filtered by type and patient.
 */
export function useMedicalDevicesForHospital(officeId: number | null, query: DeviceListQuery) {
  return useEndpointQuery(devices.getMedicalDevicesForHospital, { headers: officeId ? { hospitalid: officeId } : {}, query }, { placeholderData: keepPreviousData });
}

/** GET medicaldevice/{id}: the device with its type, office, hub, patient and threshold overrides (`retry: false`, `enabled: true` where any id of the address is asked and its 404 shown at once). */
export function useMedicalDevice(id: number | null, opts: { retry?: boolean; enabled?: boolean } = {}) {
  return useEndpointQuery(devices.getMedicalDevice, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0, ...opts });
}

/** GET medicaldevicetemplate/getpossibledevices: the device types one may register, with values and manufacturers. */
export function usePossibleDevices() {
  return useEndpointQuery(devices.getPossibleDevices, {}, { staleTime: 10 * 60_000 });
}

/** GET medicaldevicetemplate/getbydevicetemplatesbytype (header deviceType): every model of a type. */
export function useTemplatesByType(deviceType: DeviceType | null, enabled = true) {
  return useEndpointQuery(devices.getMedicalDeviceTemplatesByType, { headers: { devicetype: deviceType! } }, { enabled: enabled && deviceType !== null, staleTime: 10 * 60_000 });
}

/** GET medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer (headers deviceType, manufacturerId). */
export function useTemplatesByTypeAndManufacturer(deviceType: DeviceType | null, manufacturerId: number | null) {
  return useEndpointQuery(
    devices.getMedicalDeviceTemplatesByTypeAndManufacturer,
    { headers: { devicetype: deviceType!, manufacturerid: manufacturerId! } },
    { enabled: deviceType !== null && manufacturerId !== null, staleTime: 10 * 60_000 },
  );
}

/** GET tabletinfos/getalltabletinfos: a page of the tablets of one office (`officeId`) or of every office in scope (null). */
export function useTablets(officeId: number | null, query: TabletListQuery, enabled = true) {
  return useEndpointQuery(devices.getAllTabletInfos, { headers: officeId ? { hospitalid: officeId } : {}, query }, { placeholderData: keepPreviousData, enabled });
}

/**
 * Patient names of the given offices (the office patient pickers' list, lib/shared-reads.ts: first
 * 200 by last name per office, the same cached answer): id -> "First Last". A tablet carries only
 * its patient's id; a patient past the first 200 of a large office is shown by number.
 */
export function usePatientNamesOfOffices(officeIds: readonly number[]): Map<number, string> {
  const results = useQueries({ queries: [...new Set(officeIds)].map((id) => officePatientOptionsQuery(id)) });
  const names = new Map<number, string>();
  for (const r of results) { for (const p of r.data?.items ?? []) { names.set(p.id, `${p.firstName} ${p.lastName}`); } }
  return names;
}

/** GET medicaldevicesdata/getdevicedefaultsforhospital: the office's effective thresholds per device type, canonical and in the caller's units. */
export function useDeviceDefaultsForHospital(officeId: number | null | undefined) {
  return useEndpointQuery(measurements.getDeviceDefaultsForHospital, { headers: { hospitalid: officeId ?? 0 } }, { enabled: !!officeId && officeId > 0, staleTime: 5 * 60_000 });
}

/** POST hub (chosen endpoint): registers a hub in an office; 409 when the identifier is taken. */
export function useCreateHub() {
  return useEndpointMutation(devices.createHub, { input: (body: CreateHubBody) => ({ body }), invalidates: deviceReads });
}

/** PUT hub/{id} (chosen endpoint): name, identifier, MAC, office, assigned patient, status. */
export function useUpdateHub() {
  return useEndpointMutation(devices.updateHub, { input: ({ id, body }: { id: number; body: UpdateHubBody }) => ({ params: { id }, body }), invalidates: deviceReads });
}

/** DELETE hub/{id} (chosen endpoint): refused (409) when the hub has readings. */
export function useDeleteHub() {
  const qc = useQueryClient();
  return useEndpointMutation(devices.deleteHub, {
    input: (id: number) => ({ params: { id } }),
    onSuccess: async (_d, id) => {
      forgetEndpointCall(qc, devices.getHub, { params: { id } });
      await invalidateEndpoints(qc, deviceReads);
    },
  });
}

/** POST hub/{id}/credential (chosen endpoint): issues or rotates the hub's ingestion credential, answered once. */
export function useIssueHubCredential() {
  return useEndpointMutation(devices.issueHubCredential, { input: (id: number) => ({ params: { id } }), invalidates: deviceReads });
}

/** DELETE hub/{id}/credential (chosen endpoint): revokes the hub's credential; its next reading answers 401. */
export function useRevokeHubCredential() {
  return useEndpointMutation(devices.revokeHubCredential, { input: (id: number) => ({ params: { id } }), invalidates: deviceReads });
}

/** POST medicaldevice: registers a device in an office, optionally on a patient and a hub of that office. */
export function useCreateMedicalDevice() {
  return useEndpointMutation(devices.createMedicalDevice, { input: (body: CreateMedicalDeviceBody) => ({ body }), invalidates: deviceReads });
}

/** PUT medicaldevice/{id}: identifier, model, office, hub, patient, manual flag or status (null unassigns). */
export function useUpdateMedicalDevice() {
  return useEndpointMutation(devices.updateMedicalDevice, {
    input: ({ id, body }: { id: number; body: UpdateMedicalDeviceBody }) => ({ params: { id }, body }),
    invalidates: deviceReads,
  });
}

/** DELETE medicaldevice/{id}: refused (409) when the device has readings. */
export function useDeleteMedicalDevice() {
  const qc = useQueryClient();
  return useEndpointMutation(devices.deleteMedicalDevice, {
    input: (id: number) => ({ params: { id } }),
    onSuccess: async (_d, id) => {
      forgetEndpointCall(qc, devices.getMedicalDevice, { params: { id } });
      await invalidateEndpoints(qc, deviceReads);
    },
  });
}

/** PUT medicaldevice/updateismanualmeasurementformedicaldevice: whether the device's readings are entered by hand. */
export function useUpdateIsManualMeasurement() {
  return useEndpointMutation(devices.updateIsManualMeasurementForMedicalDevice, { input: (body: UpdateIsManualMeasurementBody) => ({ body }), invalidates: deviceReads });
}

/** PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice: the device's complete threshold overrides ({} clears them). */
export function useUpdateDeviceDefaultValues() {
  return useEndpointMutation(devices.updateDeviceDefaultValuesJsonForMedicalDevice, { input: (body: UpdateDeviceDefaultValuesBody) => ({ body }), invalidates: deviceReads });
}

/**
 * PUT medicaldevicesdata/updatedevicedefaultsforhospital (chosen endpoint): an office's caution and
 * critical limits for one device type, canonical units (`{}` goes back to the catalogue's). The
 * office's thresholds and the readings series (thresholds in effect) are refreshed.
 */
export function useUpdateDeviceDefaultsForHospital() {
  return useEndpointMutation(measurements.updateDeviceDefaultsForHospital, {
    input: ({ officeId, body }: { officeId: number; body: UpdateDeviceDefaultsBody }) => ({ headers: { hospitalid: officeId }, body }),
    invalidates: [measurements.getDeviceDefaultsForHospital, measurements.getPatientSeries],
  });
}
