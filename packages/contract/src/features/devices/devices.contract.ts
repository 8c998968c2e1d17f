import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  assignedMedicalDeviceSchema,
  createHubBodySchema,
  createMedicalDeviceBodySchema,
  createTrustedHubBodySchema,
  deletedHubSchema,
  deletedMedicalDeviceSchema,
  deletedTrustedHubSchema,
  medicalDeviceIdentifierSchema,
  medicalDevicePageQuerySchema,
  medicalDevicePageSchema,
  templateDeviceTypeAndManufacturerHeadersSchema,
  templateDeviceTypeHeadersSchema,
  hubCredentialSchema,
  hubDetailSchema,
  hubPageQuerySchema,
  hubPageSchema,
  medicalDeviceSchema,
  medicalDeviceTemplateSchema,
  deviceOfficeHeadersSchema,
  possibleDeviceSchema,
  revokedHubCredentialSchema,
  tabletInfoPageQuerySchema,
  tabletInfoPageSchema,
  trustedHubForPatientHeadersSchema,
  trustedHubSchema,
  updateDeviceDefaultValuesBodySchema,
  updateHubBodySchema,
  updateIsManualMeasurementBodySchema,
  updateMedicalDeviceBodySchema,
  updateTrustedHubsBodySchema,
} from './devices.schemas';

const idParams = z.object({ id: idSchema });
const patientHeaders = z.object({ patientid: idSchema });

// Trusted hub (spec section 7) --------------------------------------------------------------------
// Spec section 8: "Trusted hub calls return the error response body instead of failing". These three
// answer a failure (validation, not found, conflict) with the error body { resFlag: false, data:
// null, msg, code, errors? } and its HTTP status (400, 404, 409), as every other call does
// (devices/hubs.int.test.ts); a missing session is 401 and a missing permission 403.

const trustedHubTag = 'Trusted hub';
const TRUSTED_HUB_FAILURE = ' Failures answer the error body (resFlag false, the message) with their status (spec section 8).';

export const createTrustedHub = endpoint({
  method: 'POST',
  path: 'trustedhub',
  tag: trustedHubTag,
  summary: 'Let a patient trust a hub of one of their offices (no change when already trusted).' + TRUSTED_HUB_FAILURE,
  permission: 'devices.manage',
  body: createTrustedHubBodySchema,
  response: trustedHubSchema,
});

export const updateTrustedHubsForPatient = endpoint({
  method: 'PUT',
  path: 'trustedhub/updatetrustedhubforpatient',
  tag: trustedHubTag,
  summary: "Replace a patient's trusted hubs with `hubIds` (hubs of the patient's offices, at most 20)." + TRUSTED_HUB_FAILURE,
  permission: 'devices.manage',
  headers: patientHeaders,
  body: updateTrustedHubsBodySchema,
  response: z.array(trustedHubSchema),
});

export const deleteTrustedHubForPatient = endpoint({
  method: 'DELETE',
  path: 'trustedhub/deletetrustedhubforpatient',
  tag: trustedHubTag,
  summary: 'Stop a patient trusting a hub (headers patientId, hubId).' + TRUSTED_HUB_FAILURE,
  permission: 'devices.manage',
  headers: trustedHubForPatientHeadersSchema,
  response: deletedTrustedHubSchema,
});

// Medical device ------------------------------------------------------------------------------------

const deviceTag = 'Medical device';

export const createMedicalDevice = endpoint({
  method: 'POST',
  path: 'medicaldevice',
  tag: deviceTag,
  summary:
    "Register a device in an office, optionally assigned to a patient and a hub of that office; 409 when the device identifier is taken",
  permission: 'devices.manage',
  body: createMedicalDeviceBodySchema,
  response: medicalDeviceSchema,
  successStatus: 201,
});

export const getMedicalDevice = endpoint({
  method: 'GET',
  path: 'medicaldevice/{id}',
  tag: deviceTag,
  summary: 'One device in the caller\'s offices (a patient: only their own)',
  permission: 'devices.read',
  params: idParams,
  response: medicalDeviceSchema,
  audit: { resource: 'Device', record: { kind: 'medicalDevice', key: 'params.id' } },
});

export const updateMedicalDevice = endpoint({
  method: 'PUT',
  path: 'medicaldevice/{id}',
  tag: deviceTag,
  summary: 'Change a device: identifier, template, office, hub, patient, manual flag or status (null unassigns)',
  permission: 'devices.manage',
  params: idParams,
  body: updateMedicalDeviceBodySchema,
  response: medicalDeviceSchema,
});

