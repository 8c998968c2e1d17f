import { ccmOptionLists, type CcmGroupSlug, type CcmOption } from '@vigil/contract';

/**
 * Maps the resources of a FHIR R4 Bundle (a Synthea patient bundle, or this product's export,
 * ccm-fhir.export.ts, mirrored so that export then import gives the same record) to CCM sub-record
 * forms (docs/ccm.md "FHIR"): pure, no database. Condition -> ccmconditions, AllergyIntolerance ->
 * ccmallergy, Immunization -> ccmvaccine, Observation -> ccmobservation (or ccmlab when it is a
 * result of a lab-panel DiagnosticReport), DiagnosticReport -> ccmlab (its panel) or ccmimaging,
 * DocumentReference -> ccmattachment, CarePlan with its Goals and CareTeam -> ccmcareplan,
 * Consent -> ccmconsentform, MedicationRequest / MedicationStatement -> ccmmedicationevent (the
 * prescription is found by the service: `medications`, never copied). Other types are counted as
 * not mapped.
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

/** A medication event waiting for its prescription (matched by the service in the patient's office). */
export interface PendingMedication {
  index: number;
  resourceType: string;
  /** The event's fields without `prescriptionId`. */
  fields: Record<string, unknown>;
  /** What finds the prescription: the import's external ref, the RxNorm code, the name (first that matches). */
  match: { externalRef: string | null; rxcui: string | null; name: string };
}

