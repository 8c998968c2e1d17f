/**
 * The importer's table of FHIR resourceType -> mapper. Each mapper checks a resource's shape and
 * maps it without touching the database (`prepare`, pure), and returns the write to run inside the
 * bundle's transaction (`apply`). A type missing from the table is counted as unmapped; Conditions
 * become diagnoses (fhir.conditions.ts). Observations of vital signs and glucose
 * become measurements (fhir.vitals.ts); other Observation codes are counted as unmapped by code.
 */
import { Role, UserStatus } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  MappingError,
  NPI_SYSTEM,
  classifyObservation,
  deriveUsername,
  languageOf,
  mapLocation,
  mapOrganization,
  mapPatient,
  mapPractitioner,
  parseReference,
  refKey,
  type FhirRef,
  type PersonValues,
} from './fhir.map';
import {
  describeZodError,
  encounterSchema,
  locationSchema,
  observationSchema,
  organizationSchema,
  patientSchema,
  practitionerRoleSchema,
  practitionerSchema,
  type FhirEncounter,
  type FhirObservation,
  type FhirPractitioner,
  type FhirPractitionerRole,
  type FhirResource,
} from './fhir.schemas';
import { idealBodyWeightKg, sexFromGender } from '../metadata/index';
import { storeImportedReading } from '../measurements/index';
import { systemDb } from '../../db/handles';
import { mapVitalObservation } from './fhir.vitals';
import { medicationMapper, medicationRequestMapper, type KnownMedication } from './fhir.medications';
import { conditionMapper } from './fhir.conditions';
import * as repo from './import.repo';
import type { z } from 'zod';
import { sameJson } from '../../lib/same-json';

/** What applying one record did. */
export interface RecordOutcome {
  status: 'created' | 'updated' | 'unchanged' | 'skipped';
  reason?: string;
}

/** The result of preparing one resource. */
export type Prepared =
  | { kind: 'record'; apply: (tx: Executor) => Promise<RecordOutcome> }
  | { kind: 'merged' }
  /** Not imported; `code` names what was not mapped (an Observation's LOINC code) for the report. */
  | { kind: 'unmapped'; code?: string }
  | { kind: 'skipped'; reason: string };

/** One bundle's resources, indexed for the mappers that read across records. */
export interface BundleIndex {
  fullUrls: Map<string, { type: string; id: string }>;
  /** Observations and Encounters by their subject, 'Patient/<id>'. */
  observationsBySubject: Map<string, FhirObservation[]>;
  encountersBySubject: Map<string, FhirEncounter[]>;
  roles: FhirPractitionerRole[];
}

/** State kept across the bundles of one run: business identifiers seen -> 'Type/id'. */
export interface RunState {
  identifiers: Map<string, string>;
  /** Medication resources seen, for the MedicationRequests that reference them (fhir.medications.ts). */
  medications?: Map<string, KnownMedication>;
}

export interface ResourceMapper {
  /** Order inside a bundle: what other records refer to goes first. */
  order: number;
  /** Checks and maps the resource (no database); throws MappingError for a bad record. */
  prepare(resource: FhirResource, bundle: BundleIndex, run: RunState): Prepared;
}

const identKey = (type: string, system: string, value: string) => `${type}|${system}|${value}`;

function registerIdentifiers(run: RunState, type: string, id: string, identifiers: { system?: string; value?: string }[] | undefined) {
  for (const i of identifiers ?? []) { if (i.value) { run.identifiers.set(identKey(type, i.system ?? '', i.value), refKey(type, id)); } }
}

function parse<S extends z.ZodType>(schema: S, resource: unknown): z.output<S> {
  const result = schema.safeParse(resource);
  if (!result.success) { throw new MappingError(describeZodError(result.error)); }
  return result.data;
}

