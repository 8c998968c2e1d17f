import { ccmGroups, type CcmFhirImportResult } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { readSingleUpload } from '../../lib/upload';
import { insertSubRecord, writableParentOf } from '../../lib/sub-records/sub-records.service';
import { FhirEntryError, mapBundleToCcm, type MappedEntry, type PendingMedication } from './ccm-fhir.import';
import { listPatientPrescriptions, type PrescriptionKey } from './ccm-fhir.repo';
import { ccmServerGroups } from './ccm-groups';
import { parseJsonWithin } from '../../lib/input-guard';

const badEntry = (index: number, resourceType: string) => AppError.badRequest('ccmFhirBadEntry', undefined, { index, resourceType });

/**
 * `POST ccmrecord/{id}/fhir` (docs/ccm.md "FHIR"): fills CCM record `id` from the FHIR R4 Bundle
 * uploaded as JSON (multipart field "file"), all or nothing: every entry is mapped
 * (`mapBundleToCcm`) and checked against its group's form schema first, then every row is added
 * in ONE transaction with the group's hooks; any failure rolls back every row. A MedicationRequest
 * or MedicationStatement becomes a medication event of the patient's prescription in the record's
 * office that it names (`matchPrescription`); one without such a prescription is skipped (the
 * prescriptions feature's FHIR import adds prescriptions; nothing is copied here). Errors, nothing
 * imported: 404 when the record is not in the caller's offices; 400 `ccmFhirNotBundle` for a file
 * that is not a JSON Bundle; 400 `ccmFhirBadEntry` naming the first bad entry (its index in
 * `entry` and its type); 413 beyond VIGIL_CCM_MAX_FILE_BYTES; the upload errors of lib/upload.ts.
 */
export async function importFhirIntoRecord(ctx: AppContext, scope: Scope, id: number, req: FastifyRequest, now: Date = new Date()): Promise<CcmFhirImportResult> {
  await writableParentOf(scope, ctx.db, id);
  const file = await readSingleUpload(req, ctx.config.ccmMaxFileBytes);
  if (!file || file.data.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const bundle = parseJsonWithin(file.data.toString('utf8'));
  if (bundle === undefined) { throw AppError.badRequest('ccmFhirNotBundle'); }
  let mapping;
  try {
    mapping = mapBundleToCcm(bundle);
  } catch (err) {
    if (err instanceof FhirEntryError) { throw err.index < 0 ? AppError.badRequest('ccmFhirNotBundle') : badEntry(err.index, err.resourceType); }
    throw err;
  }
  // Every row against its group's form (the contract's create body) before anything is written.
  const checked: (MappedEntry & { form: object })[] = mapping.rows.map((row) => {
    const parsed = ccmGroups[row.group].create.body.safeParse({ ...row.fields, ccmRecordId: id });
    if (!parsed.success) { throw badEntry(row.index, row.resourceType); }
    const { ccmRecordId: _omit, ...form } = parsed.data as { ccmRecordId: number };
    return { ...row, form };
  });
  const imported: Record<string, number> = {};
  const skipped = [...mapping.skipped];
  await ctx.db.transaction(async (tx) => {
    const record = await writableParentOf(scope, tx, id);
    const prescriptions = mapping.medications.length > 0 ? await listPatientPrescriptions(tx, record.patientId, record.hospitalId) : [];
    for (const med of mapping.medications) {
      const prescriptionId = matchPrescription(prescriptions, med);
      if (prescriptionId === undefined) {
        skipped.push({ index: med.index, resourceType: med.resourceType, reason: 'no prescription of the patient in this office names this medication' });
        continue;
      }
      const parsed = ccmGroups.ccmmedicationevent.create.body.safeParse({ ...med.fields, prescriptionId, ccmRecordId: id });
      if (!parsed.success) { throw badEntry(med.index, med.resourceType); }
      const { ccmRecordId: _omit, ...form } = parsed.data;
      checked.push({ index: med.index, resourceType: med.resourceType, group: 'ccmmedicationevent', fields: med.fields, form });
    }
    checked.sort((a, b) => a.index - b.index);
    for (const row of checked) {
      try {
        await insertSubRecord(scope, tx, ccmServerGroups[row.group], record, row.form as never, now);
      } catch (err) {
        // A group's own rule (e.g. a date after the office's today) refuses the entry, and the bundle with it.
        if (err instanceof AppError && err.code === 'badRequest') { throw badEntry(row.index, row.resourceType); }
        throw err;
      }
      imported[row.group] = (imported[row.group] ?? 0) + 1;
    }
  });
  skipped.sort((a, b) => a.index - b.index);
  return { imported, skipped: skipped.slice(0, 100), skippedCount: skipped.length, notMapped: mapping.notMapped };
}

/**
 * The prescription a medication resource names among the patient's prescriptions in the office:
 * the one the prescriptions import stored for this MedicationRequest (`MedicationRequest/<id>`),
 * else the newest with its RxNorm code, else the newest with its name (case and spacing ignored).
 */
export function matchPrescription(prescriptions: PrescriptionKey[], med: Pick<PendingMedication, 'match'>): number | undefined {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const newestFirst = [...prescriptions].sort((a, b) => b.id - a.id);
  const { externalRef, rxcui, name } = med.match;
  return (
    (externalRef ? newestFirst.find((p) => p.externalRef === externalRef) : undefined) ??
    (rxcui ? newestFirst.find((p) => p.rxcui === rxcui) : undefined) ??
    newestFirst.find((p) => norm(p.medicationName) === norm(name))
  )?.id;
}