export interface BundleMapping {
  rows: MappedEntry[];
  medications: PendingMedication[];
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
    if (required) { throw new FhirEntryError(index, type, `${element} is required`); }
    return undefined;
  }
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value) : null;
  if (!m || Number.isNaN(Date.parse(m[1]!))) { throw new FhirEntryError(index, type, `${element} is not a FHIR date`); }
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
  if (!b || typeof b !== 'object' || b.resourceType !== 'Bundle') { throw new FhirEntryError(-1, 'Bundle', 'not a FHIR Bundle'); }
  if (b.entry !== undefined && !Array.isArray(b.entry)) { throw new FhirEntryError(-1, 'Bundle', 'entry is not a list'); }
  const out: BundleMapping = { rows: [], medications: [], skipped: [], notMapped: 0 };
  const vaccines = codes('vaccineNames');
  const documentTypes = codes('documentTypes');
  const obsCategories = codes('observationCategories');
  const entries = (b.entry as unknown[]) ?? [];
  const resources = entries.map((entry, index) => {
    const r = (entry as { resource?: Res } | null)?.resource;
    if (!r || typeof r !== 'object' || typeof r.resourceType !== 'string') { throw new FhirEntryError(index, 'unknown', 'the entry has no resource'); }
    return r;
  });
  const refs = referenceIndex(entries, resources);
  const resolve = (ref: unknown) => (ref && typeof ref === 'object' ? refs.get(String((ref as { reference?: unknown }).reference ?? '')) : undefined);
  // Lab results: the Observations a lab-panel DiagnosticReport names become ccmlab rows of its panel.
  const labResults = new Map<number, { panel: string }>();
  resources.forEach((r) => {
    const panel = r.resourceType === 'DiagnosticReport' ? labPanelOf(r) : undefined;
    if (panel) { for (const ref of (r.result as unknown[] | undefined) ?? []) {
      const found = resolve(ref);
      if (found?.r.resourceType === 'Observation') { labResults.set(found.index, { panel }); }
    } }
  });
  // Goals and care teams are read through the care plans that name them.
  const usedByPlans = new Set<number>();
  resources.forEach((r, index): void => {
    const type = r.resourceType;
    const add = (group: CcmGroupSlug, fields: Record<string, unknown>): void => {
      out.rows.push({ index, resourceType: type, group, fields });
    };
    const skip = (reason: string): void => {
      out.skipped.push({ index, resourceType: type, reason });
    };
    switch (type) {
      case 'Condition': {
        const code = r.code as Concept | undefined;
        const name = textOf(code);
        if (!name) { throw new FhirEntryError(index, type, 'code has no text, display or code'); }
        const icd = codeIn(code, ICD10);
        add('ccmconditions', {
          name: clip(name, 200),
          icd10Code: icd && /^[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?$/.test(icd) ? icd : '',
          isPrimary: false,
          severity: optionOf('conditionSeverity', r.severity as Concept) ?? null,
          onsetDate: dateOf(r.onsetDateTime, index, type, 'onsetDateTime', false) ?? null,
          historyStatus: conditionStatus(r),
          notes: clip(notesOf(r), 1000),
        });
        return;
      }
      case 'AllergyIntolerance': {
        const code = r.code as Concept | undefined;
        const allergen = textOf(code);
        if (!allergen) { throw new FhirEntryError(index, type, 'code has no text, display or code'); }
        const rx = codeIn(code, RXNORM);
        const category = String((r.category as string[] | undefined)?.[0] ?? 'environment').toUpperCase();
        const clinical = firstCode(r.clinicalStatus as Concept);
        const firstReaction = (r.reaction as { manifestation?: Concept[]; severity?: string }[] | undefined)?.[0];
        const reaction = textOf((firstReaction?.manifestation ?? [])[0]);
        const reactionSeverity = ({ mild: 'MILD', moderate: 'MODERATE', severe: 'SEVERE' } as Record<string, string>)[firstReaction?.severity ?? ''];
        add('ccmallergy', {
          allergen: clip(allergen, 200),
          allergenCodeSystem: rx && /^\d{1,8}$/.test(rx) ? 'RXNORM' : 'TEXT',
          allergenCode: rx && /^\d{1,8}$/.test(rx) ? rx : '',
          category: ['MEDICATION', 'FOOD', 'ENVIRONMENT', 'BIOLOGIC'].includes(category) ? category : 'ENVIRONMENT',
          reaction: clip(reaction, 200),
          severity: reactionSeverity ?? (r.criticality === 'high' ? 'SEVERE' : null),
          onsetDate: dateOf(r.onsetDateTime, index, type, 'onsetDateTime', false) ?? null,
          status: clinical === 'resolved' ? 'RESOLVED' : clinical === 'inactive' ? 'INACTIVE' : 'ACTIVE',
          notes: '',
        });
        return;
      }
      case 'Immunization': {
        const cvx = codeIn(r.vaccineCode as Concept, CVX);
        if (!cvx) { throw new FhirEntryError(index, type, 'vaccineCode has no CVX code'); }
        const on = dateOf(r.occurrenceDateTime, index, type, 'occurrenceDateTime', true)!;
        if (!vaccines.has(cvx)) { return skip(`CVX ${cvx} is not in the CCM vaccine list`); }
        const manufacturer = optionOf('vaccineManufacturers', { text: (r.manufacturer as { display?: string } | undefined)?.display });
        add('ccmvaccine', {
          cvxCode: cvx,
          manufacturer: manufacturer ?? null,
          lotNumber: clip(String(r.lotNumber ?? ''), 40),
          administeredOn: on,
          site: optionOf('vaccineSites', r.site as Concept) ?? null,
          route: optionOf('vaccineRoutes', r.route as Concept) ?? null,
          dose: null,
          status: r.status === 'not-done' ? 'NOT_DONE' : 'COMPLETED',
          notes: clip(notesOf(r), 1000),
        });
        return;
      }
      case 'Observation': {
        const lab = labResults.get(index);
        if (lab) { return add('ccmlab', labOf(r, lab.panel, index)); }
        const code = r.code as Concept | undefined;
        const name = textOf(code);
        if (!name) { throw new FhirEntryError(index, type, 'code has no text, display or code'); }
        const on = dateOf(r.effectiveDateTime ?? (r.effectivePeriod as { start?: string } | undefined)?.start ?? r.issued, index, type, 'effectiveDateTime', true)!;
        const category = ((r.category as Concept[] | undefined) ?? []).map(firstCode).find((c) => c && obsCategories.has(c));
        if (!category) { return skip('no CCM observation category'); }
        const value = valueOf(r);
        if (!value) { return skip('no value'); }
        const loinc = codeIn(code, LOINC);
        add('ccmobservation', { category, loincCode: loinc && /^\d{1,7}-\d$/.test(loinc) ? loinc : '', name: clip(name, 200), value: clip(value.value, 200), unit: clip(value.unit, 40), observedOn: on, notes: clip(notesOf(r), 1000) });
        return;
      }
      case 'DocumentReference': {
        const typeCode = codeIn(r.type as Concept, LOINC);
        const date = dateOf(r.date, index, type, 'date', true)!;
        const docType = (r.type as Concept | undefined)?.coding?.map((c) => c.code).find((c) => c && documentTypes.has(c));
        if (!docType) { return skip(`LOINC ${typeCode ?? '(none)'} is not in the CCM document types`); }
        add('ccmattachment', { title: clip(String(r.description ?? textOf(r.type as Concept)) || 'Document', 200), documentType: docType, documentDate: date, notes: '' });
        return;
      }
      case 'DiagnosticReport': {
        if (labPanelOf(r)) { return; } // its results are the panel's ccmlab rows
        if (!isImagingReport(r)) { return skip('not a lab panel or an imaging report'); }
        const studyDate = dateOf(r.effectiveDateTime ?? (r.effectivePeriod as { start?: string } | undefined)?.start, index, type, 'effectiveDateTime', true)!;
        const [modality, bodyPart] = [optionOf('imagingModalities', r.conclusionCode as Concept[]), optionOf('imagingBodyParts', r.conclusionCode as Concept[])];
        if (!modality || !bodyPart) { return skip('no DICOM modality and body part'); }
        const description = textOf(r.code as Concept);
        if (!description) { throw new FhirEntryError(index, type, 'code has no text, display or code'); }
        add('ccmimaging', { modality, bodyPart, studyDate, description: clip(description, 200), findings: clip(String(r.conclusion ?? ''), 4000) });
        return;
      }
      case 'CarePlan': {
        const plan = carePlanOf(r, index, resolve);
        if ('missing' in plan) { return skip(`the care plan lacks the CMS elements: ${plan.missing.join(', ')}`); }
        for (const i of plan.used) { usedByPlans.add(i); }
        add('ccmcareplan', plan.fields);
        return;
      }
      case 'Goal':
      case 'CareTeam':
        return; // decided after every care plan was read
      case 'Consent': {
        const consent = consentOf(r, index);
        if (typeof consent === 'string') { return skip(consent); }
        add('ccmconsentform', consent);
        return;
      }
      case 'MedicationRequest':
      case 'MedicationStatement': {
        const medication = medicationOf(r, index, resolve);
        if (typeof medication === 'string') { return skip(medication); }
        out.medications.push({ index, resourceType: type, ...medication });
        return;
      }
      default:
        out.notMapped++;
    }
  });
  resources.forEach((r, index) => {
    if ((r.resourceType === 'Goal' || r.resourceType === 'CareTeam') && !usedByPlans.has(index)) { out.skipped.push({ index, resourceType: r.resourceType, reason: `no imported care plan names this ${r.resourceType === 'Goal' ? 'goal' : 'care team'}` }); }
  });
  out.skipped.sort((x, y) => x.index - y.index);
  return out;
}

