import { ccmOptionLists, type CcmGroupSlug, type CcmOption } from '@vigil/contract';

/**
 * Maps the resources of a FHIR R4 Bundle (a Synthea patient bundle, or this product's export) to
 * CCM sub-record forms (docs/ccm.md "FHIR"): pure, no database. Condition -> ccmconditions,
 * AllergyIntolerance -> ccmallergy, Immunization -> ccmvaccine, Observation -> ccmobservation,
 * DocumentReference -> ccmattachment. Other resource types are counted as not mapped: medications
 * are the patient's prescriptions (the FHIR importer, features/import, fills those), care plans
 * need the CMS elements Synthea does not carry, and a consent needs who obtained it.
 *
 * A resource of a mapped type whose code is not one of the CCM option lists (e.g. a CVX code the
 * vaccine list does not hold) is skipped with the reason. A resource that lacks what its mapping
 * needs (a code or text, a valid date) is bad: `FhirEntryError`, and nothing of the bundle is
 * imported.
 */

/** A bad entry of the bundle: its index in `entry`, its type and what is wrong (English, no PHI). */
export class FhirEntryError extends Error {
  constructor(
    readonly index: number,
    readonly resourceType: string,
    readonly reason: string,
  ) {
    super(`entry ${index} (${resourceType}): ${reason}`);
  }
}

export interface MappedEntry {
  index: number;
  resourceType: string;
  group: CcmGroupSlug;
  fields: Record<string, unknown>;
}

export interface BundleMapping {
  rows: MappedEntry[];
  skipped: { index: number; resourceType: string; reason: string }[];
  notMapped: number;
}

type Res = Record<string, unknown> & { resourceType: string };
type Coding = { system?: string; code?: string; display?: string };
type Concept = { coding?: Coding[]; text?: string };

const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';
const LOINC = 'http://loinc.org';
const CVX = 'http://hl7.org/fhir/sid/cvx';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

const codes = (list: keyof typeof ccmOptionLists) => new Set((ccmOptionLists[list] as readonly CcmOption[]).map((o) => o.code));

/** The concept's text: its `text`, else its first coding's display, else its first code. */
function textOf(c: Concept | undefined): string {
  return (c?.text ?? c?.coding?.find((x) => x.display)?.display ?? c?.coding?.[0]?.code ?? '').trim();
}
const codeIn = (c: Concept | undefined, system: string) => c?.coding?.find((x) => x.system === system && x.code)?.code;
const firstCode = (c: Concept | undefined) => c?.coding?.[0]?.code;

/** The calendar date (YYYY-MM-DD) of a FHIR date or dateTime, undefined when absent; bad when malformed. */
function dateOf(value: unknown, index: number, type: string, element: string, required: boolean): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw new FhirEntryError(index, type, `${element} is required`);
    return undefined;
  }
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value) : null;
  if (!m || Number.isNaN(Date.parse(m[1]!))) throw new FhirEntryError(index, type, `${element} is not a FHIR date`);
  return m[1];
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function conditionStatus(r: Res): string {
  const code = firstCode(r.clinicalStatus as Concept);
  return ({ active: 'STABLE', recurrence: 'RECURS', relapse: 'RECURS', inactive: 'IMPROVING', remission: 'IMPROVING', resolved: 'RESOLVED' } as Record<string, string>)[code ?? ''] ?? 'UNKNOWN';
}

