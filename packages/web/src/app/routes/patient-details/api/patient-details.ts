import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import {
  devices,
  measurements,
  medicalTeams,
  metadata,
  notifications,
  Role,
  users,
  type EndpointResponse,
  type IngestReading,
  type Measurement,
  type NotificationFilterCase,
} from '@vigil/contract';
import { endpointQueryOptions, useEndpointMutation, useEndpointQuery } from '../../../../lib/endpoint-query';

export type AlertPeriod = Extract<NotificationFilterCase, 'WEEK' | 'MONTH' | 'ALL'>;
export type AlertStatus = 'all' | 'false' | 'true';

/** How many of the newest readings are read to find the latest of each device type. */
const NEWEST = 100;

/** The latest reading of each device type among a page of readings, newest first. */
function latestOfEachType(page: EndpointResponse<typeof measurements.getMeasurementsForPatientByIdentifier>): Measurement[] {
  const latest = new Map<string, Measurement>();
  for (const m of page.items) { if (!latest.has(m.deviceType)) { latest.set(m.deviceType, m); } }
  return [...latest.values()];
}

/**
 * GET medicaldevicesdata/getmeasurementsforpatientbyidentifier (filterCase ALL, newest first): the
 * latest reading of each device type among the patient's newest readings. `identifier` is the
 * patient's patientIdentifier, or the user id when there is none.
 */
export function useLatestReadings(identifier: string | null) {
  return useEndpointQuery(measurements.getMeasurementsForPatientByIdentifier, latestReadingsInput(identifier ?? ''), { enabled: !!identifier, select: latestOfEachType });
}

const latestReadingsInput = (identifier: string) =>
  ({ headers: { patientidentifier: identifier, filtercase: 'ALL' }, query: { page: 1, pageSize: NEWEST, sort: '-measuredAt' } }) as const;

/**
 * Starts the reads of the patient page's first content as the navigation to /patientdetails/{id}
 * starts (app/router.tsx, the route's loader), not once the page has rendered: the patient
 * (GET user/{id}) and its metadata, then, for a patient, its newest readings by identifier, under
 * the keys of useUser, usePatientMetadata and useLatestReadings (docs/benchmarks.md "Pages").
 * Fresh cached answers are not asked again; a failure is left for the page's hooks to show.
 */
export function prefetchPatientPage(client: QueryClient, patientId: number): void {
  const user = client.fetchQuery(endpointQueryOptions(users.getUser, { params: { id: patientId } }));
  const meta = client.fetchQuery(endpointQueryOptions(metadata.getMetadataForPatient, { headers: { patientid: patientId } }));
  Promise.all([user, meta])
    .then(([u, m]) => {
      if (u.roleId !== Role.PATIENT) { return; }
      return client.prefetchQuery(endpointQueryOptions(measurements.getMeasurementsForPatientByIdentifier, latestReadingsInput(m?.patientIdentifier || String(patientId))));
    })
    .catch(() => undefined);
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