type Found = { index: number; r: Res };

/** The bundle's resources by every way a reference may name them: full URL, `Type/id`, `urn:uuid:id`. */
function referenceIndex(entries: unknown[], resources: Res[]): Map<string, Found> {
  const map = new Map<string, Found>();
  resources.forEach((r, index) => {
    const found = { index, r };
    const fullUrl = (entries[index] as { fullUrl?: unknown }).fullUrl;
    if (typeof fullUrl === 'string') { map.set(fullUrl, found); }
    if (typeof r.id === 'string') {
      map.set(`${r.resourceType}/${r.id}`, found);
      map.set(`urn:uuid:${r.id}`, found);
    }
  });
  return map;
}

/** The option of `list` a concept names: by a coding's code, else by its text or display as the option's English or Spanish label. */
function optionOf(list: keyof typeof ccmOptionLists, concepts: Concept[] | Concept | undefined): string | undefined {
  const options = ccmOptionLists[list] as readonly CcmOption[];
  for (const c of [concepts ?? []].flat()) {
    const byCode = c.coding?.map((x) => options.find((o) => o.code === x.code)).find(Boolean);
    if (byCode) { return byCode.code; }
    const labels = [c.text, ...(c.coding ?? []).map((x) => x.display)].filter((x): x is string => !!x).map((x) => x.trim().toLowerCase());
    const byText = options.find((o) => labels.includes(o.en.toLowerCase()) || labels.includes(o.es.toLowerCase()));
    if (byText) { return byText.code; }
  }
  return undefined;
}