export const deleteMedicalDevice = endpoint({
  method: 'DELETE',
  path: 'medicaldevice/{id}',
  tag: deviceTag,
  summary: 'Delete a device without readings (409 when it has readings: unassign or retire it instead)',
  permission: 'devices.manage',
  params: idParams,
  response: deletedMedicalDeviceSchema,
  audit: { resource: 'Device', record: { kind: 'medicalDevice', key: 'params.id' } },
});

export const getMedicalDevicesForPatient = endpoint({
  method: 'GET',
  path: 'medicaldevice/getmedicaldevicesforpatient',
  tag: deviceTag,
  summary: "The patient's devices in the caller's offices (header patientId), by device type",
  permission: 'devices.read',
  headers: patientHeaders,
  response: z.array(medicalDeviceSchema),
});

export const getMedicalDevicesForPatientV2 = endpoint({
  method: 'GET',
  path: 'medicaldevice/getmedicaldevicesforpatientV2',
  tag: deviceTag,
  summary: "The patient's devices with their monitoringDetails from the active monitoring plan's device of the same type",
  permission: 'devices.read',
  headers: patientHeaders,
  response: z.array(assignedMedicalDeviceSchema),
});

export const getMedicalDeviceByDeviceIdentifier = endpoint({
  method: 'GET',
  path: 'medicaldevice/getmedicaldevicebydeviceidentifier',
  tag: deviceTag,
  summary: 'The device with this identifier (header deviceIdentifier), in the caller\'s offices',
  permission: 'devices.read',
  headers: z.object({ deviceidentifier: medicalDeviceIdentifierSchema }),
  response: medicalDeviceSchema,
  audit: { resource: 'Device', record: { kind: 'deviceIdentifier', key: 'headers.deviceidentifier' } },
});

export const updateIsManualMeasurementForMedicalDevice = endpoint({
  method: 'PUT',
  path: 'medicaldevice/updateismanualmeasurementformedicaldevice',
  tag: deviceTag,
  summary: 'Set whether the device\'s readings are entered by hand',
  permission: 'devices.manage',
  body: updateIsManualMeasurementBodySchema,
  response: medicalDeviceSchema,
  audit: { resource: 'Device', record: { kind: 'medicalDevice', key: 'body.medicalDeviceId' } },
});

export const updateDeviceDefaultValuesJsonForMedicalDevice = endpoint({
  method: 'PUT',
  path: 'medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice',
  tag: deviceTag,
  summary:
    "Replace the device's threshold overrides { [loinc]: { cautionLow, cautionHigh, criticalLow, criticalHigh } } (canonical units; codes of the device's type; critical outside caution)",
  permission: 'devices.manage',
  body: updateDeviceDefaultValuesBodySchema,
  response: medicalDeviceSchema,
  audit: { resource: 'Device', record: { kind: 'medicalDevice', key: 'body.medicalDeviceId' } },
});

/** Chosen: the devices of an office (or of every office in scope), paged. */
export const getMedicalDevicesForHospital = endpoint({
  method: 'GET',
  path: 'medicaldevice/getmedicaldevicesforhospital',
  tag: deviceTag,
  summary:
    "Chosen (not in the spec): the devices of the caller's offices (optional header hospitalId; a patient: their own), paged, sorted by identifier, type or creation, searched by identifier, filtered by devicetype and patientid; each with its patient's name, hub identifier and template model",
  permission: 'devices.read',
  headers: deviceOfficeHeadersSchema,
  query: medicalDevicePageQuerySchema,
  response: medicalDevicePageSchema,
});

// Device templates ----------------------------------------------------------------------------------

const templateTag = 'Medical device template';

export const getMedicalDeviceTemplates = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate',
  tag: templateTag,
  summary: 'Every active device template (model by type and manufacturer), by type, manufacturer and model',
  permission: 'devices.read',
  response: z.array(medicalDeviceTemplateSchema),
});

export const getPossibleDevices = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate/getpossibledevices',
  tag: templateTag,
  summary: 'The device types one may register, with titles, values and the manufacturers of their templates',
  permission: 'devices.read',
  response: z.array(possibleDeviceSchema),
});

export const getMedicalDeviceTemplateByDeviceType = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate/getbydevicetype',
  tag: templateTag,
  summary: 'The first template of a device type (header deviceType), by manufacturer and model; 404 when none',
  permission: 'devices.read',
  headers: templateDeviceTypeHeadersSchema,
  response: medicalDeviceTemplateSchema,
});

export const getMedicalDeviceTemplateByDeviceTypeAndManufacturerId = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate/getbydevicetypeandmanifacturerid',
  tag: templateTag,
  summary: 'The first template of a device type and manufacturer (headers deviceType, manufacturerId); 404 when none',
  permission: 'devices.read',
  headers: templateDeviceTypeAndManufacturerHeadersSchema,
  response: medicalDeviceTemplateSchema,
});

