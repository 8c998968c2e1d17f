/**
 * FHIR R4 Condition -> a patient's diagnosis (docs/diagnoses.md "FHIR import";
 * https://hl7.org/fhir/R4/condition.html, US Core Condition profiles). An ICD-10-CM coding
 * (system http://hl7.org/fhir/sid/icd-10-cm) becomes a coded diagnosis when the loaded release has
 * the code as billable; any other coding (Synthea codes its Conditions in SNOMED CT), or an
 * ICD-10-CM code the release does not bill, is kept with its text as an uncoded problem "to be
 * coded" by a clinician, with its source system and code. Nothing is mapped between code systems.
 */
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { systemScope } from '../../db/scope';
import { storeImportedDiagnosis, type ImportedProblem } from '../diagnoses/index';
import { MappingError, parseReference, type FhirRef } from './fhir.map';
import { codeableConceptSchema, describeZodError, fhirIdSchema, periodSchema, referenceSchema, type FhirResource } from './fhir.schemas';
import type { BundleIndex, Prepared, ResourceMapper, RunState } from './import.mappers';

export const ICD10CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';

export const conditionSchema = z.looseObject({
  resourceType: z.literal('Condition'),
  id: fhirIdSchema,
  clinicalStatus: codeableConceptSchema.optional(),
  verificationStatus: codeableConceptSchema.optional(),
  code: codeableConceptSchema.optional(),
  subject: referenceSchema,
  onsetDateTime: z.string().max(40).optional(),
  onsetPeriod: periodSchema.optional(),
  abatementDateTime: z.string().max(40).optional(),
});
export type FhirCondition = z.infer<typeof conditionSchema>;

/** What a Condition becomes, before the release is consulted. */
export type MappedCondition = ImportedProblem;

const firstCode = (cc: { coding?: { code?: string }[] } | undefined) => cc?.coding?.find((c) => c.code)?.code ?? null;

/** "e11.9" / "E119" -> "E11.9"; null when it is not an ICD-10-CM code. */
function icd10cmCode(code: string): string | null {
  const compact = code.trim().toUpperCase().replace(/\./g, '');
  if (!/^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$/.test(compact)) { return null; }
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/**
 * Maps a Condition (pure). Status from clinicalStatus: active, recurrence and relapse -> active;
 * resolved -> resolved; inactive and remission -> inactive; absent -> active (a resolved Condition
 * that gives only an abatement -> resolved). Onset: the date part of onsetDateTime or onsetPeriod.start.
 * 'skipped' for a Condition entered in error or refuted; MappingError for one without a code or text.
 */
export function mapCondition(r: FhirCondition): { kind: 'mapped'; value: MappedCondition } | { kind: 'skipped'; reason: string } {
  const verification = firstCode(r.verificationStatus);
  if (verification === 'entered-in-error' || verification === 'refuted') { return { kind: 'skipped', reason: `verificationStatus: ${verification}` }; }
  const codings = r.code?.coding ?? [];
  const icd = codings.find((c) => c.system === ICD10CM_SYSTEM && c.code && icd10cmCode(c.code));
  const other = codings.find((c) => c.code);
  const text = (r.code?.text ?? icd?.display ?? other?.display ?? '').trim();
  if (!icd && !other && !text) { throw new MappingError('code: a Condition needs a coding or a text'); }
  const clinical = firstCode(r.clinicalStatus);
  const status: ImportedProblem['status'] =
    clinical === 'resolved' || (!clinical && r.abatementDateTime) ? 'resolved' : clinical === 'inactive' || clinical === 'remission' ? 'inactive' : 'active';
  const onset = r.onsetDateTime ?? r.onsetPeriod?.start ?? null;
  const source = icd ?? other ?? null;
  return {
    kind: 'mapped',
    value: {
      fhirId: r.id,
      icd10cm: icd ? icd10cmCode(icd.code!) : null,
      description: (text || source?.code || '').slice(0, 500),
      onsetDate: onset && /^\d{4}-\d{2}-\d{2}/.test(onset) ? onset.slice(0, 10) : null,
      status,
      sourceSystem: source?.system ?? null,
      sourceCode: source?.code ?? null,
    },
  };
}

/** Finds the imported patient a reference names (the importer's own resolution, import.mappers.ts). */
export type PatientResolver = (tx: Executor, subject: FhirRef, run: RunState) => Promise<number | null>;

/**
 * The importer's Condition mapper (order 70, after patients): the subject must be an imported
 * patient. A re-import of the same Condition (patient and id) updates it in place or leaves it
 * unchanged; a problem a clinician has coded since keeps its code.
 */
export function conditionMapper(resolvePatient: PatientResolver): ResourceMapper {
  return {
    order: 70,
    prepare(resource: FhirResource, bundle: BundleIndex, run: RunState): Prepared {
      const parsed = conditionSchema.safeParse(resource);
      if (!parsed.success) { throw new MappingError(describeZodError(parsed.error)); }
      const mapped = mapCondition(parsed.data);
      if (mapped.kind === 'skipped') { return { kind: 'skipped', reason: mapped.reason }; }
      const subject = parseReference(parsed.data.subject, 'Patient', bundle.fullUrls);
      if (!subject) { throw new MappingError('subject: a Condition needs a reference to its Patient'); }
      return {
        kind: 'record',
        async apply(tx) {
          const patientId = await resolvePatient(tx, subject, run);
          if (patientId === null) { return { status: 'skipped', reason: 'subject: patient not imported' }; }
          return { status: await storeImportedDiagnosis(systemScope, tx, patientId, mapped.value) };
        },
      };
    },
  };
}
