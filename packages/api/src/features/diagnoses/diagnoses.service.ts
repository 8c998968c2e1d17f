import { LRUCache } from 'lru-cache';
import {
  DIAGNOSIS_LIST_LIMIT,
  type ChronicConditionCount,
  type CreateDiagnosisBody,
  type DiagnosisList,
  type DiagnosisListFilter,
  type EndpointBody,
  type Icd10cmSearchResult,
  type PatientDiagnosis,
  type contract,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getVisiblePatient } from '../../db/visible';
import { isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { perContext } from '../../lib/per-context';
import { localDate, officeTimeZone } from '../../lib/office-calendar';
import { chronicConditionsOf, chronicConditionsOfCode } from './chronic-conditions';
import { searchIcd10cm } from './icd10cm-search';
import { clinicalTerms, type SearchLang } from './icd10cm-terms';
import { Icd10cmIndex } from './icd10cm-index';
import * as codes from './icd10cm.repo';
import * as repo from './diagnoses.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

/**
 * A patient's problem list in ICD-10-CM (portal-spec.md section 7 "Diagnosis and prescriptions",
 * section 8 "Diagnosis"; docs/diagnoses.md). Rules:
 * - a diagnosis carries a billable code of the loaded release: a category or subcategory with
 *   more specific codes is refused with "{code} is a category with more specific codes ..." (400);
 * - one primary diagnosis per patient: making one primary demotes the previous one;
 * - the onset is not after today in the patient's office's calendar (400 onsetDate "The date
 *   cannot be in the future");
 * - a code appears once per patient (409 "This patient already has a diagnosis with this code");
 * - a diagnosis or patient outside the caller's scope reads as 404: "No diagnosis data!" for a
 *   diagnosis, "Could not get the diagnosis data!" for a patient's list.
 */

const noDiagnosis = () => AppError.notFound('noDiagnosisData');

const conditionInfo = (code: string | null) => chronicConditionsOfCode(code).map(({ id, en, es }) => ({ id, en, es }));

function toDiagnosis(row: repo.DiagnosisRow): PatientDiagnosis {
  const chronic = conditionInfo(row.code);
  return {
    id: row.id,
    patientId: row.patientId,
    code: row.code,
    description: row.description,
    isPrimary: row.isPrimary,
    onsetDate: row.onsetDate,
    status: row.status as PatientDiagnosis['status'],
    isChronic: chronic.length > 0,
    chronicConditions: chronic,
    toBeCoded: row.code === null,
    source: row.source === 'fhir' ? 'fhir' : 'manual',
    sourceSystem: row.sourceSystem,
    sourceCode: row.sourceCode,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `GET patientdiagnosis/getdiagnosislistforpatient`: the problem list (of `filter`), primary first,
 * with the patient's chronic-condition count (`chronicConditionsForPatients`). 404 "Could not get
 * the diagnosis data!" for a patient the caller does not see.
 */
export async function findDiagnosesForPatient(ctx: AppContext, scope: Scope, patientId: number, filter?: DiagnosisListFilter): Promise<DiagnosisList> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound('couldNotGetDiagnosis'); }
  const [rows, chronic] = await Promise.all([repo.findForPatient(tenantDb(scope, ctx.db), patientId, filter, DIAGNOSIS_LIST_LIMIT), chronicConditionsForPatients(scope, ctx.db, [patientId])]);
  const conditions = chronic.get(patientId) ?? [];
  return { items: rows.map(toDiagnosis), chronic: { count: conditions.length, conditions } };
}

/** `GET patientdiagnosis/{id}`: 404 "No diagnosis data!" when it does not exist or its patient is out of scope. */
export async function getDiagnosis(ctx: AppContext, scope: Scope, id: number): Promise<PatientDiagnosis> {
  const row = await repo.getDiagnosis(tenantDb(scope, ctx.db), id);
  if (!row) { throw noDiagnosis(); }
  return toDiagnosis(row);
}

/**
 * The stored values of a form, checked: the code is in the loaded release (400 code "Unknown
 * ICD-10-CM diagnosis code") and billable (400 code "{code} is a category ..."), the onset not in
 * the future in the patient's office's calendar, the code not already on the patient's list.
 */
async function checkedValues(
  ctx: AppContext,
  scope: Scope,
  tx: Executor,
  patientId: number,
  body: { code: string; isPrimary?: boolean; onsetDate?: string | null; status: PatientDiagnosis['status'] },
  exceptId?: number,
): Promise<repo.DiagnosisValues> {
  const found = await assertBillableIcd10cm(tx, body.code, 'code');
  if (body.onsetDate) {
    const zone = officeTimeZone(await repo.getPatientOfficeTimeZone(tenantDb(scope, tx), patientId));
    if (body.onsetDate > localDate(new Date(), zone)) { throw AppError.badRequest('futureDate', { onsetDate: 'futureDate' }); }
  }
  if (await repo.hasCode(tenantDb(scope, tx), patientId, found.code, exceptId)) { throw AppError.conflict('duplicateDiagnosis'); }
  return { code: found.code, description: found.description, isPrimary: body.isPrimary ?? false, onsetDate: body.onsetDate ?? null, status: body.status };
}

/** Runs a problem-list write; a race on the one-primary or code index answers 409 like the checks. */
async function write<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) { throw AppError.conflict('duplicateDiagnosis'); }
    throw error;
  }
}