export const getMedicalDeviceTemplatesByType = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate/getbydevicetemplatesbytype',
  tag: templateTag,
  summary: 'Every template of a device type (header deviceType)',
  permission: 'devices.read',
  headers: templateDeviceTypeHeadersSchema,
  response: z.array(medicalDeviceTemplateSchema),
});

export const getMedicalDeviceTemplatesByTypeAndManufacturer = endpoint({
  method: 'GET',
  path: 'medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer',
  tag: templateTag,
  summary: 'Every template of a device type and manufacturer (headers deviceType, manufacturerId)',
  permission: 'devices.read',
  headers: templateDeviceTypeAndManufacturerHeadersSchema,
  response: z.array(medicalDeviceTemplateSchema),
});

// Tablets -------------------------------------------------------------------------------------------

export const getAllTabletInfos = endpoint({
  method: 'GET',
  path: 'tabletinfos/getalltabletinfos',
  tag: 'Tablet',
  summary: "The tablets of the caller's offices (optional header hospitalId; a patient: their own), paged and searched by serial number or model",
  permission: 'devices.read',
  headers: deviceOfficeHeadersSchema,
  query: tabletInfoPageQuerySchema,
  response: tabletInfoPageSchema,
  audit: { resource: 'Device' },
});

// Hubs: chosen endpoints (the spec names no hub endpoints; these sit under `hub/`) --------------------

const hubTag = 'Hub';

/** Chosen: the hubs of the caller's offices, paged. */
export const getHubs = endpoint({
  method: 'GET',
  path: 'hub',
  tag: hubTag,
  summary: "Chosen (not in the spec): the hubs of the caller's offices (optional header hospitalId; a patient: those assigned to them), paged, searched by name, identifier or MAC",
  permission: 'devices.read',
  headers: deviceOfficeHeadersSchema,
  query: hubPageQuerySchema,
  response: hubPageSchema,
  audit: { resource: 'Device' },
});

/** Chosen: one hub with its health. */
export const getHub = endpoint({
  method: 'GET',
  path: 'hub/{id}',
  tag: hubTag,
  summary: 'Chosen (not in the spec): one hub with its devices and health (last check-in, readings in the last 24 hours)',
  permission: 'devices.read',
  params: idParams,
  response: hubDetailSchema,
  audit: { resource: 'Device', record: { kind: 'hub', key: 'params.id' } },
});

/** Chosen: register a hub. */
export const createHub = endpoint({
  method: 'POST',
  path: 'hub',
  tag: hubTag,
  summary: 'Chosen (not in the spec): register a hub in an office, optionally assigned to a patient of that office; 409 when the identifier is taken',
  permission: 'devices.manage',
  body: createHubBodySchema,
  response: hubDetailSchema,
  successStatus: 201,
  audit: { resource: 'Device', patient: 'body.assignedToUserId' },
});

/** Chosen: change a hub. */
export const updateHub = endpoint({
  method: 'PUT',
  path: 'hub/{id}',
  tag: hubTag,
  summary: 'Chosen (not in the spec): change a hub (identifier, MAC, name, office, assigned patient, status)',
  permission: 'devices.manage',
  params: idParams,
  body: updateHubBodySchema,
  response: hubDetailSchema,
  audit: { resource: 'Device', record: { kind: 'hub', key: 'params.id' } },
});

/** Chosen: delete a hub without readings. */
export const deleteHub = endpoint({
  method: 'DELETE',
  path: 'hub/{id}',
  tag: hubTag,
  summary: 'Chosen (not in the spec): delete a hub without readings (409 when it has readings: disable it instead); its devices are unassigned from it',
  permission: 'devices.manage',
  params: idParams,
  response: deletedHubSchema,
  audit: { resource: 'Device', record: { kind: 'hub', key: 'params.id' } },
});

/** Chosen: issue or rotate a hub's ingestion credential. */
export const issueHubCredential = endpoint({
  method: 'POST',
  path: 'hub/{id}/credential',
  tag: hubTag,
  summary: "Chosen (not in the spec): issue or rotate the hub's ingestion credential; it is answered once and only its hash is kept",
  permission: 'devices.manage',
  params: idParams,
  response: hubCredentialSchema,
  audit: { resource: 'Device', record: { kind: 'hub', key: 'params.id' } },
});

/** Chosen: revoke a hub's ingestion credential. */
export const revokeHubCredential = endpoint({
  method: 'DELETE',
  path: 'hub/{id}/credential',
  tag: hubTag,
  summary: "Chosen (not in the spec): revoke the hub's ingestion credential; its next reading answers 401",
  permission: 'devices.manage',
  params: idParams,
  response: revokedHubCredentialSchema,
  audit: { resource: 'Device', record: { kind: 'hub', key: 'params.id' } },
});