/** The CCM lab panel (LOINC) of a laboratory DiagnosticReport (HL7 v2 0074 LAB), when the panel is in the CCM list. */
function labPanelOf(r: Res): string | undefined {
  const isLab = ((r.category as Concept[] | undefined) ?? []).some((c) => c.coding?.some((x) => x.code === 'LAB'));
  return isLab ? codeIn(r.code as Concept, LOINC) && codes('labPanels').has(codeIn(r.code as Concept, LOINC)!) ? codeIn(r.code as Concept, LOINC) : undefined : undefined;
}

/** An imaging report: category LOINC LP29684-5 Radiology (as the export writes it) or RAD (HL7 v2 0074). */
function isImagingReport(r: Res): boolean {
  return ((r.category as Concept[] | undefined) ?? []).some((c) => c.coding?.some((x) => x.code === 'LP29684-5' || x.code === 'RAD'));
}

/**
 * The specimen a LOINC panel is measured in (LOINC's "System" of the panel: Ser/Plas -> serum,
 * Bld -> whole blood, Urine): used when the result names no specimen (Synthea's).
 */
const panelSpecimen: Record<string, string> = { '24323-8': 'SER', '51990-0': 'BLD', '58410-2': 'BLD', '57698-3': 'SER', '4548-4': 'BLD', '24357-6': 'UR', '3016-3': 'SER' };

/** A lab result Observation of panel `panel` as a ccmlab form. */
function labOf(r: Res, panel: string, index: number): Record<string, unknown> {
  const type = r.resourceType;
  const code = r.code as Concept | undefined;
  const testName = textOf(code);
  if (!testName) { throw new FhirEntryError(index, type, 'code has no text, display or code'); }
  const collectedOn = dateOf(r.effectiveDateTime ?? (r.effectivePeriod as { start?: string } | undefined)?.start ?? r.issued, index, type, 'effectiveDateTime', true)!;
  const q = r.valueQuantity as { value?: number; unit?: string; code?: string } | undefined;
  const units = codes('labUnits');
  let value: string;
  let unit: string | null = null;
  if (q && typeof q.value === 'number') {
    const u = q.code ?? q.unit ?? '';
    if (units.has(u)) { unit = u; }
    value = unit || !u ? String(q.value) : `${q.value} ${u}`;
  } else {
    value = valueOf(r)?.value ?? '';
  }
  if (!value) { throw new FhirEntryError(index, type, 'the lab result has no value'); }
  const range = (r.referenceRange as { text?: string; low?: { value?: number }; high?: { value?: number } }[] | undefined)?.[0];
  const rangeText = range?.text ?? (range?.low?.value !== undefined || range?.high?.value !== undefined ? `${range?.low?.value ?? ''}-${range?.high?.value ?? ''}` : '');
  const loinc = codeIn(code, LOINC);
  const specimen = optionOf('labSpecimens', { text: (r.specimen as { display?: string } | undefined)?.display }) ?? panelSpecimen[panel] ?? 'BLD';
  const source = optionOf('labSources', ((r.performer as { display?: string }[] | undefined) ?? []).map((p) => ({ text: p.display }))) ?? 'REFERENCE_LAB';
  return {
    panel,
    specimen,
    testName: clip(testName, 200),
    loincCode: loinc && /^\d{1,7}-\d$/.test(loinc) ? loinc : '',
    value: clip(value, 60),
    unit,
    referenceRange: clip(rangeText, 60),
    interpretation: optionOf('labInterpretations', r.interpretation as Concept[]) ?? null,
    source,
    collectedOn,
    notes: clip(notesOf(r), 1000),
  };
}