/**
 * `POST patientdiagnosis`: adds a diagnosis to patient `body.patientId`'s list (checks above).
 * 404 "Could not get the diagnosis data!" for a patient out of scope.
 */
export async function createDiagnosis(ctx: AppContext, scope: Scope, body: CreateDiagnosisBody & { code: string }): Promise<PatientDiagnosis> {
  const id = await write(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await getVisiblePatient(tenantDb(scope, tx), body.patientId))) { throw AppError.notFound('couldNotGetDiagnosis'); }
      await repo.lockPatientDiagnoses(tx, body.patientId);
      const values = await checkedValues(ctx, scope, tx, body.patientId, body);
      if (values.isPrimary) { await repo.clearPrimary(tenantDb(scope, tx), body.patientId); }
      return repo.insertDiagnosis(tenantDb(scope, tx), body.patientId, values);
    }),
  );
  return getDiagnosis(ctx, scope, id);
}

/**
 * `PUT patientdiagnosis/updatediagnosisforpatient`: changes a diagnosis (body `id`), also coding an
 * uncoded problem; the create's checks. 404 "No diagnosis data!" out of scope.
 */
export async function updateDiagnosis(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.diagnoses.updateDiagnosisForPatient>): Promise<PatientDiagnosis> {
  await write(() =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.getDiagnosis(tenantDb(scope, tx), body.id);
      if (!current) { throw noDiagnosis(); }
      await repo.lockPatientDiagnoses(tx, current.patientId);
      const values = await checkedValues(ctx, scope, tx, current.patientId, body, body.id);
      if (values.isPrimary && !current.isPrimary) { await repo.clearPrimary(tenantDb(scope, tx), current.patientId); }
      await repo.updateDiagnosis(tenantDb(scope, tx), body.id, values);
    }),
  );
  return getDiagnosis(ctx, scope, body.id);
}

/** `DELETE patientdiagnosis/{id}`: 404 "No diagnosis data!" when it does not exist or is out of scope. */
export async function deleteDiagnosis(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.getDiagnosis(tenantDb(scope, tx), id))) { throw noDiagnosis(); }
    await repo.deleteDiagnosis(tenantDb(scope, tx), id);
  });
  return { id };
}

/** The search answers of one API process, by release, query and limit (AppConfig.referenceSearchCacheEntries). */
const searchCache = perContext((ctx) => (ctx.config.referenceSearchCacheEntries > 0 ? new LRUCache<string, Icd10cmSearchResult>({ max: ctx.config.referenceSearchCacheEntries }) : null));

/** The in-memory index of one API process (icd10cm-index.ts) and the release it was built from; a build in progress is shared. */
const searchIndex = perContext((): { held: { releaseId: number; index: Promise<Icd10cmIndex> } | null } => ({ held: null }));

/**
 * This process's index of release `releaseId`: the one held when it is that release's, else a new
 * one built from the database (icd10cm.repo.ts readReleaseCodes; a few hundred milliseconds for
 * the full code set), which replaces it. A failed build is forgotten, so the next search retries.
 */
function indexOf(ctx: AppContext, releaseId: number): Promise<Icd10cmIndex> {
  const state = searchIndex(ctx);
  if (state.held?.releaseId === releaseId) { return state.held.index; }
  const index = codes.readReleaseCodes(catalogueDb(ctx.db)).then((read) => new Icd10cmIndex(read?.rows ?? []));
  const held = { releaseId, index };
  state.held = held;
  index.catch(() => {
    if (state.held === held) { state.held = null; }
  });
  return index;
}

/**
 * Builds this process's search index for the current release now (at start, so the first
 * keystroke does not wait for it); nothing before the first load. Errors are the caller's.
 */
export async function warmIcd10cmSearch(ctx: AppContext): Promise<void> {
  const release = await codes.getCurrentReleaseRef(catalogueDb(ctx.db));
  if (release) { await indexOf(ctx, release.id); }
}

/**
 * `GET icd10cm/search`: up to `limit` (default 20) codes of the loaded release for `q` as a
 * clinician of language `lang` (the caller's: Accept-Language, cookie, stored setting; lib/lang.ts)
 * means it (icd10cm-search.ts searchIcd10cm: clinical terms and combination codes, then the word
 * matches), each with its chronic conditions, the term that matched when the description does not
 * hold the typed words, and for 'es' the Spanish description where the clinical terms hold one
 * (else null; the official English description is always given). A query of no letters or digits
 * answers [].
 *
 * Every search reads the current release's reference (one indexed row), so a release loaded by
 * any process is seen by the next search of every process. The codes are matched in this
 * process's in-memory index of that release (icd10cm-index.ts, rebuilt when the release changes);
 * and as the code set changes only with a release, an answer is also kept per process (LRU) under
 * the release's id, the language, the query as typed (trimmed, lower case: an unfinished last word
 * is read as a prefix) and the limit (docs/diagnoses.md "Search").
 */