/** Builds the bundle index; resources that do not parse are left out here (their own mapper reports them). */
export function buildBundleIndex(entries: { fullUrl?: string; resource: FhirResource }[]): BundleIndex {
  const fullUrls = new Map<string, { type: string; id: string }>();
  for (const e of entries) {
    if (e.fullUrl && typeof e.resource.id === 'string') { fullUrls.set(e.fullUrl, { type: e.resource.resourceType, id: e.resource.id }); }
  }
  const index: BundleIndex = { fullUrls, observationsBySubject: new Map(), encountersBySubject: new Map(), roles: [] };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const { resource } of entries) {
    if (resource.resourceType === 'Observation' || resource.resourceType === 'Encounter') {
      const parsed = (resource.resourceType === 'Observation' ? observationSchema : encounterSchema).safeParse(resource);
      if (!parsed.success) { continue; }
      const subject = parseReference(parsed.data.subject, 'Patient', fullUrls);
      if (!subject || !('id' in subject)) { continue; }
      const key = refKey('Patient', subject.id);
      if (parsed.data.resourceType === 'Observation') { push(index.observationsBySubject, key, parsed.data); }
      else { push(index.encountersBySubject, key, parsed.data); }
    } else if (resource.resourceType === 'PractitionerRole') {
      const parsed = practitionerRoleSchema.safeParse(resource);
      if (parsed.success) { index.roles.push(parsed.data); }
    }
  }
  return index;
}

/** The PractitionerRoles of the bundle that point at `p` (by id, fullUrl or identifier such as the NPI). */
function rolesOf(p: FhirPractitioner, bundle: BundleIndex): FhirPractitionerRole[] {
  return bundle.roles.filter((r) => {
    const ref = parseReference(r.practitioner, 'Practitioner', bundle.fullUrls);
    if (!ref) { return false; }
    if ('id' in ref) { return ref.id === p.id; }
    return (p.identifier ?? []).some((i) => i.value === ref.value && (i.system ?? '') === ref.system);
  });
}

// Resolution of references to rows (inside the transaction) -------------------------------------

function candidateKeys(ref: FhirRef, run: RunState): string[] {
  if ('id' in ref) { return [refKey(ref.type, ref.id)]; }
  const known = run.identifiers.get(identKey(ref.type, ref.system, ref.value));
  if (known) { return [known]; }
  // Synthea's conditional references carry its own identifier, equal to the resource id.
  return /^[A-Za-z0-9\-.]{1,64}$/.test(ref.value) ? [refKey(ref.type, ref.value)] : [];
}

async function resolveOrganizationId(tx: Executor, ref: FhirRef | null, run: RunState): Promise<number | null> {
  if (!ref) { return null; }
  for (const key of candidateKeys(ref, run)) {
    const row = await repo.getOrganizationByRef(tx, key);
    if (row) { return row.id; }
  }
  return null;
}

async function resolveOfficeId(tx: Executor, ref: FhirRef | null, run: RunState): Promise<number | null> {
  if (!ref) { return null; }
  for (const key of candidateKeys(ref, run)) {
    const row = await repo.getOfficeByRef(tx, key);
    if (row) { return row.id; }
  }
  return null;
}

async function resolveStaffId(tx: Executor, ref: FhirRef | null, run: RunState): Promise<number | null> {
  if (!ref) { return null; }
  if (!('id' in ref) && ref.system === NPI_SYSTEM) {
    const byNpi = await repo.getStaffIdByNpi(tx, ref.value);
    if (byNpi) { return byNpi; }
  }
  for (const key of candidateKeys(ref, run)) {
    const row = await repo.getUserByRef(tx, key);
    if (row && (row.roleId === Role.DOCTOR || row.roleId === Role.NURSE)) { return row.id; }
  }
  return null;
}

// Writing people --------------------------------------------------------------------------------

/** Fields of `next` that differ from `current`. */
function changed<T extends Record<string, unknown>>(current: Record<string, unknown>, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(next)) {
    const c = current[k];
    const same = typeof v === 'number' && typeof c === 'number' ? Math.abs(v - c) < 1e-9 : c === v || (c == null && v == null);
    if (!same) { (out as Record<string, unknown>)[k] = v; }
  }
  return out;
}

const isEmpty = (o: object) => Object.keys(o).length === 0;


/** `email` when free (or already this user's); null when another user holds it. */
async function usableEmail(tx: Executor, email: string | null, selfId: number | null): Promise<string | null> {
  if (!email) { return null; }
  const owner = await repo.getEmailOwner(tx, email);
  return owner === null || owner === selfId ? email : null;
}

