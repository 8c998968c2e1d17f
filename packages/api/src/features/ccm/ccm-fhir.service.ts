import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { ccmRecordToFhirBundle, type CcmRecordForFhir } from './ccm-fhir.export';
import { findPatientAndOffice } from './ccm-fhir.repo';
import { readRecordWithSections } from './ccm-records.service';
import { tenantDb } from '../../db/handles';

/**
 * `GET ccmrecord/{id}/fhir` (docs/ccm.md "FHIR"): record `id` with every subsection as a FHIR R4
 * Bundle of US Core resources (`ccmRecordToFhirBundle`); files are referenced by their download
 * path, never inlined. 404 when the record is not in the caller's offices.
 */
export async function exportRecordAsFhir(ctx: AppContext, scope: Scope, id: number, now: Date = new Date()): Promise<Record<string, unknown>> {
  const record = (await readRecordWithSections(ctx, scope, id)) as unknown as Omit<CcmRecordForFhir, 'patient' | 'office'> & { patientId: number; hospitalId: number };
  const who = await findPatientAndOffice(tenantDb(scope, ctx.db), record.patientId, record.hospitalId);
  if (!who) { throw AppError.notFound(); }
  return ccmRecordToFhirBundle({ ...record, ...who }, (group, rowId) => `/api/${group}/${rowId}/file`, now);
}