export async function searchCodes(ctx: AppContext, q: string, limit = 20, lang: SearchLang = 'en'): Promise<Icd10cmSearchResult> {
  const cache = searchCache(ctx);
  const release = await codes.getCurrentReleaseRef(catalogueDb(ctx.db));
  if (!release) { return { items: [], release: '' }; }
  const typed = q.replace(/\s+/g, ' ').replace(/^ /, '').toLowerCase();
  const key = `${release.id}|${lang}|${typed}|${limit}`;
  const cached = cache?.get(key);
  if (cached) { return cached; }
  const hits = searchIcd10cm(await indexOf(ctx, release.id), clinicalTerms(), typed, lang, limit);
  const items = hits.map((h) => ({
    code: h.code,
    description: h.description,
    descriptionEs: h.descriptionEs,
    billable: h.billable,
    category: h.category,
    chronicConditions: conditionInfo(h.code),
    matchedTerm: h.matchedTerm,
  }));
  const answer = { items, release: release.label };
  cache?.set(key, answer);
  return answer;
}

/**
 * THE chronic-condition count (docs/chronic-conditions.md), one rule wherever it is shown or billed:
 * the problem list, the CCM record's header, the CCM worklist and monthly report, and the billing
 * engine's evidence (CCM needs two or more; APCM G0556 / G0557). For each of `patientIds`: the
 * distinct chronic conditions of their active coded problem-list diagnoses together with their
 * billing profile's diagnoses, each condition with the codes that name it.
 */
export async function chronicConditionsForPatients(scope: Scope, db: Executor, patientIds: number[]): Promise<Map<number, ChronicConditionCount['conditions']>> {
  const [active, profile] = await Promise.all([repo.findActiveCodes(tenantDb(scope, db), patientIds), repo.findProfileCodes(tenantDb(scope, db), patientIds)]);
  return new Map(patientIds.map((id) => [id, chronicConditionsOf([...(active.get(id) ?? []), ...(profile.get(id) ?? [])])]));
}

/** What the loaded ICD-10-CM release says of a code: billable, a category (a header, not billable) or unknown. */
export type Icd10cmValidity = { status: 'billable'; code: string; description: string } | { status: 'category'; code: string; description: string } | { status: 'unknown' };

/**
 * THE ICD-10-CM validity of codes (docs/diagnoses.md), one rule for every place a code is typed:
 * the problem list, the billing profile, the CCM record's conditions and the FHIR import. Each of
 * `codeList` (with its dot, as stored) against the loaded release: 'billable', 'category' (in the
 * release but a header that is not billed) or 'unknown'.
 */
export async function icd10cmValidity(db: Executor, codeList: string[]): Promise<Map<string, Icd10cmValidity>> {
  const found = new Map((await codes.findCodes(catalogueDb(db), [...new Set(codeList)])).map((c) => [c.code, c]));
  return new Map(
    codeList.map((code): [string, Icd10cmValidity] => {
      const c = found.get(code);
      return [code, !c ? { status: 'unknown' } : { status: c.billable ? 'billable' : 'category', code: c.code, description: c.description }];
    }),
  );
}

/**
 * Throws 400 on `field` unless `code` is a billable code of the loaded release: "Unknown ICD-10-CM
 * diagnosis code", or "{code} is a category ..." for a header (`icd10cmValidity`).
 */
export async function assertBillableIcd10cm(db: Executor, code: string, field: string): Promise<{ code: string; description: string }> {
  const v = (await icd10cmValidity(db, [code])).get(code)!;
  if (v.status === 'unknown') { throw AppError.badRequest('unknownDiagnosisCode', { [field]: 'unknownDiagnosisCode' }); }
  if (v.status === 'category') { throw new AppError('badRequest', 'diagnosisNotBillable', { code: v.code }, { [field]: 'diagnosisNotBillable' }); }
  return { code: v.code, description: v.description };
}

/** The billable codes among `codeList` in the loaded release, code -> description (the FHIR importer's check). */
export async function billableCodes(db: Executor, codeList: string[]): Promise<Map<string, string>> {
  return new Map((await codes.findCodes(catalogueDb(db), codeList)).filter((c) => c.billable).map((c) => [c.code, c.description]));
}

/** Most codes one category answers (the largest FY2025 category, S52, has under 1,000). */
const CATEGORY_CODES_LIMIT = 2000;

/**
 * A three-character category of the loaded release (`category`, upper case) and its billable
 * codes by code: `category` null when the release does not have it (verifier/getdiagnosesbycategorycode).
 */
export async function findCategoryCodes(
  db: Executor,
  category: string,
): Promise<{ category: { code: string; description: string } | null; codes: { code: string; description: string }[] }> {
  const [[row], billable] = await Promise.all([codes.findCodes(catalogueDb(db), [category]), codes.findBillableInCategory(catalogueDb(db), category, CATEGORY_CODES_LIMIT)]);
  return { category: row ? { code: row.code, description: row.description } : null, codes: billable.map((c) => ({ code: c.code, description: c.description })) };
}