const notesOf = (r: Res) => ((r.note as { text?: string }[] | undefined) ?? []).map((n) => n.text ?? '').filter(Boolean).join('\n');

/** The CMS elements the export writes in the CarePlan's narrative, by their label there. */
const narrativeLabels: Record<string, string> = {
  'Problem list': 'problemList',
  'Expected outcome': 'expectedOutcome',
  Prognosis: 'prognosis',
  'Symptom management': 'symptomManagement',
  'Medication management': 'medicationManagement',
  'Community and social services': 'communityServices',
  'Coordination with outside providers': 'coordination',
  'Review by': 'reviewDate',
};
const unescapeXhtml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * A CarePlan as a ccmcareplan form: the CMS elements from the narrative (the export's
 * `<p><b>Label:</b> value</p>`), the problem list else from the conditions it addresses, goals
 * from the Goals it names, interventions from its activities with the person responsible (the
 * activity's performer, else the first member of its care team who is not the patient), the
 * review date from `period.end`. A plan without every required CMS element (Synthea's) is
 * skipped, naming the missing elements: nothing is invented. `used`: the Goal and CareTeam entries read.
 */
function carePlanOf(r: Res, index: number, resolve: (ref: unknown) => Found | undefined): { fields: Record<string, unknown>; used: number[] } | { missing: string[] } {
  const type = r.resourceType;
  const used: number[] = [];
  const div = String((r.text as { div?: string } | undefined)?.div ?? '');
  const found: Record<string, string> = {};
  for (const m of div.matchAll(/<p><b>([^<]+?):<\/b> ([\s\S]*?)<\/p>/g)) {
    const key = narrativeLabels[m[1]!];
    if (key) { found[key] = unescapeXhtml(m[2]!).trim(); }
  }
  const title = String(r.title ?? '').trim() || unescapeXhtml(/<h1>([\s\S]*?)<\/h1>/.exec(div)?.[1] ?? '').trim() || ((r.category as Concept[] | undefined) ?? []).map(textOf).find((t) => t && t !== 'assess-plan') || '';
  if (!found.problemList) {
    const addressed = ((r.addresses as unknown[] | undefined) ?? []).map((a) => resolve(a)).filter((x): x is Found => x?.r.resourceType === 'Condition').map((x) => textOf(x.r.code as Concept));
    if (addressed.length) { found.problemList = [...new Set(addressed)].join('; '); }
  }
  const teams = ((r.careTeam as unknown[] | undefined) ?? []).map((t) => resolve(t)).filter((x): x is Found => x?.r.resourceType === 'CareTeam');
  const subject = String((r.subject as { reference?: string } | undefined)?.reference ?? '');
  const teamMember = teams
    .flatMap((t) => (t.r.participant as { member?: { reference?: string; display?: string }; role?: Concept[] }[] | undefined) ?? [])
    .find((p) => p.member?.display && p.member.reference !== subject && !(p.role ?? []).some((c) => textOf(c).toLowerCase() === 'patient'))?.member?.display;
  const interventions = ((r.activity as { detail?: { description?: string; code?: Concept; performer?: { display?: string }[] } }[] | undefined) ?? [])
    .map((a) => ({ description: clip(String(a.detail?.description ?? textOf(a.detail?.code)).trim(), 500), responsible: clip(String(a.detail?.performer?.[0]?.display ?? teamMember ?? '').trim(), 200) }))
    .filter((i) => i.description && i.responsible);
  const goals = ((r.goal as unknown[] | undefined) ?? [])
    .map((g) => resolve(g))
    .filter((x): x is Found => x?.r.resourceType === 'Goal')
    .map((g) => {
      used.push(g.index);
      const target = (g.r.target as { measure?: Concept; detailString?: string; dueDate?: string }[] | undefined)?.[0];
      const achievement = firstCode(g.r.achievementStatus as Concept);
      const lifecycle = String(g.r.lifecycleStatus ?? '');
      return {
        description: clip(textOf(g.r.description as Concept), 500),
        measure: clip(textOf(target?.measure), 200),
        target: clip(String(target?.detailString ?? ''), 200),
        targetDate: dateOf(target?.dueDate, g.index, 'Goal', 'target.dueDate', false) ?? null,
        status: achievement === 'achieved' ? 'ACHIEVED' : achievement === 'not-achieved' ? 'NOT_ACHIEVED' : lifecycle === 'proposed' ? 'PROPOSED' : 'IN_PROGRESS',
      };
    })
    .filter((g) => g.description);
  used.push(...teams.map((t) => t.index));
  const reviewDate = dateOf((r.period as { end?: string } | undefined)?.end ?? found.reviewDate, index, type, 'period.end', false);
  const planType = optionOf('carePlanTypes', [...((r.category as Concept[] | undefined) ?? [])].reverse()) ?? 'assess-plan';
  const status = optionOf('carePlanStatuses', { coding: [{ code: String(r.status ?? '') }] });
  const missing = [
    ...(title ? [] : ['title']),
    ...(status ? [] : ['status']),
    ...(['problemList', 'expectedOutcome', 'prognosis', 'symptomManagement', 'medicationManagement'] as const).filter((k) => !found[k]).map((k) => k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)),
    ...(goals.length ? [] : ['measurable goals']),
    ...(interventions.length ? [] : ['planned interventions with the person responsible']),
    ...(reviewDate ? [] : ['review date']),
  ];
  if (missing.length) { return { missing }; }
  return {
    used,
    fields: {
      title: clip(title, 200),
      planType,
      status,
      problemList: clip(found.problemList!, 4000),
      expectedOutcome: clip(found.expectedOutcome!, 4000),
      prognosis: clip(found.prognosis!, 4000),
      goals: goals.slice(0, 30),
      symptomManagement: clip(found.symptomManagement!, 4000),
      interventions: interventions.slice(0, 30),
      medicationManagement: clip(found.medicationManagement!, 4000),
      communityServices: clip(found.communityServices ?? '', 4000),
      coordination: clip(found.coordination ?? '', 4000),
      reviewDate,
    },
  };
}

/**
 * A Consent as a ccmconsentform form, or the reason it is skipped: the program (CCM, PCM, APCM),
 * type (verbal, written) and method from the category text the export writes ("CCM consent
 * (verbal, By phone)"), who obtained it from the policy rule's text ("obtained by ...").
 * A revoked (not active) consent's revocation day is its provision period's end; without one,
 * the day it was obtained (the earliest the revocation can be: no later month bills).
 */
function consentOf(r: Res, index: number): Record<string, unknown> | string {
  const texts = [...((r.category as Concept[] | undefined) ?? []).map(textOf), textOf(r.policyRule as Concept)].join(' | ');
  const program = /\b(APCM|PCM|CCM)\b/.exec(texts)?.[1];
  if (!program) { return 'no care-management program (CCM, PCM, APCM) named'; }
  const detail = /consent \((verbal|written), ([^)]+)\)/i.exec(texts);
  const consentType = detail?.[1]?.toUpperCase() ?? (r.sourceAttachment ? 'WRITTEN' : undefined);
  const method = detail ? optionOf('consentMethods', { text: detail[2] }) : undefined;
  const obtainedBy = /obtained by (.+)$/.exec(textOf(r.policyRule as Concept))?.[1]?.trim();
  if (!consentType || !method || !obtainedBy) { return 'no consent type, method or who obtained it'; }
  const period = (r.provision as { period?: { start?: string; end?: string } } | undefined)?.period;
  const consentDate = dateOf(r.dateTime ?? period?.start, index, r.resourceType, 'dateTime', true);
  const active = r.status === 'active';
  return {
    program,
    consentType,
    method,
    consentDate,
    obtainedBy: clip(obtainedBy, 200),
    status: active ? 'ACTIVE' : 'REVOKED',
    revokedOn: active ? null : (dateOf(period?.end, index, r.resourceType, 'provision.period.end', false) ?? consentDate),
    notes: '',
  };
}

