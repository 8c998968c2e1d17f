import { keepPreviousData } from '@tanstack/react-query';
import {
  measurements,
  medicalTeams,
  metadata,
  offices,
  users,
  UserStatus,
  verifiers,
  withSeriesReadings,
  type EndpointResponse,
  type In,
  type TimeZoneOption,
} from '@vigil/contract';
import { useCan } from './can';
import { endpointQueryOptions, useEndpointQuery, type EndpointQueryOptions } from './endpoint-query';

/**
 * Reads that several features and screens show (a user, an office, an office's patients and staff,
 * a patient's care teams and metadata, readings series, time zones): one hook per endpoint use, so
 * every screen shares one cached answer per call and a change anywhere that names the endpoint
 * (lib/endpoint-query.ts `invalidates`) refreshes them all. A read that belongs to one feature lives
 * in that feature's api/ folder (exported through its index.ts when another feature shows it).
 */

/** GET user/{id}: one user's contact data, role, offices and status (a patient, a staff member, an admin, the caller's own profile). */
export function useUser<T = EndpointResponse<typeof users.getUser>>(id: number | null | undefined, opts: EndpointQueryOptions<typeof users.getUser, T> = {}) {
  return useEndpointQuery(users.getUser, { params: { id: id ?? 0 } }, { enabled: !!id && id > 0, ...opts });
}

/** GET hospital/{id}: an office (its programs RPM / RTM / CCM, its IANA time zone: months and days are the office's). */
export function useOffice<T = EndpointResponse<typeof offices.getOffice>>(id: number | null | undefined, opts: EndpointQueryOptions<typeof offices.getOffice, T> = {}) {
  return useEndpointQuery(offices.getOffice, { params: { id: id ?? 0 } }, { enabled: !!id && id > 0, ...opts });
}

export type OfficePatientsQuery = NonNullable<In<typeof offices.findOfficePatientsV4.query>>;

/** GET hospital/getrelatedpatientsforhospitalv4 (header hospitalid): a page of one office's patients with identifier, record number and care team. */
export function useOfficePatients(officeId: number | null, query: OfficePatientsQuery) {
  return useEndpointQuery(offices.findOfficePatientsV4, { headers: { hospitalid: officeId ?? 0 }, query }, { enabled: officeId !== null && officeId > 0, placeholderData: keepPreviousData });
}

/** Largest page of the office patient list the pickers take (the first 200 by last name). */
const MAX_PATIENT_OPTIONS = 200;

/**
 * Query options of an office's patient picker list (GET hospital/getrelatedpatientsforhospitalv4,
 * first 200 by last name): for useQueries where several offices' lists are read at once.
 */
export function officePatientOptionsQuery(officeId: number) {
  return { ...endpointQueryOptions(offices.findOfficePatientsV4, patientOptionsInput(officeId)), staleTime: 60_000 };
}

const patientOptionsInput = (officeId: number) => ({ headers: { hospitalid: officeId }, query: { page: 1, pageSize: MAX_PATIENT_OPTIONS, sort: 'lastName' as const } });

type OfficePatientsPage = EndpointResponse<typeof offices.findOfficePatientsV4>;
const toPatientOptions = (page: OfficePatientsPage) => page.items.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, status: p.status }));

/** An office's patients as picker options ({ id, name "First Last", status }), the first 200 by last name. */
export function useOfficePatientOptions(officeId: number | null) {
  return useEndpointQuery(offices.findOfficePatientsV4, patientOptionsInput(officeId ?? 0), {
    enabled: officeId !== null && officeId > 0,
    staleTime: 60_000,
    select: toPatientOptions,
  });
}

/** How many matches a patient search box offers at once. */
const PATIENT_SEARCH_SIZE = 50;

/** GET hospital/getrelatedpatientsforhospitalv4: an office's patients matching `search` (first 50 by last name), for a search-as-you-type picker. */
export function useOfficePatientSearch(officeId: number | null, search: string) {
  return useEndpointQuery(
    offices.findOfficePatientsV4,
    { headers: { hospitalid: officeId ?? 0 }, query: { page: 1, pageSize: PATIENT_SEARCH_SIZE, sort: 'lastName', search: search || undefined } },
    { enabled: !!officeId, placeholderData: keepPreviousData },
  );
}

export type HospitalPatientsQuery = NonNullable<In<typeof users.getHospitalPatients.query>>;

/** GET user/gethospitalpatients: a page of the patients of one office (`officeId`) or of every office in the caller's scope (null). */
export function useHospitalPatients(officeId: number | null, query: HospitalPatientsQuery, opts: { enabled?: boolean; staleTime?: number } = {}) {
  return useEndpointQuery(users.getHospitalPatients, { headers: { hospitalid: officeId ?? undefined }, query }, { placeholderData: keepPreviousData, ...opts });
}

