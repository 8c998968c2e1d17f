/**
 * FHIR R4 MedicationRequest (and the Medication resources it may reference) to prescriptions
 * (docs/prescriptions.md "FHIR import"). The mapping is pure (`mapMedicationRequest`); the write
 * goes through the prescriptions feature (`upsertImportedPrescription`), inside the bundle's
 * transaction, matched by 'MedicationRequest/<id>' so a re-import changes nothing.
 *
 * - The medication: `medicationCodeableConcept`, or `medicationReference` to a Medication of the
 *   same run (its `code`). An RxNorm coding (http://www.nlm.nih.gov/research/umls/rxnorm) names the
 *   drug product when one is loaded with that RxCUI; otherwise the medication is kept with its text
 *   and no product (never guessed from the text).
 * - Status: active, on-hold, completed as such; stopped and cancelled as STOPPED; entered-in-error,
 *   draft and unknown are not prescriptions and are skipped with the reason.
 * - Start: the first dosage's timing bounds start, else `authoredOn` (the date part); end: the
 *   timing bounds end, else the dispense validity period's end.
 * - Frequency: the first dosage's timing.repeat when it is one of the spec's (1-4 times a day,
 *   weekly, monthly: section 9); otherwise none, and the dosage text stays in the instructions.
 * - Dose: the first doseQuantity ("10 mL"); route: the dosage's route text or display.
 * - Prescriber: the requester when it is an imported doctor (by NPI or id); otherwise its display
 *   text is kept.
 */
import { Role, type MedicationFrequency, type PrescriptionStatus } from '@vigil/contract';
import { z } from 'zod';
import { upsertImportedPrescription } from '../prescriptions/index';
import { MappingError, NPI_SYSTEM, parseReference, refKey, type FhirRef } from './fhir.map';
import { codeableConceptSchema, describeZodError, fhirIdSchema, quantitySchema, referenceSchema, type FhirResource } from './fhir.schemas';
import type { ResourceMapper, RunState } from './import.mappers';
import * as repo from './import.repo';

export const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

const text = (max = 1000) => z.string().max(max);
const dosageSchema = z.looseObject({
  text: text().optional(),
  timing: z.looseObject({
    repeat: z
      .looseObject({
        frequency: z.number().int().min(0).max(1000).optional(),
        period: z.number().min(0).max(100_000).optional(),
        periodUnit: text(10).optional(),
        boundsPeriod: z.looseObject({ start: text(40).optional(), end: text(40).optional() }).optional(),
      })
      .optional(),
  }).optional(),
  route: codeableConceptSchema.optional(),
  doseAndRate: z.array(z.looseObject({ doseQuantity: quantitySchema.optional() })).max(20).optional(),
});

export const medicationRequestSchema = z.looseObject({
  resourceType: z.literal('MedicationRequest'),
  id: fhirIdSchema,
  status: z.enum(['active', 'on-hold', 'cancelled', 'completed', 'entered-in-error', 'stopped', 'draft', 'unknown']),
  medicationCodeableConcept: codeableConceptSchema.optional(),
  medicationReference: referenceSchema.optional(),
  subject: referenceSchema,
  authoredOn: text(40).optional(),
  requester: referenceSchema.optional(),
  dosageInstruction: z.array(dosageSchema).max(50).optional(),
  dispenseRequest: z.looseObject({ validityPeriod: z.looseObject({ start: text(40).optional(), end: text(40).optional() }).optional() }).optional(),
});
export type FhirMedicationRequest = z.infer<typeof medicationRequestSchema>;

export const medicationSchema = z.looseObject({ resourceType: z.literal('Medication'), id: fhirIdSchema, code: codeableConceptSchema.optional() });

type CodeableConcept = z.infer<typeof codeableConceptSchema>;

/** What a run remembers of the Medication resources it has seen, by 'Medication/<id>' (RunState `medications`). */
export interface KnownMedication {
  rxcui: string;
  text: string;
}

/** The RxNorm code and the text of a medication concept. */
export function medicationOf(cc: CodeableConcept | undefined): KnownMedication {
  const rx = cc?.coding?.find((c) => c.system === RXNORM_SYSTEM && c.code && /^\d{1,8}$/.test(c.code));
  const display = cc?.text || rx?.display || cc?.coding?.find((c) => c.display)?.display || '';
  return { rxcui: rx?.code ?? '', text: display.trim() };
}

const STATUS: Record<FhirMedicationRequest['status'], PrescriptionStatus | null> = {
  active: 'ACTIVE',
  'on-hold': 'ON_HOLD',
  completed: 'COMPLETED',
  stopped: 'STOPPED',
  cancelled: 'STOPPED',
  'entered-in-error': null,
  draft: null,
  unknown: null,
};

/** A FHIR date or dateTime's calendar date ('2014-03-07T04:59:54-05:00' -> '2014-03-07'); null when it has none. */
export function dateOf(value: string | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '');
  return m ? m[1]! : null;
}

/** Timing.repeat as one of the spec's frequencies (section 9), or null. UCUM-style units of FHIR's units-of-time: h, d, wk, mo. */
export function frequencyOf(repeat: { frequency?: number; period?: number; periodUnit?: string } | undefined): MedicationFrequency | null {
  if (!repeat?.frequency || !repeat.period || !repeat.periodUnit) { return null; }
  const { frequency, period, periodUnit } = repeat;
  const hours = { h: 1, d: 24, wk: 24 * 7, mo: 24 * 30 }[periodUnit];
  if (!hours) { return null; }
  const perDay = (frequency * 24) / (period * hours);
  const daily = [null, 'ONCE_DAILY', 'TWICE_DAILY', 'THREE_TIMES_DAILY', 'FOUR_TIMES_DAILY'] as const;
  if (Number.isInteger(perDay) && perDay >= 1 && perDay <= 4) { return daily[perDay]!; }
  if (frequency === 1 && period === 1 && periodUnit === 'wk') { return 'WEEKLY'; }
  if (frequency === 1 && period === 1 && periodUnit === 'mo') { return 'MONTHLY'; }
  return null;
}

