import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import * as repo from './diagnoses.repo';
import { billableCodes } from './diagnoses.service';

/**
 * A problem as the FHIR importer reads it from a Condition (features/import/fhir.conditions.ts):
 * the ICD-10-CM code it carries, not yet checked, and the Condition's own text.
 */
export interface ImportedProblem extends Omit<repo.ImportedDiagnosis, 'code'> {
  /** The Condition's ICD-10-CM code (system http://hl7.org/fhir/sid/icd-10-cm), unchecked; null when it has none. */
  icd10cm: string | null;
}

/**
 * Stores an imported problem of patient `patientId` in the importer's transaction `tx` with the
 * problem list's rule for a code (docs/diagnoses.md): `billableCodes` checks it against the loaded
 * ICD-10-CM release, the one the problem list checks against. A billable code is kept with the
 * release's description; a category code, or one the release does not have, is dropped, and the
 * problem keeps the Condition's text, uncoded, for a clinician to code. A Condition seen before
 * (same patient and id) is updated in place, and a problem a clinician has coded since keeps its
 * code. Returns what happened to the row.
 */
export async function storeImportedDiagnosis(scope: Scope, tx: Executor, patientId: number, p: ImportedProblem): Promise<'created' | 'updated' | 'unchanged'> {
  const { icd10cm, ...rest } = p;
  const billable = icd10cm ? await billableCodes(tx, [icd10cm]) : new Map<string, string>();
  const code = icd10cm && billable.has(icd10cm) ? icd10cm : null;
  const row: repo.ImportedDiagnosis = { ...rest, code, description: code ? (billable.get(code) ?? rest.description) : rest.description };
  const { created, updated } = await repo.upsertImported(tenantDb(scope, tx), patientId, [row]);
  return created > 0 ? 'created' : updated > 0 ? 'updated' : 'unchanged';
}