/** The CCM rows of `bundle`'s entries, the skipped ones and the count of types not mapped; throws FhirEntryError on a bad entry. */
export function mapBundleToCcm(bundle: unknown): BundleMapping {
  const b = bundle as { resourceType?: unknown; entry?: unknown };
  if (!b || typeof b !== 'object' || b.resourceType !== 'Bundle') throw new FhirEntryError(-1, 'Bundle', 'not a FHIR Bundle');
  if (b.entry !== undefined && !Array.isArray(b.entry)) throw new FhirEntryError(-1, 'Bundle', 'entry is not a list');
  const out: BundleMapping = { rows: [], skipped: [], notMapped: 0 };
  const vaccines = codes('vaccineNames');
  const documentTypes = codes('documentTypes');
  const obsCategories = codes('observationCategories');
  ((b.entry as unknown[]) ?? []).forEach((entry, index): void => {
    const r = (entry as { resource?: Res } | null)?.resource;
    if (!r || typeof r !== 'object' || typeof r.resourceType !== 'string') throw new FhirEntryError(index, 'unknown', 'the entry has no resource');
    const type = r.resourceType;
    const add = (group: CcmGroupSlug, fields: Record<string, unknown>) => out.rows.push({ index, resourceType: type, group, fields });
    const skip = (reason: string): void => {
      out.skipped.push({ index, resourceType: type, reason });
    };
    switch (type) {
      case 'Condition': {
        const code = r.code as Concept | undefined;
        const name = textOf(code);
        if (!name) throw new FhirEntryError(index, type, 'code has no text, display or code');
        const icd = codeIn(code, ICD10);
        add('ccmconditions', {
          name: clip(name, 200),
          icd10Code: icd && /^[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?$/.test(icd) ? icd : '',
          isPrimary: false,
          severity: null,
          onsetDate: dateOf(r.onsetDateTime, index, type, 'onsetDateTime', false) ?? null,
          historyStatus: conditionStatus(r),
          notes: '',
        });
        return;
      }
      case 'AllergyIntolerance': {
        const code = r.code as Concept | undefined;
        const allergen = textOf(code);
        if (!allergen) throw new FhirEntryError(index, type, 'code has no text, display or code');
        const rx = codeIn(code, RXNORM);
        const category = String((r.category as string[] | undefined)?.[0] ?? 'environment').toUpperCase();
        const clinical = firstCode(r.clinicalStatus as Concept);
        const reaction = textOf(((r.reaction as { manifestation?: Concept[] }[] | undefined)?.[0]?.manifestation ?? [])[0]);
        add('ccmallergy', {
          allergen: clip(allergen, 200),
          allergenCodeSystem: rx && /^\d{1,8}$/.test(rx) ? 'RXNORM' : 'TEXT',
          allergenCode: rx && /^\d{1,8}$/.test(rx) ? rx : '',
          category: ['MEDICATION', 'FOOD', 'ENVIRONMENT', 'BIOLOGIC'].includes(category) ? category : 'ENVIRONMENT',
          reaction: clip(reaction, 200),
          severity: r.criticality === 'high' ? 'SEVERE' : null,
          onsetDate: dateOf(r.onsetDateTime, index, type, 'onsetDateTime', false) ?? null,
          status: clinical === 'resolved' ? 'RESOLVED' : clinical === 'inactive' ? 'INACTIVE' : 'ACTIVE',
          notes: '',
        });
        return;
      }
      case 'Immunization': {
        const cvx = codeIn(r.vaccineCode as Concept, CVX);
        if (!cvx) throw new FhirEntryError(index, type, 'vaccineCode has no CVX code');
        const on = dateOf(r.occurrenceDateTime, index, type, 'occurrenceDateTime', true)!;
        if (!vaccines.has(cvx)) return skip(`CVX ${cvx} is not in the CCM vaccine list`);
        add('ccmvaccine', { cvxCode: cvx, manufacturer: null, lotNumber: clip(String(r.lotNumber ?? ''), 40), administeredOn: on, site: null, route: null, dose: null, status: r.status === 'not-done' ? 'NOT_DONE' : 'COMPLETED', notes: '' });
        return;
      }
      case 'Observation': {
        const code = r.code as Concept | undefined;
        const name = textOf(code);
        if (!name) throw new FhirEntryError(index, type, 'code has no text, display or code');
        const on = dateOf(r.effectiveDateTime ?? (r.effectivePeriod as { start?: string } | undefined)?.start ?? r.issued, index, type, 'effectiveDateTime', true)!;
        const category = ((r.category as Concept[] | undefined) ?? []).map(firstCode).find((c) => c && obsCategories.has(c));
        if (!category) return skip('no CCM observation category');
        const value = valueOf(r);
        if (!value) return skip('no value');
        const loinc = codeIn(code, LOINC);
        add('ccmobservation', { category, loincCode: loinc && /^\d{1,7}-\d$/.test(loinc) ? loinc : '', name: clip(name, 200), value: clip(value.value, 200), unit: clip(value.unit, 40), observedOn: on, notes: '' });
        return;
      }
      case 'DocumentReference': {
        const typeCode = codeIn(r.type as Concept, LOINC);
        const date = dateOf(r.date, index, type, 'date', true)!;
        const docType = (r.type as Concept | undefined)?.coding?.map((c) => c.code).find((c) => c && documentTypes.has(c));
        if (!docType) return skip(`LOINC ${typeCode ?? '(none)'} is not in the CCM document types`);
        add('ccmattachment', { title: clip(String(r.description ?? textOf(r.type as Concept)) || 'Document', 200), documentType: docType, documentDate: date, notes: '' });
        return;
      }
      default:
        out.notMapped++;
    }
  });
  return out;
}

/** An Observation's value as text and unit (a quantity, a concept, a string; components joined, e.g. blood pressure). */
function valueOf(r: Res): { value: string; unit: string } | null {
  const one = (o: Record<string, unknown>): { value: string; unit: string } | null => {
    const q = o.valueQuantity as { value?: number; unit?: string; code?: string } | undefined;
    if (q && typeof q.value === 'number') return { value: String(q.value), unit: q.unit ?? q.code ?? '' };
    if (typeof o.valueString === 'string' && o.valueString.trim()) return { value: o.valueString.trim(), unit: '' };
    const c = textOf(o.valueCodeableConcept as Concept | undefined);
    if (c) return { value: c, unit: '' };
    if (typeof o.valueBoolean === 'boolean') return { value: String(o.valueBoolean), unit: '' };
    if (typeof o.valueInteger === 'number') return { value: String(o.valueInteger), unit: '' };
    return null;
  };
  const direct = one(r);
  if (direct) return direct;
  const parts = ((r.component as Record<string, unknown>[] | undefined) ?? []).map(one).filter((x): x is { value: string; unit: string } => x !== null);
  if (parts.length === 0) return null;
  return { value: parts.map((p) => p.value).join('/'), unit: parts[0]!.unit };
}
