import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  deviceDefaultsSchema,
  deviceMeasurementsHeadersSchema,
  deviceMeasurementsQuerySchema,
  hospitalHeadersSchema,
  hospitalMonthHeadersSchema,
  ingestBodySchema,
  ingestResponseSchema,
  measurementPageQuerySchema,
  measurementPageSchema,
  patientIdentifierCustomDateHeadersSchema,
  patientIdentifierHeadersSchema,
  patientSeriesHeadersSchema,
  patientSeriesQuerySchema,
  patientSeriesSchema,
  updateDeviceDefaultsBodySchema,
} from './measurements.schemas';

const tag = 'Measurements';

/**
 * Ingestion (README "Remote monitoring"). A hub authenticates with its own credential (header
 * `HubToken`); a staff member with a session enters a manual reading. Exactly-once effect: a
 * repeat of a reading's identity (hub, device, type, measured-at) answers 'duplicate' with the
 * original id.
 */
export const postMeasurements = endpoint({
  method: 'POST',
  path: 'medicaldevicesdata',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary:
    'Store one reading or a batch (at most 500; more answers 413) from a hub (HubToken) or a staff member (manual); each reading answered stored / duplicate (original id) / rejected (reason), after the commit',
  permission: 'measurements.create',
  hubAuth: true,
  body: ingestBodySchema,
  response: ingestResponseSchema,
  audit: { resource: 'Observation', patient: 'body.patientId' },
});

export const getMeasurementsForPatientsForHospital = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getmeasurementsforpatientsforhospital',
  tag,
  summary: "An office's readings of a month (office time zone), paged, newest first; values canonical and in the caller's units",
  permission: 'measurements.read',
  headers: hospitalMonthHeadersSchema,
  query: measurementPageQuerySchema,
  response: measurementPageSchema,
  audit: { resource: 'Observation' },
});

export const getDeviceDefaultsForHospital = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getdevicedefaultsforhospital',
  tag,
  summary: "An office's effective thresholds per device type: the catalogue's defaults with the office's own laid over them",
  permission: 'measurements.read',
  headers: hospitalHeadersSchema,
  response: z.array(deviceDefaultsSchema),
});

/** Chosen (the spec names only the read): set an office's thresholds for one device type. */
export const updateDeviceDefaultsForHospital = endpoint({
  method: 'PUT',
  path: 'medicaldevicesdata/updatedevicedefaultsforhospital',
  tag,
  summary: "Chosen (not in the spec): set an office's caution / critical limits for one device type, canonical units ({} restores the catalogue's)",
  permission: 'treatmentPlans.manage',
  headers: hospitalHeadersSchema,
  body: updateDeviceDefaultsBodySchema,
  response: deviceDefaultsSchema,
});

export const getMeasurementsForPatientByIdentifier = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getmeasurementsforpatientbyidentifier',
  tag,
  summary: "A patient's readings (patientIdentifier or user id) for TODAY, WEEK, MONTH, THREE_MONTHS or ALL, paged, newest first",
  permission: 'measurements.read',
  headers: patientIdentifierHeadersSchema,
  query: measurementPageQuerySchema,
  response: measurementPageSchema,
  audit: { resource: 'Observation', record: { kind: 'patientIdentifier', key: 'headers.patientidentifier' } },
});

export const getMeasurementsForPatientByIdentifierCustomDate = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getmeasurementsforpatientbyidentifiercustomdate',
  tag,
  summary: "A patient's readings between startDate and endDate (days in the patient's time zone, both included, or instants), paged",
  permission: 'measurements.read',
  headers: patientIdentifierCustomDateHeadersSchema,
  query: measurementPageQuerySchema,
  response: measurementPageSchema,
  audit: { resource: 'Observation', record: { kind: 'patientIdentifier', key: 'headers.patientidentifier' } },
});

/**
 * Chosen (for /devicemeasurements/{id}): one device's readings, paged; with `format=csv` the
 * answer is a CSV file (text/csv, every reading of the range up to 50,000 rows) instead of the
 * JSON envelope.
 */
export const getMeasurementsForDevice = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getmeasurementsfordevice',
  tag,
  summary: "Chosen (not in the spec): one device's readings from / to, paged; format=csv answers a CSV file in the caller's units",
  permission: 'measurements.read',
  headers: deviceMeasurementsHeadersSchema,
  query: deviceMeasurementsQuerySchema,
  binary: true,
  response: measurementPageSchema,
  audit: { resource: 'Observation', record: { kind: 'medicalDevice', key: 'headers.deviceid' } },
});

/** Chosen (for the charts of /patientdetails/{id}): per device type the readings and the thresholds in effect. */
export const getPatientSeries = endpoint({
  method: 'GET',
  path: 'medicaldevicesdata/getpatientseries',
  tag,
  summary: "Chosen (not in the spec): a patient's readings from / to (default the last 30 days) per device type, with the thresholds in effect, for charts; the points as columns (SeriesPoints)",
  permission: 'measurements.read',
  headers: patientSeriesHeadersSchema,
  query: patientSeriesQuerySchema,
  response: patientSeriesSchema,
});
