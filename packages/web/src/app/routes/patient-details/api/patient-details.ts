import { keepPreviousData } from '@tanstack/react-query';
import {
  devices,
  measurements,
  medicalTeams,
  metadata,
  notifications,
  users,
  type EndpointResponse,
  type IngestReading,
  type Measurement,
  type NotificationFilterCase,
} from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../../lib/endpoint-query';

export type AlertPeriod = Extract<NotificationFilterCase, 'WEEK' | 'MONTH' | 'ALL'>;
export type AlertStatus = 'all' | 'false' | 'true';

/** How many of the newest readings are read to find the latest of each device type. */
const NEWEST = 100;

/** The latest reading of each device type among a page of readings, newest first. */
function latestOfEachType(page: EndpointResponse<typeof measurements.getMeasurementsForPatientByIdentifier>): Measurement[] {
  const latest = new Map<string, Measurement>();
  for (const m of page.items) if (!latest.has(m.deviceType)) latest.set(m.deviceType, m);
  return [...latest.values()];
}

/**
 * GET medicaldevicesdata/getmeasurementsforpatientbyidentifier (filterCase ALL, newest first): the
 * latest reading of each device type among the patient's newest readings. `identifier` is the
 * patient's patientIdentifier, or the user id when there is none.
 */
export function useLatestReadings(identifier: string | null) {
  return useEndpointQuery(
    measurements.getMeasurementsForPatientByIdentifier,
    { headers: { patientidentifier: identifier ?? '', filtercase: 'ALL' }, query: { page: 1, pageSize: NEWEST, sort: '-measuredAt' } },
    { enabled: !!identifier, select: latestOfEachType },
  );
}

/** GET medicaldevice/getmedicaldevicesforpatientV2: the patient's devices with their schedule in the active plan. */
export function usePatientDevices(patientId: number, enabled = true) {
  return useEndpointQuery(devices.getMedicalDevicesForPatientV2, { headers: { patientid: patientId } }, { enabled });
}

/**
 * One page of the patient's alert history, GET pushnotifications/getmypushnotificationswithpatient
 * with the `patientid` filter: the period's alerts (abnormal and missed measurements) of this
 * patient, processed or not, newest reading first (`sort` newest), one row per reading, in every
 * office of the caller. The page's `view` says whose: a clinician's own copies ('own'), or every
 * alert of the caller's offices for an office, organization or system admin ('office'). An alert
 * pushed on the socket joins the open first page (monitoring's live-updates.ts).
 */
export function usePatientAlerts(patientId: number, period: AlertPeriod, processed: AlertStatus, page: number, pageSize: number) {
  return useEndpointQuery(
    notifications.getMyPushNotificationsWithPatient,
    { headers: { patientid: patientId }, query: { filtercase: period, processed, sort: 'newest', page, pageSize } },
    { placeholderData: keepPreviousData },
  );
}

/**
 * POST medicaldevicesdata as a staff member: one reading entered by hand (stored as manual), values
 * in the user's units (the server converts them to the canonical ones). Refreshes the readings,
 * the charts, the alerts (an abnormal value raises one), the devices (last reading) and the patient.
 */
export function usePostVitals() {
  return useEndpointMutation(measurements.postMeasurements, {
    input: (reading: IngestReading) => ({ body: reading }),
    invalidates: [measurements, notifications, devices, users.getUser, metadata.getMetadataForPatient, medicalTeams.getMedicalTeamsForPatient],
  });
}
