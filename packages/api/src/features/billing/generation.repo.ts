/**
 * Database access of billing generation: the facts the engine needs, read in SET queries per batch
 * of patients (one query per kind of fact, never one per patient). The runs and the writes of
 * billing_claims rows are billing-runs.repo.ts's. Every function takes the caller's tenant handle
 * and applies the office / organization filter of db/scope.ts.
 *
 * Local days and months are the office's (hospitals.time_zone), computed in SQL with
 * `at time zone`, so that a month's readings are aggregated by the database (distinct days per
 * patient), not shipped row by row.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingSettings, ccmCarePlans, ccmConsentForms, ccmRecords, feeSchedule, hospitals } from '../../db/schema/index';
import { assertOfficeInScope, assertOrganizationInScope, officeFilter, officeRowFilter } from '../../db/scope';
import { deviceCodes, isProgram, setupCodes, type Program } from './engine/codes';
import type { AssessmentFact, CarePlanFact, ClaimElsewhere, ConsentFact, DecisionMakingLevel, NoteFact, PriorSetupClaim, ReadingDay, RtmSystem, TimeEntryFact } from './engine/types';
import type { CatalogueDb, TenantDb } from '../../db/handles';

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** An office as generation needs it. */
export interface OfficeRef {
  id: number;
  organizationId: number;
  name: string;
  timeZone: string;
}

const officeColumns = { id: hospitals.id, organizationId: hospitals.organizationId, name: hospitals.hospitalName, timeZone: hospitals.timeZone };

/** The office if it is in the caller's scope, else null (reads as not found). */
export async function findOffice(tenant: TenantDb, hospitalId: number): Promise<OfficeRef | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(officeColumns)
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)));
  return row ?? null;
}

/**
 * The offices of an organization the caller may see: all of them for its organization admin or a
 * system admin; an office-scoped user only reaches their own offices (office filter).
 */
export async function findOrganizationOffices(tenant: TenantDb, organizationId: number): Promise<OfficeRef[]> {
  const { scope, db } = tenant;
  const visible = officeRowFilter(scope, hospitals.id, hospitals.organizationId);
  return db
    .select(officeColumns)
    .from(hospitals)
    .where(and(eq(hospitals.organizationId, organizationId), visible))
    .orderBy(asc(hospitals.id));
}

/** A patient of an office with the billing profile fields the engine needs. */
export interface PatientBase {
  patientId: number;
  firstName: string;
  lastName: string;
  /** users.status: 1 active, 0 inactive, 2 pending, 3 deceased. */
  status: number;
  billingType: Program;
  practitionerUserId: number | null;
  practitionerName: string | null;
  practitionerSource: 'profile' | 'medicalTeam' | null;
  /** The practitioner's NPI as entered (doctor metadata, else a nurse practitioner's metadataInfo.npi); '' when none. */
  practitionerNpi: string;
  diagnoses: string[];
  episodeStart: string | null;
  rtmSystem: RtmSystem | null;
  qmb: boolean;
  hasProfile: boolean;
}

/**
 * The patients assigned to the office (all statuses: a patient made inactive later was still
 * monitored in a past month), or the given ones, ordered by id, with their billing profile. The
 * billing practitioner is the profile's, else the doctor of the patient's medical team in this
 * office with the lowest id (C2: one practitioner per patient).
 */