async function freeUsername(tx: Executor, person: PersonValues, externalRef: string): Promise<string> {
  for (let extra = 0; extra < 8; extra += 2) {
    const candidate = deriveUsername(person.firstName, person.lastName, externalRef, extra);
    if (!(await repo.isUsernameTaken(tx, candidate))) { return candidate; }
  }
  throw new MappingError('username: no free username could be derived');
}

/**
 * Creates or updates the user of `externalRef`. FHIR is the source of the demographic fields
 * (names, gender, birth date, address, phone, e-mail) when it has them; Vigil owns the account
 * (username, password, language, time zone, settings), so a re-import never overwrites those.
 * Status follows FHIR only towards deceased, which is final.
 */
async function upsertPerson(
  tx: Executor,
  externalRef: string,
  input: { roleId: number; person: PersonValues; language: 'ENG' | 'ESP'; status: number; organizationId: number | null },
): Promise<{ user: repo.UserRow; created: boolean; updated: boolean }> {
  const existing = await repo.getUserByRef(tx, externalRef);
  const { userTimezone, email, ...demographic } = input.person;
  if (!existing) {
    const user = await repo.createUser(tx, {
      ...demographic,
      email: await usableEmail(tx, email, null),
      userTimezone,
      roleId: input.roleId,
      organizationId: input.organizationId,
      username: await freeUsername(tx, input.person, externalRef),
      language: input.language,
      status: input.status,
      passwordHash: null,
      emailValidated: false,
      externalRef,
    });
    return { user, created: true, updated: false };
  }
  // A field the FHIR record leaves empty does not clear what Vigil already holds (an e-mail added later).
  const provided = Object.fromEntries(Object.entries({ ...demographic, email: await usableEmail(tx, email, existing.id) }).filter(([, v]) => v !== null && v !== ''));
  const next: Record<string, unknown> = { ...provided, roleId: input.roleId };
  if (input.status === UserStatus.DECEASED) { next.status = UserStatus.DECEASED; }
  if (existing.organizationId === null && input.organizationId !== null) { next.organizationId = input.organizationId; }
  const diff = changed(existing, next);
  if (!isEmpty(diff)) { await repo.updateUser(tx, existing.id, diff as Partial<repo.UserRow>); }
  return { user: { ...existing, ...diff } as repo.UserRow, created: false, updated: !isEmpty(diff) };
}

// The mappers -----------------------------------------------------------------------------------

const organizationMapper: ResourceMapper = {
  order: 10,
  prepare(resource, _bundle, run) {
    const r = parse(organizationSchema, resource);
    registerIdentifiers(run, 'Organization', r.id, r.identifier);
    const values = mapOrganization(r);
    const externalRef = refKey('Organization', r.id);
    return {
      kind: 'record',
      async apply(tx) {
        const existing = await repo.getOrganizationByRef(tx, externalRef);
        if (!existing) {
          await repo.createOrganization(tx, { ...values, externalRef });
          return { status: 'created' };
        }
        const diff = changed(existing, { ...values });
        if (isEmpty(diff)) { return { status: 'unchanged' }; }
        await repo.updateOrganization(tx, existing.id, diff);
        return { status: 'updated' };
      },
    };
  },
};

const locationMapper: ResourceMapper = {
  order: 20,
  prepare(resource, bundle, run) {
    const r = parse(locationSchema, resource);
    registerIdentifiers(run, 'Location', r.id, r.identifier);
    const values = mapLocation(r);
    if (!values) { return { kind: 'skipped', reason: r.mode === 'kind' ? 'a kind of location (mode kind), not an office' : 'no name: not an office' }; }
    const externalRef = refKey('Location', r.id);
    const orgRef = parseReference(r.managingOrganization, 'Organization', bundle.fullUrls);
    return {
      kind: 'record',
      async apply(tx) {
        const organizationId = (await resolveOrganizationId(tx, orgRef, run)) ?? (await repo.getFirstOrganizationId(tx));
        if (organizationId === null) { throw new MappingError('managingOrganization: no organization has been imported to hold this office'); }
        const existing = await repo.getOfficeByRef(tx, externalRef);
        if (!existing) {
          await repo.createOffice(tx, { ...values, organizationId, externalRef });
          return { status: 'created' };
        }
        const diff = changed(existing, { ...values, organizationId });
        if (isEmpty(diff)) { return { status: 'unchanged' }; }
        await repo.updateOffice(tx, existing.id, diff);
        return { status: 'updated' };
      },
    };
  },
};