export type OfficeStaffQuery = NonNullable<In<typeof offices.findOfficeMedicalStaffV2.query>>;

/** GET hospital/getrelatedmedicalstaffforhospitalV2 (header hospitalid): a page of the office's staff. */
export function useOfficeStaff(officeId: number | null, query: OfficeStaffQuery, opts: { placeholder?: boolean } = {}) {
  return useEndpointQuery(
    offices.findOfficeMedicalStaffV2,
    { headers: { hospitalid: officeId ?? 0 }, query },
    { enabled: !!officeId && officeId > 0, placeholderData: opts.placeholder === false ? undefined : keepPreviousData },
  );
}

/** Most staff members offered when choosing care staff (one page of the office's active staff). */
const MAX_ACTIVE_STAFF = 200;

/** The office's active staff, by last name (spec section 6: only active care staff are selectable for a care team). */
export function useActiveOfficeStaff(officeId: number | null) {
  return useOfficeStaff(officeId, { page: 1, pageSize: MAX_ACTIVE_STAFF, sort: 'lastName', status: UserStatus.ACTIVE }, { placeholder: false });
}

type StaffList = EndpointResponse<typeof offices.findOfficeMedicalStaff>;

/**
 * GET hospital/getrelatedmedicalstaffforhospital: every staff member of the office (unpaged), to
 * name the staff of time entries or to choose whom to authorize; `select` narrows or maps the list.
 * Read for a real office only: an admin's screen has office 0 while its offices load, and the API
 * answers 400 for it (the /medicalStaffMapping break of the admins).
 */
export function useAllOfficeStaff<T = StaffList>(officeId: number | null, opts: EndpointQueryOptions<typeof offices.findOfficeMedicalStaff, T> = {}) {
  const { enabled = true, ...rest } = opts;
  return useEndpointQuery(offices.findOfficeMedicalStaff, { headers: { hospitalid: officeId ?? 0 }, query: {} }, { enabled: officeId !== null && officeId > 0 && enabled, ...rest });
}

export type OfficeAdminsQuery = NonNullable<In<typeof users.getHospitalAdmins.query>>;

/** GET user/gethospitaladmins: a page of the office admins in scope, narrowed to one office by the hospitalid header. */
export function useOfficeAdmins(officeId: number | undefined, query: OfficeAdminsQuery) {
  return useEndpointQuery(users.getHospitalAdmins, { headers: { hospitalid: officeId }, query }, { placeholderData: keepPreviousData });
}

/** GET medicalteam/getmedicalteamsforpatient: the patient's care teams (one per office) with their members. */
export function usePatientTeams(patientId: number | null, enabled = true) {
  return useEndpointQuery(medicalTeams.getMedicalTeamsForPatient, { headers: { patientid: patientId ?? 0 } }, { enabled: enabled && !!patientId });
}

/** GET patientmetadata/getmetadataforpatient: height (cm), weight (kg), ideal weight (kg), identifiers; null when none yet. */
export function usePatientMetadata(patientId: number, enabled = true) {
  return useEndpointQuery(metadata.getMetadataForPatient, { headers: { patientid: patientId } }, { enabled });
}

/**
 * GET medicaldevicesdata/getpatientseries: per device type the readings of the days from..to (the
 * patient's time zone; no `to`: up to now) with display values and the thresholds in effect; the
 * points, answered as columns, also one object per reading (`readings`, contract withSeriesReadings).
 */
export function usePatientSeries(patientId: number | null, range: { from: string; to?: string }, opts: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return useEndpointQuery(
    measurements.getPatientSeries,
    { headers: { patientid: patientId ?? 0 }, query: range },
    { enabled: (opts.enabled ?? true) && !!patientId, placeholderData: opts.keepPrevious ? keepPreviousData : undefined, select: withSeriesReadings },
  );
}

let browserZones: TimeZoneOption[] | null = null;

/** The browser's own IANA list, for users without verifiers.read (partners, ECP users); built once. */
function browserTimeZones(): TimeZoneOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  browserZones ??= zones.map((id) => ({ id, label: id, offset: '' }));
  return browserZones;
}

/** GET verifier/gettimezones: IANA time zones with their UTC offset (the browser's list, without offsets, for users without verifiers.read). */
export function useTimeZones(): { data: TimeZoneOption[] | undefined; isLoading: boolean } {
  const allowed = useCan('verifiers.read');
  const q = useEndpointQuery(verifiers.getTimeZones, {}, { enabled: allowed, staleTime: Infinity });
  if (!allowed) { return { data: browserTimeZones(), isLoading: false }; }
  return { data: q.data, isLoading: q.isLoading };
}