export async function findOfficePatients(tenant: TenantDb, office: OfficeRef, patientIds?: number[]): Promise<PatientBase[]> {
  const { scope, db } = tenant;
  const only = patientIds ? sql`and u.id = any(${sql.param(patientIds)}::int[])` : sql``;
  const rows = await rowsOf<{
    patient_id: number;
    first_name: string;
    last_name: string;
    status: number;
    billing_type: string | null;
    profile_practitioner: number | null;
    team_doctor: number | null;
    diagnoses: unknown;
    episode_start: string | null;
    rtm_system: string | null;
    qmb: boolean | null;
    has_profile: boolean;
  }>(
    db,
    sql`select u.id as patient_id, u.first_name, u.last_name, u.status,
          bp.billing_type, bp.billing_practitioner_id as profile_practitioner,
          (select min(m.user_id) from medical_teams mt
             join medical_team_members m on m.medical_team_id = mt.id
             join users d on d.id = m.user_id and d.role_id = ${Role.DOCTOR}
            where mt.patient_id = u.id and mt.hospital_id = ${office.id}) as team_doctor,
          bp.diagnoses_json as diagnoses, bp.rpm_episode_start::text as episode_start, bp.rtm_system,
          (pm.metadata_info->>'qmb') = 'true' as qmb,
          bp.patient_id is not null as has_profile
        from user_hospitals uh
        join users u on u.id = uh.user_id and u.role_id = ${Role.PATIENT}
        left join patient_billing_profiles bp on bp.patient_id = u.id
        left join patient_metadata pm on pm.user_id = u.id
       where uh.hospital_id = ${office.id} and ${officeFilter(scope, sql`uh.hospital_id`)} ${only}
       order by u.id`,
  );
  const practitionerIds = [...new Set(rows.map((r) => r.profile_practitioner ?? r.team_doctor).filter((x): x is number => x !== null))];
  const names = new Map<number, string>();
  const npis = new Map<number, string>();
  if (practitionerIds.length > 0) {
    const ps = await rowsOf<{ id: number; name: string; npi: string | null }>(
      db,
      sql`select u.id, u.first_name || ' ' || u.last_name as name, coalesce(nullif(dm.npi, ''), nm.metadata_info->>'npi', '') as npi
            from users u left join doctor_metadata dm on dm.user_id = u.id left join nurse_metadata nm on nm.user_id = u.id
           where u.id = any(${sql.param(practitionerIds)}::int[])`,
    );
    for (const p of ps) {
      names.set(Number(p.id), p.name);
      npis.set(Number(p.id), p.npi ?? '');
    }
  }
  return rows.map((r) => {
    const prac = r.profile_practitioner ?? r.team_doctor;
    return {
      patientId: Number(r.patient_id),
      firstName: r.first_name,
      lastName: r.last_name,
      status: Number(r.status),
      billingType: isProgram(r.billing_type) ? r.billing_type : 'RPM',
      practitionerUserId: prac === null ? null : Number(prac),
      practitionerName: prac === null ? null : (names.get(Number(prac)) ?? null),
      practitionerSource: r.profile_practitioner !== null ? 'profile' : r.team_doctor !== null ? 'medicalTeam' : null,
      practitionerNpi: prac === null ? '' : (npis.get(Number(prac)) ?? ''),
      diagnoses: Array.isArray(r.diagnoses) ? (r.diagnoses as unknown[]).map(String) : [],
      episodeStart: r.episode_start,
      rtmSystem: r.rtm_system === 'RESPIRATORY' || r.rtm_system === 'MSK' || r.rtm_system === 'CBT' ? r.rtm_system : null,
      qmb: r.qmb === true,
      hasProfile: r.has_profile,
    };
  });
}