/** The office a PractitionerRole points at: its first resolvable location, else its organization's first office. */
async function officeOfRole(tx: Executor, role: FhirPractitionerRole, bundle: BundleIndex, run: RunState): Promise<number | null> {
  for (const l of role.location ?? []) {
    const id = await resolveOfficeId(tx, parseReference(l, 'Location', bundle.fullUrls), run);
    if (id !== null) { return id; }
  }
  const orgId = await resolveOrganizationId(tx, parseReference(role.organization, 'Organization', bundle.fullUrls), run);
  return orgId === null ? null : repo.getFirstOfficeId(tx, orgId);
}

const practitionerMapper: ResourceMapper = {
  order: 30,
  prepare(resource, bundle, run) {
    const r = parse(practitionerSchema, resource);
    registerIdentifiers(run, 'Practitioner', r.id, r.identifier);
    const roles = rolesOf(r, bundle);
    const m = mapPractitioner(r, roles);
    const language = languageOf((r.communication ?? []).map((language) => ({ language })));
    const externalRef = refKey('Practitioner', r.id);
    return {
      kind: 'record',
      async apply(tx) {
        let organizationId: number | null = null;
        for (const role of roles) {
          const officeId = await officeOfRole(tx, role, bundle, run);
          if (officeId !== null) {
            organizationId = (await repo.getOffice(tx, officeId))?.organizationId ?? null;
            break;
          }
        }
        const { user, created, updated } = await upsertPerson(tx, externalRef, { roleId: m.roleId, person: m.person, language, status: m.status, organizationId });
        const specialty = m.specialty ? { specialty: m.specialty } : {};
        let metaChanged = false;
        if (m.roleId === Role.DOCTOR) {
          const meta = await repo.getDoctorMetadata(tx, user.id);
          const info = { ...(meta?.metadataInfo ?? {}), ...specialty };
          if (!meta || meta.npi !== m.npi || !sameJson(meta.metadataInfo, info)) {
            await repo.upsertDoctorMetadata(tx, user.id, { npi: m.npi, metadataInfo: info });
            metaChanged = true;
          }
        } else {
          const meta = await repo.getNurseMetadata(tx, user.id);
          const info = { ...(meta?.metadataInfo ?? {}), npi: m.npi, ...specialty };
          if (!meta || !sameJson(meta.metadataInfo, info)) {
            await repo.upsertNurseMetadata(tx, user.id, { metadataInfo: info });
            metaChanged = true;
          }
        }
        return { status: created ? 'created' : updated || metaChanged ? 'updated' : 'unchanged' };
      },
    };
  },
};

const practitionerRoleMapper: ResourceMapper = {
  order: 40,
  prepare(resource, bundle, run) {
    const r = parse(practitionerRoleSchema, resource);
    const practitionerRef = parseReference(r.practitioner, 'Practitioner', bundle.fullUrls);
    if (!practitionerRef) { throw new MappingError('practitioner: not a reference to a Practitioner'); }
    return {
      kind: 'record',
      async apply(tx) {
        const userId = await resolveStaffId(tx, practitionerRef, run);
        if (userId === null) { return { status: 'skipped', reason: 'practitioner: not imported' }; }
        const officeId = await officeOfRole(tx, r, bundle, run);
        if (officeId === null) { return { status: 'skipped', reason: 'location / organization: no imported office' }; }
        const added = await repo.ensureOfficeAssignment(tx, userId, officeId);
        const office = await repo.getOffice(tx, officeId);
        const [user] = await repo.getUsersByIds(tx, [userId]);
        let updated = false;
        if (user && office && user.organizationId === null) {
          await repo.updateUser(tx, userId, { organizationId: office.organizationId });
          updated = true;
        }
        return { status: added ? 'created' : updated ? 'updated' : 'unchanged' };
      },
    };
  },
};