/** FHIR timing (frequency per period) as the product's frequency, when it is one of them. */
function frequencyOf(dosage: { text?: string; timing?: { repeat?: { frequency?: number; period?: number; periodUnit?: string } } } | undefined): string | null {
  const text = (dosage?.text ?? '').toLowerCase();
  const byText = (ccmOptionLists.medicationFrequencies as readonly CcmOption[]).find((o) => text.includes(o.en.toLowerCase()));
  if (byText) { return byText.code; }
  const rep = dosage?.timing?.repeat;
  if (!rep || (rep.period ?? 1) !== 1) { return null; }
  if (rep.periodUnit === 'd') { return ({ 1: 'ONCE_DAILY', 2: 'TWICE_DAILY', 3: 'THREE_TIMES_DAILY', 4: 'FOUR_TIMES_DAILY' } as Record<number, string>)[rep.frequency ?? 1] ?? null; }
  if ((rep.frequency ?? 1) !== 1) { return null; }
  return rep.periodUnit === 'wk' ? 'WEEKLY' : rep.periodUnit === 'mo' ? 'MONTHLY' : null;
}

/**
 * A MedicationRequest or MedicationStatement as a medication event (without its prescription),
 * or the reason it is skipped: event type from the status (active STARTED, on-hold HELD,
 * stopped / completed / cancelled STOPPED, the export's mapping reversed), date from
 * authoredOn (request) or effective[x] / dateAsserted (statement), frequency from the dosage.
 */
