/**
 * Billing generation: facts from the database (generation.repo.ts, set queries per batch) -> the
 * engine (engine/) -> billing_claims (one transaction per batch replaces the batch's patient-month
 * rows, so a re-run is idempotent), with the run's progress in billing_runs (total / done).
 *
 * Designed for 10,000 patients x 30 days x 4 readings in well under 10 s on PostgreSQL: per batch
 * of BATCH_SIZE patients there are 8 read queries (reading days are aggregated to distinct local
 * days by the database) and one write of all the batch's rows as a single jsonb parameter.
 */
import type { Db } from '../../db/client';
import type { Scope } from '../../db/scope';
import { instantOfLocal, localDate, officeTimeZone } from '../../lib/office-calendar';
import { addDays, monthBounds } from './engine/dates';
import { computePatientMonth, type MonthResult } from './engine/compute';
import { readingWindow } from './engine/device';
import { resolveSettings, type BillingSettings } from './engine/settings';
import type { EngineClaim, PatientMonthFacts } from './engine/types';
import * as runs from './billing-runs.repo';
import * as repo from './generation.repo';
import { chronicConditionsForPatients } from '../diagnoses/index';
import { catalogueDb, tenantDb } from '../../db/handles';

/** Patients per batch (one transaction and one progress step each). */
export const BATCH_SIZE = 1000;

/** The engine's inputs shared by every patient of one office and month. */
export interface OfficeMonth {
  office: repo.OfficeRef;
  year: number;
  month: number;
  /** The office's local date now. */
  today: string;
  settings: BillingSettings;
  fees: Record<string, number>;
}

/** Resolved settings (defaults <- global rows <- organization rows) and the fee schedule of the year. */
export async function loadOfficeMonth(scope: Scope, db: Db, office: repo.OfficeRef, year: number, month: number, now = new Date()): Promise<OfficeMonth> {
  const tz = officeTimeZone(office.timeZone);
  const [layers, fees] = await Promise.all([repo.findSettingLayers(tenantDb(scope, db), office.organizationId), repo.findFees(catalogueDb(db), year)]);
  return { office: { ...office, timeZone: tz }, year, month, today: localDate(now, tz), settings: resolveSettings(...layers), fees };
}

/** The instants [from, to) of local days `first`..`last` in the office's time zone. */
function localRange(first: string, last: string, tz: string): { from: Date; to: Date } {
  return { from: instantOfLocal(first, '00:00', tz), to: instantOfLocal(addDays(last, 1), '00:00', tz) };
}

/** One patient's facts and engine result. */
export interface PatientMonthOutcome {
  patient: repo.PatientBase;
  facts: PatientMonthFacts;
  result: MonthResult;
  /** The patient has no profile and no data in the month: nothing to bill or explain. */
  empty: boolean;
}

/**
 * Loads the facts of a batch of patients of one office in set queries and runs the engine for each.
 * Patients without a billing profile and without any reading, time or note in the month come back
 * `empty` (no claims).
 */
export async function computeBatch(scope: Scope, db: Db, om: OfficeMonth, patients: repo.PatientBase[]): Promise<PatientMonthOutcome[]> {
  const { office, year, month } = om;
  const tz = office.timeZone;
  const ids = patients.map((p) => p.patientId);
  const window = readingWindow(year, month);
  const { first, last } = monthBounds(year, month);
  const needAnchor = patients.filter((p) => !p.episodeStart).map((p) => ({ id: p.patientId, rtm: p.billingType === 'RTM' }));
  const practitionerIds = [...new Set(patients.map((p) => p.practitionerUserId).filter((x): x is number => x !== null))];
  const [readingDays, firstDays, entries, notes, priorSetup, firstCocm, elsewhere, programs, assessments, chronic, consents, decisionMaking, carePlans] = await Promise.all([
    repo.findReadingDays(tenantDb(scope, db), office, ids, localRange(window.from, window.to, tz)),
    repo.findFirstReadingDays(tenantDb(scope, db), office, needAnchor, om.settings.INCLUDE_SIMULATED_READINGS),
    repo.findTimeEntries(tenantDb(scope, db), office, ids, localRange(first, last, tz)),
    repo.findNotes(tenantDb(scope, db), office, ids, year, month),
    repo.findPriorSetupClaims(tenantDb(scope, db), office.id, ids, year, month),
    repo.findFirstCocmMonths(tenantDb(scope, db), office, ids),
    repo.findClaimsElsewhere(db, office.id, ids, year, month, window),
    repo.findPractitionerPrograms(tenantDb(scope, db), office.id, practitionerIds),
    repo.findCompletedAssessments(tenantDb(scope, db), office, ids, localRange(first, last, tz)),
    chronicConditionsForPatients(scope, db, ids),
    repo.findConsents(tenantDb(scope, db), office, ids, last),
    repo.findDecisionMaking(tenantDb(scope, db), office, ids, last),
    repo.findCarePlans(tenantDb(scope, db), office, ids, last),
  ]);
  return patients.map((p) => {
    const facts: PatientMonthFacts = {
      patientId: p.patientId,
      hospitalId: office.id,
      year,
      month,
      today: om.today,
      billingType: p.billingType,
      practitioner:
        p.practitionerUserId !== null && p.practitionerSource !== null
          ? { userId: p.practitionerUserId, name: p.practitionerName ?? `#${p.practitionerUserId}`, source: p.practitionerSource, npi: p.practitionerNpi }
          : null,
      practitionerPrograms: p.practitionerUserId !== null ? (programs.get(p.practitionerUserId) ?? null) : null,
      diagnoses: p.diagnoses,
      chronicConditions: chronic.get(p.patientId) ?? [],
      qmb: p.qmb,
      episodeStart: p.episodeStart,
      firstReadingDay: firstDays.get(p.patientId) ?? null,
      rtmSystem: p.rtmSystem,
      readingDays: readingDays.get(p.patientId) ?? [],
      timeEntries: entries.get(p.patientId) ?? [],
      notes: notes.get(p.patientId) ?? [],
      priorSetupClaims: priorSetup.get(p.patientId) ?? [],
      firstCocmMonth: firstCocm.get(p.patientId) ?? null,
      claimsElsewhere: elsewhere.get(p.patientId) ?? [],
      assessments: assessments.get(p.patientId) ?? [],
      consents: consents.get(p.patientId) ?? [],
      carePlans: carePlans.get(p.patientId) ?? [],
      complexDecisionMaking: decisionMaking.get(p.patientId) ?? null,
    };
    const empty = !p.hasProfile && facts.readingDays.length === 0 && facts.timeEntries.length === 0 && facts.notes.length === 0;
    const result: MonthResult = empty ? { claims: [], metrics: { periods: [], time: [], inProgress: null } } : computePatientMonth(facts, { settings: om.settings, fees: om.fees });
    return { patient: p, facts, result, empty };
  });
}