/** Counts values and returns them most frequent first (ties: first seen first). */
function byFrequency<T>(values: T[]): T[] {
  const counts = new Map<T, number>();
  for (const v of values) { counts.set(v, (counts.get(v) ?? 0) + 1); }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

const refText = (ref: FhirRef) => ('id' in ref ? `${ref.type}/${ref.id}` : `${ref.type}?${ref.system}|${ref.value}`);

const patientMapper: ResourceMapper = {
  order: 50,
  prepare(resource, bundle, run) {
    const r = parse(patientSchema, resource);
    const key = refKey('Patient', r.id);
    const m = mapPatient(r, bundle.observationsBySubject.get(key) ?? []);
    const encounters = bundle.encountersBySubject.get(key) ?? [];
    return {
      kind: 'record',
      async apply(tx) {
        // The office: the most frequent among the Encounters' locations / service providers, else the first office.
        const officeCache = new Map<string, number | null>();
        const officeOfRef = async (ref: FhirRef): Promise<number | null> => {
          if (ref.type === 'Location') { return resolveOfficeId(tx, ref, run); }
          const orgId = await resolveOrganizationId(tx, ref, run);
          return orgId === null ? null : repo.getFirstOfficeId(tx, orgId);
        };
        const officeOf = async (e: FhirEncounter): Promise<number | null> => {
          const refs = [
            ...(e.location ?? []).map((l) => parseReference(l.location, 'Location', bundle.fullUrls)),
            parseReference(e.serviceProvider, 'Organization', bundle.fullUrls),
          ].filter((r): r is FhirRef => r !== null);
          for (const ref of refs) {
            const k = refText(ref);
            if (!officeCache.has(k)) { officeCache.set(k, await officeOfRef(ref)); }
            const id = officeCache.get(k);
            if (id != null) { return id; }
          }
          return null;
        };
        const offices: number[] = [];
        for (const e of encounters) {
          const id = await officeOf(e);
          if (id !== null) { offices.push(id); }
        }
        const officeId = byFrequency(offices)[0] ?? (await repo.getFirstOfficeId(tx, null));
        if (officeId == null) { throw new MappingError('no office has been imported to assign the patient to (import Organization and Location first)'); }
        const office = (await repo.getOffice(tx, officeId))!;

        const { user, created, updated } = await upsertPerson(tx, key, {
          roleId: Role.PATIENT,
          person: m.person,
          language: m.language,
          status: m.status,
          organizationId: office.organizationId,
        });
        let changedAny = updated;

        const meta = await repo.getPatientMetadata(tx, user.id);
        // The same rule as the metadata endpoints: ideal weight from height and sex (Devine).
        const metaNext = { ...m.metadata, idealWeightCalculatedInKg: idealBodyWeightKg(m.metadata.heightInCm, sexFromGender(m.person.gender)) };
        if (!meta) {
          await repo.upsertPatientMetadata(tx, user.id, metaNext);
          changedAny = true;
        } else {
          const diff = changed(meta, metaNext);
          if (!isEmpty(diff)) {
            await repo.upsertPatientMetadata(tx, user.id, diff);
            changedAny = true;
          }
        }

        if (await repo.ensureOfficeAssignment(tx, user.id, officeId)) { changedAny = true; }
        const team = await repo.ensureMedicalTeam(tx, user.id, officeId);
        if (team.created) { changedAny = true; }
        const memberRoles = team.created ? [] : await repo.getTeamMemberRoles(tx, team.id);
        const needDoctor = !memberRoles.includes(Role.DOCTOR);
        const needNurse = !memberRoles.includes(Role.NURSE);
        if (needDoctor || needNurse) {
          const officeDoctors = await repo.getOfficeStaffIds(tx, officeId, Role.DOCTOR);
          const officeNurses = await repo.getOfficeStaffIds(tx, officeId, Role.NURSE);
          // The Encounters' practitioners, most frequent first, when they work at this office.
          const participantRefs = encounters.flatMap((e) =>
            (e.participant ?? []).map((p) => parseReference(p.individual, 'Practitioner', bundle.fullUrls)).filter((x): x is FhirRef => x !== null),
          );
          const byText = new Map(participantRefs.map((p) => [refText(p), p]));
          const participants: number[] = [];
          for (const k of byFrequency(participantRefs.map(refText)).slice(0, 10)) {
            const id = await resolveStaffId(tx, byText.get(k)!, run);
            if (id !== null) { participants.push(id); }
          }
          const pick = (staff: number[]) => participants.find((p) => staff.includes(p)) ?? staff[0];
          const doctor = needDoctor ? pick(officeDoctors) : undefined;
          const nurse = needNurse ? pick(officeNurses) : undefined;
          for (const member of [doctor, nurse]) {
            if (member !== undefined && (await repo.addTeamMember(tx, team.id, member))) { changedAny = true; }
          }
        }
        return { status: created ? 'created' : changedAny ? 'updated' : 'unchanged' };
      },
    };
  },
};

/**
 * Observations (fhir.vitals.ts): vital signs and glucose become measurements of the subject
 * patient (source 'fhir', `externalRef` 'Observation/<id>', so a re-import finds them: unchanged
 * or updated), in the patient's first office, graded with that office's thresholds; the identity
 * is hub key 0 and device key minus the patient id (no device: one identity space per patient, so
 * two patients' readings at the same instant never collide). Body height and a heart rate taken
 * with a blood pressure are merged into other records; other codes are counted as unmapped by
 * code. A LOINC-claimed code that is not LOINC, an unusable height / weight (classifyObservation)
 * or vital value fails the record.
 */
const observationMapper: ResourceMapper = {
  order: 60,
  prepare(resource, bundle, run) {
    const r = parse(observationSchema, resource);
    classifyObservation(r);
    const subject = parseReference(r.subject, 'Patient', bundle.fullUrls);
    const sameSubject = subject && 'id' in subject ? (bundle.observationsBySubject.get(refKey('Patient', subject.id)) ?? []) : [];
    const v = mapVitalObservation(r, sameSubject);
    if (v.kind === 'merged') { return { kind: 'merged' }; }
    if (v.kind === 'unmapped') { return { kind: 'unmapped', code: v.code }; }
    if (v.kind === 'skipped') { return { kind: 'skipped', reason: v.reason }; }
    if (!subject) { throw new MappingError('subject: a measurement needs a reference to its Patient'); }
    const externalRef = refKey('Observation', r.id);
    return {
      kind: 'record',
      async apply(tx) {
        let patientId: number | null = null;
        for (const key of candidateKeys(subject, run)) {
          const row = await repo.getUserByRef(tx, key);
          if (row && row.roleId === Role.PATIENT) {
            patientId = row.id;
            break;
          }
        }
        if (patientId === null) { return { status: 'skipped', reason: 'subject: patient not imported' }; }
        const hospitalId = await repo.getFirstOfficeOfUser(tx, patientId);
        if (hospitalId === null) { return { status: 'skipped', reason: 'subject: the patient has no office' }; }
        const stored = await storeImportedReading(systemDb(tx), {
          patientId,
          hospitalId,
          deviceType: v.deviceType,
          measuredAt: v.measuredAt,
          measuredAtOffset: v.measuredAtOffset,
          values: v.values,
          externalRef,
        });
        if (stored.status === 'duplicate') { return { status: 'skipped', reason: 'a reading of the same patient, type and time is already stored' }; }
        return { status: stored.status };
      },
    };
  },
};

/** resourceType -> mapper. Types not listed are counted as unmapped. */
export const resourceMappers: Record<string, ResourceMapper> = {
  Organization: organizationMapper,
  Location: locationMapper,
  Practitioner: practitionerMapper,
  PractitionerRole: practitionerRoleMapper,
  Patient: patientMapper,
  Observation: observationMapper,
  Medication: medicationMapper,
  MedicationRequest: medicationRequestMapper,
  // Conditions become the patient's diagnoses (fhir.conditions.ts), resolved to patients as Observations are.
  Condition: conditionMapper(async (tx, subject, run) => {
    for (const key of candidateKeys(subject, run)) {
      const row = await repo.getUserByRef(tx, key);
      if (row && row.roleId === Role.PATIENT) { return row.id; }
    }
    return null;
  }),
};