/** A MedicationRequest mapped, before patient, office and prescriber are resolved. */
export interface MappedMedicationRequest {
  externalRef: string;
  status: PrescriptionStatus;
  medication: KnownMedication | { reference: string };
  dose: string;
  frequency: MedicationFrequency | null;
  route: string;
  startDate: string | null;
  endDate: string | null;
  instructions: string;
}

/** Maps the resource (pure). Throws MappingError for a bad record; answers a skip reason for a status that is no prescription. */
export function mapMedicationRequest(resource: unknown): MappedMedicationRequest | { skip: string } {
  const parsed = medicationRequestSchema.safeParse(resource);
  if (!parsed.success) { throw new MappingError(describeZodError(parsed.error)); }
  const r = parsed.data;
  const status = STATUS[r.status];
  if (!status) { return { skip: `status ${r.status}: not a prescription` }; }
  let medication: MappedMedicationRequest['medication'];
  if (r.medicationCodeableConcept) { medication = medicationOf(r.medicationCodeableConcept); }
  else if (r.medicationReference?.reference) { medication = { reference: r.medicationReference.reference }; }
  else { throw new MappingError('medication[x]: neither medicationCodeableConcept nor medicationReference'); }
  const dosage = r.dosageInstruction?.[0];
  const repeat = dosage?.timing?.repeat;
  const dose = dosage?.doseAndRate?.find((d) => d.doseQuantity?.value !== undefined)?.doseQuantity;
  return {
    externalRef: refKey('MedicationRequest', r.id),
    status,
    medication,
    dose: dose ? [dose.value, dose.unit ?? dose.code].filter((v) => v !== undefined && v !== '').join(' ') : '',
    frequency: frequencyOf(repeat),
    route: (dosage?.route?.text || dosage?.route?.coding?.find((c) => c.display)?.display || '').trim(),
    startDate: dateOf(repeat?.boundsPeriod?.start) ?? dateOf(r.authoredOn),
    endDate: dateOf(repeat?.boundsPeriod?.end) ?? dateOf(r.dispenseRequest?.validityPeriod?.end),
    instructions: (r.dosageInstruction ?? [])
      .map((d) => d.text?.trim())
      .filter(Boolean)
      .join('; ')
      .slice(0, 500),
  };
}

const candidateKeys = (ref: FhirRef, run: RunState): string[] => {
  if ('id' in ref) { return [refKey(ref.type, ref.id)]; }
  const known = run.identifiers.get(`${ref.type}|${ref.system}|${ref.value}`);
  if (known) { return [known]; }
  return /^[A-Za-z0-9\-.]{1,64}$/.test(ref.value) ? [refKey(ref.type, ref.value)] : [];
};

/** Medication: remembered for the run's MedicationRequests that reference it (no row of its own). */
export const medicationMapper: ResourceMapper = {
  order: 65,
  prepare(resource: FhirResource, bundle, run) {
    const parsed = medicationSchema.safeParse(resource);
    if (!parsed.success) { throw new MappingError(describeZodError(parsed.error)); }
    run.medications ??= new Map();
    const known = medicationOf(parsed.data.code);
    run.medications.set(refKey('Medication', parsed.data.id), known);
    for (const [fullUrl, target] of bundle.fullUrls) { if (target.type === 'Medication' && target.id === parsed.data.id) { run.medications.set(fullUrl, known); } }
    return { kind: 'merged' };
  },
};

/** MedicationRequest: a prescription of the subject patient in the patient's first office. */
export const medicationRequestMapper: ResourceMapper = {
  order: 70,
  prepare(resource, bundle, run) {
    const m = mapMedicationRequest(resource);
    if ('skip' in m) { return { kind: 'skipped', reason: m.skip }; }
    const r = resource as FhirMedicationRequest;
    const subject = parseReference(r.subject, 'Patient', bundle.fullUrls);
    if (!subject) { throw new MappingError('subject: a prescription needs a reference to its Patient'); }
    const requester = parseReference(r.requester, 'Practitioner', bundle.fullUrls);
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
        let prescriberId: number | null = null;
        if (requester) {
          if (!('id' in requester) && requester.system === NPI_SYSTEM) { prescriberId = await repo.getStaffIdByNpi(tx, requester.value); }
          for (const key of prescriberId === null ? candidateKeys(requester, run) : []) {
            const row = await repo.getUserByRef(tx, key);
            if (row) { prescriberId = row.id; }
          }
          if (prescriberId !== null) {
            const [user] = await repo.getUsersByIds(tx, [prescriberId]);
            if (user?.roleId !== Role.DOCTOR) { prescriberId = null; }
          }
        }
        const medication = 'reference' in m.medication ? (run.medications?.get(m.medication.reference) ?? { rxcui: '', text: '' }) : m.medication;
        const status = await upsertImportedPrescription(tx, {
          externalRef: m.externalRef,
          patientId,
          hospitalId,
          rxcui: medication.rxcui,
          text: medication.text || r.medicationReference?.display || '',
          dose: m.dose,
          frequency: m.frequency,
          route: m.route,
          startDate: m.startDate,
          endDate: m.endDate,
          prescriberId,
          prescriberText: prescriberId === null ? (r.requester?.display ?? '') : '',
          status: m.status,
          instructions: m.instructions,
        });
        return { status };
      },
    };
  },
};