/** A claim as stored: the English reason in `reason`, both languages in the evidence (the code's description comes from the catalogue when read). */
export function toClaimRow(patientId: number, c: EngineClaim): runs.ClaimRow {
  return {
    patient_id: patientId,
    program: c.program,
    code: c.code,
    units: c.units,
    status: c.status,
    reason: c.reason?.en ?? '',
    practitioner_user_id: c.practitionerUserId,
    dates_of_service: c.datesOfService,
    evidence_json: { ...c.evidence, reason: c.reason },
    amount_cents: c.amountCents,
  };
}

/**
 * Generates one office's month for `patients` (all of the office's when omitted) in batches,
 * replacing their billing_claims rows and advancing the run. Returns the outcomes only when
 * `keep` is set (a single patient's generation answers its details; large runs keep nothing).
 */
export async function generateOffice(
  scope: Scope,
  db: Db,
  runId: number,
  om: OfficeMonth,
  patients: repo.PatientBase[],
  keep = false,
): Promise<PatientMonthOutcome[]> {
  const kept: PatientMonthOutcome[] = [];
  // Pipelined: batch n+1 is read and computed while batch n is written (two pool connections).
  let writing: Promise<void> | null = null;
  try {
    for (let i = 0; i < patients.length; i += BATCH_SIZE) {
      const batch = patients.slice(i, i + BATCH_SIZE);
      const outcomes = await computeBatch(scope, db, om, batch);
      const rows = outcomes.flatMap((o) => o.result.claims.map((c) => toClaimRow(o.patient.patientId, c)));
      if (keep) { kept.push(...outcomes); }
      if (writing) { await writing; }
      writing = runs.replaceClaims(tenantDb(scope, db), { runId, hospitalId: om.office.id, year: om.year, month: om.month, patientIds: batch.map((p) => p.patientId), rows });
    }
    if (writing) { await writing; }
  } catch (err) {
    // Do not leave a write running unobserved when a read fails.
    if (writing) { await writing.catch(() => undefined); }
    throw err;
  }
  return kept;
}

/**
 * Processes a run over offices (one office, or every visible office of an organization): counts
 * the patients, sets the run's total, generates office by office, and finishes the run as done.
 * A failure is thrown to the caller (billing-runs.ts), which records it as a retry or a failure.
 */
export async function processRun(scope: Scope, db: Db, runId: number, offices: repo.OfficeRef[], year: number, month: number, now = new Date()): Promise<void> {
  const perOffice: { om: OfficeMonth; patients: repo.PatientBase[] }[] = [];
  let total = 0;
  for (const office of offices) {
    const om = await loadOfficeMonth(scope, db, office, year, month, now);
    const patients = await repo.findOfficePatients(tenantDb(scope, db), om.office);
    perOffice.push({ om, patients });
    total += patients.length;
  }
  await runs.setRunTotal(tenantDb(scope, db), runId, total);
  for (const { om, patients } of perOffice) { await generateOffice(scope, db, runId, om, patients); }
  await runs.finishRun(tenantDb(scope, db), runId, 'done');
}