function medicationOf(r: Res, index: number, resolve: (ref: unknown) => Found | undefined): Omit<PendingMedication, 'index' | 'resourceType'> | string {
  const type = r.resourceType;
  const eventType = ({ active: 'STARTED', 'on-hold': 'HELD', stopped: 'STOPPED', completed: 'STOPPED', cancelled: 'STOPPED' } as Record<string, string>)[String(r.status)];
  if (!eventType) { return `status ${String(r.status)} is not a medication event`; }
  const concept = (r.medicationCodeableConcept as Concept | undefined) ?? (resolve(r.medicationReference)?.r.code as Concept | undefined);
  const name = textOf(concept);
  if (!name) { throw new FhirEntryError(index, type, 'the medication has no text, display or code'); }
  const eventDate =
    type === 'MedicationRequest'
      ? dateOf(r.authoredOn, index, type, 'authoredOn', true)
      : dateOf(r.effectiveDateTime ?? (r.effectivePeriod as { start?: string } | undefined)?.start ?? r.dateAsserted, index, type, 'effectiveDateTime', true);
  const dosage = (r.dosageInstruction as Parameters<typeof frequencyOf>[0][] | undefined)?.[0] ?? (r.dosage as Parameters<typeof frequencyOf>[0][] | undefined)?.[0];
  return {
    fields: { eventType, eventDate, frequency: frequencyOf(dosage), notes: clip(notesOf(r), 1000) },
    match: { externalRef: typeof r.id === 'string' && type === 'MedicationRequest' ? `MedicationRequest/${r.id}` : null, rxcui: codeIn(concept, RXNORM) ?? null, name },
  };
}

/** An Observation's value as text and unit (a quantity, a concept, a string; components joined, e.g. blood pressure). */
function valueOf(r: Res): { value: string; unit: string } | null {
  const one = (o: Record<string, unknown>): { value: string; unit: string } | null => {
    const q = o.valueQuantity as { value?: number; unit?: string; code?: string } | undefined;
    if (q && typeof q.value === 'number') { return { value: String(q.value), unit: q.unit ?? q.code ?? '' }; }
    if (typeof o.valueString === 'string' && o.valueString.trim()) { return { value: o.valueString.trim(), unit: '' }; }
    const c = textOf(o.valueCodeableConcept as Concept | undefined);
    if (c) { return { value: c, unit: '' }; }
    if (typeof o.valueBoolean === 'boolean') { return { value: String(o.valueBoolean), unit: '' }; }
    if (typeof o.valueInteger === 'number') { return { value: String(o.valueInteger), unit: '' }; }
    return null;
  };
  const direct = one(r);
  if (direct) { return direct; }
  const parts = ((r.component as Record<string, unknown>[] | undefined) ?? []).map(one).filter((x): x is { value: string; unit: string } => x !== null);
  if (parts.length === 0) { return null; }
  return { value: parts.map((p) => p.value).join('/'), unit: parts[0]!.unit };
}