/** Programs each practitioner may bill in the office (user_billing_authorizations); absent = no restriction recorded. */
export async function findPractitionerPrograms(tenant: TenantDb, hospitalId: number, userIds: number[]): Promise<Map<number, Program[]>> {
  const { scope, db } = tenant;
  if (userIds.length === 0) { return new Map(); }
  const rows = await rowsOf<{ user_id: number; programs: unknown }>(
    db,
    sql`select user_id, programs_json as programs from user_billing_authorizations
         where hospital_id = ${hospitalId} and ${officeFilter(scope, sql`hospital_id`)} and user_id = any(${sql.param(userIds)}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), (Array.isArray(r.programs) ? r.programs : []).filter(isProgram)]));
}

/** Reading days per patient: distinct local days in [from, to] with the kind of readings that day. */
export async function findReadingDays(
  tenant: TenantDb,
  office: OfficeRef,
  patientIds: number[],
  range: { from: Date; to: Date },
): Promise<Map<number, ReadingDay[]>> {
  const { scope, db } = tenant;
  const out = new Map<number, ReadingDay[]>();
  if (patientIds.length === 0) { return out; }
  // One row per patient: "day:kinds:readings" items joined by ',' (kinds: a automatic, s simulated,
  // p patient-typed, w an FDA-cleared wearable's: docs/integrations.md), so the driver parses one string per patient instead of a row per day.
  const rows = await rowsOf<{ patient_id: number; days: string }>(
    db,
    sql`select patient_id, string_agg(day || ':' || kinds || ':' || readings, ',') as days
          from (select patient_id, (measured_at at time zone ${office.timeZone})::date::text as day,
                       case when bool_or(source = 'hub' and not is_manual and not is_simulated) then 'a' else '' end ||
                       case when bool_or(is_simulated and not is_manual) then 's' else '' end ||
                       case when bool_or(is_manual and entered_by = patient_id and not is_simulated) then 'p' else '' end ||
                       case when bool_or(source = 'terra-fda' and not is_manual and not is_simulated) then 'w' else '' end as kinds,
                       count(*) as readings
                  from measurements
                 where hospital_id = ${office.id} and ${officeFilter(scope, sql`hospital_id`)}
                   and patient_id = any(${sql.param(patientIds)}::int[])
                   and measured_at >= ${range.from.toISOString()}::timestamptz and measured_at < ${range.to.toISOString()}::timestamptz
                 group by 1, 2) d
         group by patient_id`,
  );
  for (const r of rows) {
    const list: ReadingDay[] = [];
    for (const item of r.days.split(',')) {
      const [day, kinds, readings] = item.split(':') as [string, string, string];
      list.push({
        day,
        automatic: kinds.includes('a'),
        simulated: kinds.includes('s'),
        selfReported: kinds.includes('p'),
        fdaClearedWearable: kinds.includes('w'),
        readings: Number(readings),
      });
    }
    out.set(Number(r.patient_id), list);
  }
  return out;
}

/**
 * The first qualifying reading day of each patient in the office (the episode anchor when the
 * profile has no episode start): one index probe per patient on (patient_id, measured_at).
 * `rtm` marks patients whose self-reported values count (C6); `simulated` INCLUDE_SIMULATED_READINGS.
 */
export async function findFirstReadingDays(
  tenant: TenantDb,
  office: OfficeRef,
  patients: { id: number; rtm: boolean }[],
  simulated: boolean,
): Promise<Map<number, string>> {
  const { scope, db } = tenant;
  if (patients.length === 0) { return new Map(); }
  const rows = await rowsOf<{ patient_id: number; day: string | null }>(
    db,
    sql`select p.id as patient_id,
               (select (m.measured_at at time zone ${office.timeZone})::date::text
                  from measurements m
                 where m.patient_id = p.id and m.hospital_id = ${office.id}
                   and ((m.source in ('hub', 'terra-fda') and not m.is_manual and not m.is_simulated)
                        or (${simulated}::boolean and m.is_simulated and not m.is_manual)
                        or (p.rtm and m.is_manual and m.entered_by = m.patient_id and not m.is_simulated))
                 order by m.measured_at limit 1) as day
          from unnest(${sql.param(patients.map((p) => p.id))}::int[], ${sql.param(patients.map((p) => p.rtm))}::boolean[]) as p(id, rtm)
         where ${officeFilter(scope, sql`${office.id}::int`)}`,
  );
  return new Map(rows.filter((r) => r.day !== null).map((r) => [Number(r.patient_id), r.day!]));
}

/** Finished time entries of the office started in [from, to), per patient (an open timer does not count yet). */
export async function findTimeEntries(
  tenant: TenantDb,
  office: OfficeRef,
  patientIds: number[],
  range: { from: Date; to: Date },
): Promise<Map<number, TimeEntryFact[]>> {
  const { scope, db } = tenant;
  const out = new Map<number, TimeEntryFact[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await rowsOf<{
    id: number;
    patient_id: number;
    program: string;
    activity: string;
    staff_user_id: number;
    started_at: string | Date;
    day: string;
    seconds: number | null;
    interactive: boolean;
    medical_note_detail_id: number | null;
    video_call_id: number | null;
  }>(
    db,
    sql`select id, patient_id, program, activity, staff_user_id, started_at,
               (started_at at time zone ${office.timeZone})::date::text as day,
               coalesce(seconds, extract(epoch from (ended_at - started_at))::int) as seconds,
               interactive, medical_note_detail_id, video_call_id
          from time_entries
         where hospital_id = ${office.id} and ${officeFilter(scope, sql`hospital_id`)}
           and patient_id = any(${sql.param(patientIds)}::int[])
           and started_at >= ${range.from.toISOString()}::timestamptz and started_at < ${range.to.toISOString()}::timestamptz
           and (ended_at is not null or seconds is not null)
         order by started_at, id`,
  );
  for (const r of rows) {
    if (!isProgram(r.program)) { continue; }
    const id = Number(r.patient_id);
    let list = out.get(id);
    if (!list) { out.set(id, (list = [])); }
    list.push({
      id: Number(r.id),
      program: r.program,
      activity: r.activity,
      staffUserId: Number(r.staff_user_id),
      startedAt: new Date(r.started_at).toISOString(),
      day: r.day,
      seconds: Math.max(0, Number(r.seconds ?? 0)),
      interactive: r.interactive,
      medicalNoteDetailId: r.medical_note_detail_id === null ? null : Number(r.medical_note_detail_id),
      videoCallId: r.video_call_id === null ? null : Number(r.video_call_id),
    });
  }
  return out;
}

/**
 * The details of the patients' medical notes of the office and month, with their template's
 * category type, the local day each was written and the local start day of the time entry it
 * documents (its day of service, engine/notes.ts; the earliest when several).
 */
export async function findNotes(tenant: TenantDb, office: OfficeRef, patientIds: number[], year: number, month: number): Promise<Map<number, NoteFact[]>> {
  const { scope, db } = tenant;
  const out = new Map<number, NoteFact[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await rowsOf<{
    id: number;
    medical_note_id: number;
    patient_id: number;
    program: string;
    written_day: string;
    entry_day: string | null;
    author_id: number;
    category_type: string;
  }>(
    db,
    sql`select d.id, d.medical_note_id, n.patient_id, d.program, (d.created_at at time zone ${office.timeZone})::date::text as written_day,
               (te.started_at at time zone ${office.timeZone})::date::text as entry_day,
               d.author_id, coalesce(t.category_type, '') as category_type
          from medical_notes n
          join medical_note_details d on d.medical_note_id = n.id
          left join medical_note_category_templates t on t.id = d.category_template_id
          left join lateral (select min(e.started_at) as started_at from time_entries e
                              where e.patient_id = n.patient_id and e.medical_note_detail_id = d.id) te on true
         where n.hospital_id = ${office.id} and ${officeFilter(scope, sql`n.hospital_id`)}
           and n.year = ${year} and n.month = ${month} and n.patient_id = any(${sql.param(patientIds)}::int[])
         order by d.id`,
  );
  for (const r of rows) {
    if (!isProgram(r.program)) { continue; }
    const id = Number(r.patient_id);
    let list = out.get(id);
    if (!list) { out.set(id, (list = [])); }
    list.push({
      id: Number(r.id),
      medicalNoteId: Number(r.medical_note_id),
      program: r.program,
      timeEntryDay: r.entry_day,
      writtenDay: r.written_day,
      authorId: Number(r.author_id),
      categoryType: r.category_type,
    });
  }
  return out;
}

/**
 * Set-up codes (99453/98975) billed for the patients by this office in another month, or by any
 * OTHER office in any month, with the office, the episode (evidence `episodeStart`) and the device
 * period they belong to: once per episode of care (section 1.1), across offices (C2). Not
 * tenant-filtered on purpose: the rule is about the patient, whichever office billed it; only the
 * office id, episode start, month and period leave this function.
 */
export async function findPriorSetupClaims(tenant: TenantDb, hospitalId: number, patientIds: number[], year: number, month: number): Promise<Map<number, PriorSetupClaim[]>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, hospitalId);
  const out = new Map<number, PriorSetupClaim[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await rowsOf<{ patient_id: number; hospital_id: number; code: string; episode_start: string | null; year: number; month: number; period_start: string | null; period_end: string | null }>(
    db,
    sql`select patient_id, hospital_id, code, evidence_json->>'episodeStart' as episode_start, year, month,
               evidence_json->'period'->>'start' as period_start, evidence_json->'period'->>'end' as period_end
          from billing_claims
         where patient_id = any(${sql.param(patientIds)}::int[]) and code in ('99453', '98975') and status = 'billable'
           and not (hospital_id = ${hospitalId} and year = ${year} and month = ${month})`,
  );
  for (const r of rows) {
    if (!r.episode_start) { continue; }
    const id = Number(r.patient_id);
    let list = out.get(id);
    if (!list) { out.set(id, (list = [])); }
    list.push({
      code: r.code,
      episodeStart: r.episode_start,
      year: Number(r.year),
      month: Number(r.month),
      hospitalId: Number(r.hospital_id),
      period: r.period_start && r.period_end ? { start: r.period_start, end: r.period_end } : null,
    });
  }
  return out;
}

/** The first month (office time) with CoCM time (a BHI entry whose activity starts with COCM) per patient, in any office. */
export async function findFirstCocmMonths(tenant: TenantDb, office: OfficeRef, patientIds: number[]): Promise<Map<number, { year: number; month: number }>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, office.id);
  if (patientIds.length === 0) { return new Map(); }
  const rows = await rowsOf<{ patient_id: number; first: string }>(
    db,
    sql`select patient_id, to_char(min(started_at at time zone ${office.timeZone}), 'YYYY-MM') as first
          from time_entries
         where patient_id = any(${sql.param(patientIds)}::int[]) and program = 'BHI' and upper(ltrim(activity)) like 'COCM%'
           and (ended_at is not null or seconds is not null)
         group by patient_id`,
  );
  return new Map(rows.map((r) => [Number(r.patient_id), { year: Number(r.first.slice(0, 4)), month: Number(r.first.slice(5, 7)) }]));
}

/**
 * Validated rating scales (surveys of a validated instrument, features/surveys) completed by the
 * patients in this office within [from, to), with the office's local day of completion: BHI / CoCM
 * evidence (engine AssessmentFact).
 */
export async function findCompletedAssessments(tenant: TenantDb, office: OfficeRef, patientIds: number[], range: { from: Date; to: Date }): Promise<Map<number, AssessmentFact[]>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, office.id);
  const out = new Map<number, AssessmentFact[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await rowsOf<{ patient_id: number; id: number; code: string; day: string; total: string | number | null; band: string | null }>(
    db,
    sql`select s.patient_id, s.id, t.instrument_code as code, to_char(s.completed_at at time zone ${office.timeZone}, 'YYYY-MM-DD') as day,
               s.total_score as total, s.score_json -> 'band' ->> 'key' as band
          from surveys s join survey_templates t on t.id = s.template_id
         where s.patient_id = any(${sql.param(patientIds)}::int[]) and s.hospital_id = ${office.id} and s.status = 'completed'
           and t.instrument_code is not null
           and s.completed_at >= ${range.from.toISOString()}::timestamptz and s.completed_at < ${range.to.toISOString()}::timestamptz
         order by s.completed_at, s.id`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.patient_id)) ?? [];
    list.push({ surveyId: Number(r.id), instrumentCode: r.code, day: r.day, total: Number(r.total ?? 0), band: r.band });
    out.set(Number(r.patient_id), list);
  }
  return out;
}

/**
 * Billable claims of the same patients in OTHER offices (C2 and the one-practitioner rules of
 * sections 3 and 5): every claim of the month, and the device and set-up codes of any month whose
 * 30-day period (evidence `period`) overlaps `window` (the local days a period ending in this
 * month can cover: readingWindow in engine/device.ts), since two offices' periods need not line
 * up. Not tenant-filtered on purpose (the rule spans offices); only the office id, code, program,
 * practitioner id, month and period leave this function.
 */
export async function findClaimsElsewhere(
  db: Executor,
  hospitalId: number,
  patientIds: number[],
  year: number,
  month: number,
  window: { from: string; to: string },
): Promise<Map<number, ClaimElsewhere[]>> {
  const out = new Map<number, ClaimElsewhere[]>();
  if (patientIds.length === 0) { return out; }
  const periodCodes = [...deviceCodes, ...setupCodes];
  const rows = await rowsOf<{
    patient_id: number;
    hospital_id: number;
    code: string;
    program: string;
    practitioner_user_id: number | null;
    year: number;
    month: number;
    period_start: string | null;
    period_end: string | null;
  }>(
    db,
    sql`select patient_id, hospital_id, code, program, practitioner_user_id, year, month,
               evidence_json->'period'->>'start' as period_start, evidence_json->'period'->>'end' as period_end
          from billing_claims
         where patient_id = any(${sql.param(patientIds)}::int[]) and hospital_id <> ${hospitalId} and status = 'billable'
           and ((year = ${year} and month = ${month})
                or (code = any(${sql.param(periodCodes)}::text[])
                    and evidence_json->'period'->>'end' >= ${window.from} and evidence_json->'period'->>'start' <= ${window.to}))`,
  );
  for (const r of rows) {
    if (!isProgram(r.program)) { continue; }
    const id = Number(r.patient_id);
    let list = out.get(id);
    if (!list) { out.set(id, (list = [])); }
    list.push({
      hospitalId: Number(r.hospital_id),
      code: r.code,
      program: r.program,
      practitionerUserId: r.practitioner_user_id === null ? null : Number(r.practitioner_user_id),
      year: Number(r.year),
      month: Number(r.month),
      period: r.period_start && r.period_end ? { start: r.period_start, end: r.period_end } : null,
    });
  }
  return out;
}

/** The billing settings rows that apply to an organization: global first, then the organization's. */
export async function findSettingLayers(tenant: TenantDb, organizationId: number): Promise<[Record<string, unknown>, Record<string, unknown>]> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, organizationId);
  const rows = await db
    .select({ organizationId: billingSettings.organizationId, key: billingSettings.key, value: billingSettings.valueJson })
    .from(billingSettings)
    .where(or(isNull(billingSettings.organizationId), eq(billingSettings.organizationId, organizationId)));
  const global: Record<string, unknown> = {};
  const org: Record<string, unknown> = {};
  for (const r of rows) { (r.organizationId === null ? global : org)[r.key] = r.value; }
  return [global, org];
}

/** The NATIONAL fee schedule of a year: code -> cents (reference data, no tenant). */
export async function findFees({ db }: CatalogueDb, year: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ code: feeSchedule.code, amountCents: feeSchedule.amountCents })
    .from(feeSchedule)
    .where(and(eq(feeSchedule.year, year), eq(feeSchedule.locality, 'NATIONAL')));
  return Object.fromEntries(rows.map((r) => [r.code, r.amountCents]));
}

/**
 * Consents on file per patient (docs/billing-engine.md "Consent"): the consent forms of CCM
 * records in the office obtained on or before `lastDay`, active or revoked (with the revocation
 * day: the month of revocation still bills, engine/consent.ts), earliest first.
 */
export async function findConsents(tenant: TenantDb, office: OfficeRef, patientIds: number[], lastDay: string): Promise<Map<number, ConsentFact[]>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, office.id);
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .select({ patientId: ccmConsentForms.patientId, program: ccmConsentForms.program, consentType: ccmConsentForms.consentType, consentDate: ccmConsentForms.consentDate, obtainedBy: ccmConsentForms.obtainedBy, status: ccmConsentForms.status, revokedOn: ccmConsentForms.revokedOn })
    .from(ccmConsentForms)
    .where(and(eq(ccmConsentForms.hospitalId, office.id), inArray(ccmConsentForms.patientId, patientIds), sql`${ccmConsentForms.consentDate} <= ${lastDay}`))
    .orderBy(asc(ccmConsentForms.consentDate), asc(ccmConsentForms.id));
  const out = new Map<number, ConsentFact[]>();
  for (const { patientId, status, revokedOn, ...c } of rows) {
    const list = out.get(patientId) ?? [];
    // A REVOKED form always has its day (validation, migration 0026); one without reads as revoked the day it was obtained.
    list.push({ ...(c as Omit<ConsentFact, 'revokedOn'>), revokedOn: status === 'REVOKED' ? (revokedOn ?? c.consentDate) : null });
    out.set(patientId, list);
  }
  return out;
}

/**
 * The care plans of each patient's CCM records in the office with their establishment and
 * revision days (complex CCM, docs/billing-engine.md "Complex CCM"), established on or before
 * `lastDay` (or undated), by id.
 */
export async function findCarePlans(tenant: TenantDb, office: OfficeRef, patientIds: number[], lastDay: string): Promise<Map<number, CarePlanFact[]>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, office.id);
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .select({ patientId: ccmCarePlans.patientId, id: ccmCarePlans.id, title: ccmCarePlans.title, establishedOn: ccmCarePlans.establishedOn, revisedOn: ccmCarePlans.revisedOn })
    .from(ccmCarePlans)
    .where(and(eq(ccmCarePlans.hospitalId, office.id), inArray(ccmCarePlans.patientId, patientIds), sql`(${ccmCarePlans.establishedOn} is null or ${ccmCarePlans.establishedOn} <= ${lastDay})`))
    .orderBy(asc(ccmCarePlans.id));
  const out = new Map<number, CarePlanFact[]>();
  for (const { patientId, ...p } of rows) { out.set(patientId, [...(out.get(patientId) ?? []), p]); }
  return out;
}

/** The medical decision making level of each patient's latest CCM record in the office dated on or before `lastDay`. */
export async function findDecisionMaking(tenant: TenantDb, office: OfficeRef, patientIds: number[], lastDay: string): Promise<Map<number, DecisionMakingLevel | null>> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, office.id);
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .selectDistinctOn([ccmRecords.patientId], { patientId: ccmRecords.patientId, level: ccmRecords.complexDecisionMaking })
    .from(ccmRecords)
    .where(and(eq(ccmRecords.hospitalId, office.id), inArray(ccmRecords.patientId, patientIds), sql`${ccmRecords.recordDate} <= ${lastDay}`))
    .orderBy(ccmRecords.patientId, desc(ccmRecords.recordDate), desc(ccmRecords.id));
  return new Map(rows.map((r) => [r.patientId, r.level as DecisionMakingLevel | null]));
}
