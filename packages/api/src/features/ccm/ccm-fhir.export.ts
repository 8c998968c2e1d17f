import { ccmOptionLists, type CcmOption } from '@vigil/contract';

/**
 * A CCM record as a FHIR R4 Bundle of US Core resources (docs/ccm.md "FHIR"): pure mapping, no
 * database. Sources: HL7 FHIR R4 (https://hl7.org/fhir/R4/) and US Core 6.1
 * (https://hl7.org/fhir/us/core/STU6.1/); codes are the record's own (ICD-10-CM, LOINC, UCUM, CVX,
 * MVX, HL7 v2 tables, DICOM, RxNorm); SNOMED CT is not shipped, so elements US Core binds to it
 * carry text. Every resource has a `urn:uuid` full URL made from the record, group and row ids,
 * so the same record exports to the same ids.
 */

type Json = Record<string, unknown>;
type Row = Record<string, unknown> & { id: number; createdAt: string };

/** The record as `GET ccmrecord/{id}` answers it, with its patient. */
export interface CcmRecordForFhir {
  id: number;
  recordDate: string;
  status: number;
  socialDeterminants: string[];
  sections: Record<string, Row[]>;
  patient: { id: number; firstName: string; lastName: string; gender: string; birthdate: string | null };
  office: { id: number; name: string };
}

const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition/';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONDITION_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ALLERGY_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const OBS_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074'; // diagnostic service section
const V2_0078 = 'http://terminology.hl7.org/CodeSystem/v2-0078';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** A deterministic UUID (version-4 shaped) from a name: the resource's stable `urn:uuid`. */
export function stableUuid(name: string): string {
  // FNV-1a 32-bit over the name, four rounds with different seeds: 128 bits of hex.
  const parts: string[] = [];
  for (let seed = 0; seed < 4; seed++) {
    let h = 0x811c9dc5 ^ seed;
    for (const ch of `${seed}:${name}`) { h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0; }
    parts.push(h.toString(16).padStart(8, '0'));
  }
  const hex = parts.join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The option of `list` with `code`, for its system and English display. */
function option(list: keyof typeof ccmOptionLists, code: string | null | undefined): CcmOption | undefined {
  return code ? (ccmOptionLists[list] as readonly CcmOption[]).find((o) => o.code === code) : undefined;
}

/** A CodeableConcept of a list's option (its system and code) with `text`; text alone when the option is the product's own or unknown. */
function concept(list: keyof typeof ccmOptionLists, code: string | null | undefined, text?: string): Json {
  const o = option(list, code);
  const display = text || o?.en || code || '';
  if (!o || o.system.startsWith('urn:vigil')) { return { text: display }; }
  return { coding: [{ system: o.system, code: o.code, display: o.en }], text: display };
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The Bundle (type `collection`) of record `r`: Patient, then per section Condition, CarePlan and
 * its Goals, CareTeam, MedicationRequest, AllergyIntolerance, Immunization, Observation (CCM
 * observations, vital entries, lab results), DiagnosticReport (imaging studies, lab panels),
 * DocumentReference (attachments) and Consent. `fileUrl(group, id)` is where a row's file is
 * downloaded (a relative API path), used for the attachments of DocumentReference and Consent.
 */
export function ccmRecordToFhirBundle(r: CcmRecordForFhir, fileUrl: (group: string, id: number) => string, now: Date = new Date()): Json {
  const entries: { fullUrl: string; resource: Json }[] = [];
  const urlOf = (kind: string, id: number | string) => `urn:uuid:${stableUuid(`vigil:ccm:${r.id}:${kind}:${id}`)}`;
  const add = (kind: string, id: number | string, resource: Json) => {
    const fullUrl = urlOf(kind, id);
    entries.push({ fullUrl, resource: { id: fullUrl.slice('urn:uuid:'.length), ...resource } });
    return fullUrl;
  };
  const profile = (name: string) => ({ profile: [`${US_CORE}${name}`] });
  const s = (slug: string) => r.sections[slug] ?? [];

  const patientUrl = add('patient', r.patient.id, {
    resourceType: 'Patient',
    meta: profile('us-core-patient'),
    identifier: [{ system: 'urn:vigil:patient', value: String(r.patient.id) }],
    name: [{ family: r.patient.lastName, given: [r.patient.firstName] }],
    gender: ({ M: 'male', F: 'female', MALE: 'male', FEMALE: 'female', O: 'other' } as Record<string, string>)[r.patient.gender.toUpperCase()] ?? 'unknown',
    ...(r.patient.birthdate ? { birthDate: r.patient.birthdate } : {}),
  });
  const subject = { reference: patientUrl };
  const problemCategory = [{ coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }];

  // Conditions: the CCM conditions and the patient's diagnoses the record names; social determinants as health concerns.
  const conditionUrls: string[] = [];
  for (const c of s('ccmconditions')) {
    const resolved = c.historyStatus === 'RESOLVED';
    conditionUrls.push(
      add('condition', c.id, {
        resourceType: 'Condition',
        meta: profile('us-core-condition-problems-health-concerns'),
        clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: resolved ? 'resolved' : c.historyStatus === 'RECURS' ? 'recurrence' : 'active' }] },
        verificationStatus: { coding: [{ system: CONDITION_VERIFICATION, code: 'confirmed' }] },
        category: problemCategory,
        code: nonEmpty(c.icd10Code) ? { coding: [{ system: ICD10, code: c.icd10Code, display: c.name }], text: c.name } : { text: c.name },
        ...(c.severity ? { severity: concept('conditionSeverity', c.severity as string) } : {}),
        subject,
        ...(c.onsetDate ? { onsetDateTime: c.onsetDate } : {}),
        recordedDate: c.createdAt,
        ...(nonEmpty(c.notes) ? { note: [{ text: c.notes }] } : {}),
      }),
    );
  }
  for (const d of s('ccmdiagnosis')) {
    const inactive = /resolved|inactive/i.test(String(d.status));
    conditionUrls.push(
      add('diagnosis', d.id, {
        resourceType: 'Condition',
        meta: profile('us-core-condition-problems-health-concerns'),
        clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: inactive ? 'resolved' : 'active' }] },
        verificationStatus: { coding: [{ system: CONDITION_VERIFICATION, code: 'confirmed' }] },
        category: problemCategory,
        code: nonEmpty(d.code) ? { coding: [{ system: ICD10, code: d.code, display: d.description }], text: d.description } : { text: d.description || 'Diagnosis' },
        subject,
        recordedDate: d.createdAt,
      }),
    );
  }
  for (const code of r.socialDeterminants) {
    const o = option('socialDeterminants', code);
    add('sdoh', code, {
      resourceType: 'Condition',
      meta: profile('us-core-condition-problems-health-concerns'),
      clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
      verificationStatus: { coding: [{ system: CONDITION_VERIFICATION, code: 'confirmed' }] },
      category: [{ coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/condition-category', code: 'health-concern', display: 'Health Concern' }] }, { coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-tags', code: 'sdoh', display: 'SDOH' }] }],
      code: { coding: [{ system: ICD10, code, display: o?.en ?? code }], text: o?.en ?? code },
      subject,
    });
  }

  // Care team: the people the care plans name as responsible, and who obtained consent.
  const people = new Set<string>();
  for (const p of s('ccmcareplan')) { for (const i of (p.interventions as { responsible: string }[]) ?? []) { if (nonEmpty(i.responsible)) { people.add(i.responsible.trim()); } } }
  for (const c of s('ccmconsentform')) { if (nonEmpty(c.obtainedBy)) { people.add((c.obtainedBy as string).trim()); } }
  const careTeamUrl = add('careteam', r.id, {
    resourceType: 'CareTeam',
    meta: profile('us-core-careteam'),
    status: 'active',
    name: `CCM care team, ${r.office.name}`,
    subject,
    participant: [...people].map((name) => ({ role: [{ text: 'Care team member' }], member: { display: name } })),
    managingOrganization: [{ display: r.office.name }],
  });

  // Care plans and their goals.
  for (const p of s('ccmcareplan')) {
    const goals = ((p.goals as { description: string; measure?: string; target?: string; targetDate?: string | null; status: string }[]) ?? []).map((g, i) =>
      add('goal', `${p.id}-${i}`, {
        resourceType: 'Goal',
        meta: profile('us-core-goal'),
        lifecycleStatus: g.status === 'PROPOSED' ? 'proposed' : g.status === 'ACHIEVED' || g.status === 'NOT_ACHIEVED' ? 'completed' : 'active',
        ...(g.status === 'ACHIEVED' ? { achievementStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/goal-achievement', code: 'achieved' }] } } : g.status === 'NOT_ACHIEVED' ? { achievementStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/goal-achievement', code: 'not-achieved' }] } } : {}),
        description: { text: g.description },
        subject,
        ...(nonEmpty(g.target) || g.targetDate ? { target: [{ ...(nonEmpty(g.measure) ? { measure: { text: g.measure } } : {}), ...(nonEmpty(g.target) ? { detailString: g.target } : {}), ...(g.targetDate ? { dueDate: g.targetDate } : {}) }] } : {}),
        addresses: conditionUrls.map((reference) => ({ reference })),
      }),
    );
    const sections: [string, unknown][] = [
      ['Problem list', p.problemList],
      ['Expected outcome', p.expectedOutcome],
      ['Prognosis', p.prognosis],
      ['Symptom management', p.symptomManagement],
      ['Medication management', p.medicationManagement],
      ['Community and social services', p.communityServices],
      ['Coordination with outside providers', p.coordination],
      ['Review by', p.reviewDate],
    ];
    const div = `<div xmlns="http://www.w3.org/1999/xhtml"><h1>${esc(String(p.title))}</h1>${sections
      .filter(([, v]) => nonEmpty(v))
      .map(([k, v]) => `<p><b>${k}:</b> ${esc(String(v))}</p>`)
      .join('')}</div>`;
    add('careplan', p.id, {
      resourceType: 'CarePlan',
      meta: profile('us-core-careplan'),
      text: { status: 'additional', div },
      status: p.status,
      intent: 'plan',
      category: [{ coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category', code: 'assess-plan' }] }, concept('carePlanTypes', p.planType as string)],
      title: p.title,
      description: p.expectedOutcome,
      subject,
      created: p.createdAt,
      period: { end: p.reviewDate },
      careTeam: [{ reference: careTeamUrl }],
      addresses: conditionUrls.map((reference) => ({ reference })),
      goal: goals.map((reference) => ({ reference })),
      activity: ((p.interventions as { description: string; responsible: string }[]) ?? []).map((i) => ({
        detail: { status: 'in-progress', description: i.description, performer: [{ display: i.responsible }] },
      })),
    });
  }

  // Medications: each medication event of the patient's prescriptions.
  for (const m of s('ccmmedicationevent')) {
    add('medication', m.id, {
      resourceType: 'MedicationRequest',
      meta: profile('us-core-medicationrequest'),
      status: m.eventType === 'STOPPED' ? 'stopped' : m.eventType === 'HELD' ? 'on-hold' : 'active',
      intent: 'order',
      medicationCodeableConcept: { text: nonEmpty(m.medicationName) ? m.medicationName : 'Medication' },
      subject,
      authoredOn: m.eventDate,
      requester: { display: r.office.name },
      dosageInstruction: [{ text: [m.dose, option('medicationFrequencies', m.frequency as string)?.en].filter(nonEmpty).join(', ') || 'As prescribed' }],
      ...(nonEmpty(m.notes) ? { note: [{ text: m.notes }] } : {}),
    });
  }

  for (const a of s('ccmallergy')) {
    const code = a.allergenCodeSystem === 'RXNORM' && nonEmpty(a.allergenCode) ? { coding: [{ system: RXNORM, code: a.allergenCode, display: a.allergen }], text: a.allergen } : { text: a.allergen };
    add('allergy', a.id, {
      resourceType: 'AllergyIntolerance',
      meta: profile('us-core-allergyintolerance'),
      clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: a.status === 'ACTIVE' ? 'active' : a.status === 'RESOLVED' ? 'resolved' : 'inactive' }] },
      verificationStatus: { coding: [{ system: ALLERGY_VERIFICATION, code: 'confirmed' }] },
      category: [({ MEDICATION: 'medication', FOOD: 'food', ENVIRONMENT: 'environment', BIOLOGIC: 'biologic' } as Record<string, string>)[a.category as string] ?? 'environment'],
      ...(a.severity ? { criticality: a.severity === 'SEVERE' ? 'high' : 'low' } : {}),
      code,
      patient: subject,
      ...(a.onsetDate ? { onsetDateTime: a.onsetDate } : {}),
      recordedDate: a.createdAt,
      ...(nonEmpty(a.reaction) ? { reaction: [{ manifestation: [{ text: a.reaction }], ...(a.severity ? { severity: String(a.severity).toLowerCase() } : {}) }] } : {}),
    });
  }

  for (const v of s('ccmvaccine')) {
    add('immunization', v.id, {
      resourceType: 'Immunization',
      meta: profile('us-core-immunization'),
      status: v.status === 'NOT_DONE' ? 'not-done' : 'completed',
      ...(v.status === 'NOT_DONE' ? { statusReason: { coding: [{ system: ACT_CODE, code: 'PATOBJ', display: 'patient objection' }] } } : {}),
      vaccineCode: concept('vaccineNames', v.cvxCode as string),
      patient: subject,
      occurrenceDateTime: v.administeredOn,
      primarySource: true,
      ...(v.manufacturer ? { manufacturer: { display: option('vaccineManufacturers', v.manufacturer as string)?.en ?? v.manufacturer } } : {}),
      ...(nonEmpty(v.lotNumber) ? { lotNumber: v.lotNumber } : {}),
      ...(v.site ? { site: concept('vaccineSites', v.site as string) } : {}),
      ...(v.route ? { route: concept('vaccineRoutes', v.route as string) } : {}),
      ...(nonEmpty(v.notes) ? { note: [{ text: v.notes }] } : {}),
    });
  }

  const category = (code: string) => [{ coding: [{ system: OBS_CATEGORY, code }] }];
  for (const o of s('ccmobservation')) {
    add('observation', o.id, {
      resourceType: 'Observation',
      meta: profile(o.category === 'social-history' ? 'us-core-observation-social-history' : 'us-core-simple-observation'),
      status: 'final',
      category: category(o.category as string),
      code: nonEmpty(o.loincCode) ? { coding: [{ system: LOINC, code: o.loincCode, display: o.name }], text: o.name } : { text: o.name },
      subject,
      effectiveDateTime: o.observedOn,
      // A number with its unit is a Quantity (the importer reads value and unit back); else text.
      ...(nonEmpty(o.unit) && /^-?\d+(\.\d+)?$/.test(String(o.value)) && String(Number(o.value)) === o.value ? { valueQuantity: { value: Number(o.value), unit: o.unit } } : { valueString: nonEmpty(o.unit) ? `${o.value} ${o.unit}` : o.value }),
      ...(nonEmpty(o.notes) ? { note: [{ text: o.notes }] } : {}),
    });
  }
  for (const v of s('vitalentry')) {
    const type = option('vitalTypes', v.vitalType as string);
    const unit = option('vitalUnits', v.unit as string);
    const quantity = (value: number) => ({ value, unit: unit?.en ?? v.unit, system: UCUM, code: v.unit });
    const isBp = v.vitalType === '85354-9';
    add('vital', v.id, {
      resourceType: 'Observation',
      meta: profile(isBp ? 'us-core-blood-pressure' : 'us-core-vital-signs'),
      status: 'final',
      category: category('vital-signs'),
      code: { coding: [{ system: LOINC, code: v.vitalType, display: type?.en }], text: type?.en ?? v.vitalType },
      subject,
      effectiveDateTime: v.measuredAt,
      ...(isBp
        ? {
            component: [
              { code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] }, valueQuantity: quantity(v.value as number) },
              { code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] }, valueQuantity: quantity(v.value2 as number) },
            ],
          }
        : { valueQuantity: quantity(v.value as number) }),
    });
  }
  const labsByPanel = new Map<string, string[]>();
  for (const l of s('ccmlab')) {
    const numeric = /^-?\d+(\.\d+)?$/.test(String(l.value));
    const url = add('lab', l.id, {
      resourceType: 'Observation',
      meta: profile('us-core-observation-lab'),
      status: 'final',
      category: category('laboratory'),
      code: nonEmpty(l.loincCode) ? { coding: [{ system: LOINC, code: l.loincCode, display: l.testName }], text: l.testName } : { text: l.testName },
      subject,
      effectiveDateTime: l.collectedOn,
      ...(numeric ? { valueQuantity: { value: Number(l.value), ...(l.unit ? { unit: l.unit, system: UCUM, code: l.unit } : {}) } } : { valueString: l.value }),
      ...(l.interpretation ? { interpretation: [{ coding: [{ system: V2_0078, code: l.interpretation }] }] } : {}),
      ...(nonEmpty(l.referenceRange) ? { referenceRange: [{ text: l.referenceRange }] } : {}),
      specimen: { display: option('labSpecimens', l.specimen as string)?.en ?? String(l.specimen) },
      performer: [{ display: option('labSources', l.source as string)?.en ?? String(l.source) }],
      ...(nonEmpty(l.notes) ? { note: [{ text: l.notes }] } : {}),
    });
    const key = `${l.panel}|${l.collectedOn}`;
    labsByPanel.set(key, [...(labsByPanel.get(key) ?? []), url]);
  }
  for (const [key, results] of labsByPanel) {
    const [panel, date] = key.split('|') as [string, string];
    add('labpanel', key, {
      resourceType: 'DiagnosticReport',
      meta: profile('us-core-diagnosticreport-lab'),
      status: 'final',
      category: [{ coding: [{ system: V2_0074, code: 'LAB', display: 'Laboratory' }] }],
      code: concept('labPanels', panel),
      subject,
      effectiveDateTime: date,
      issued: now.toISOString(),
      result: results.map((reference) => ({ reference })),
    });
  }
  for (const i of s('ccmimaging')) {
    const file = i.file as { contentType: string; fileName: string } | null;
    add('imaging', i.id, {
      resourceType: 'DiagnosticReport',
      meta: profile('us-core-diagnosticreport-note'),
      status: 'final',
      category: [{ coding: [{ system: LOINC, code: 'LP29684-5', display: 'Radiology' }] }],
      code: { coding: [{ system: LOINC, code: '18748-4', display: 'Diagnostic imaging study' }], text: i.description },
      subject,
      effectiveDateTime: i.studyDate,
      issued: i.createdAt,
      ...(nonEmpty(i.findings) ? { conclusion: i.findings } : {}),
      conclusionCode: [concept('imagingModalities', i.modality as string), concept('imagingBodyParts', i.bodyPart as string)],
      ...(file ? { presentedForm: [{ contentType: file.contentType, url: fileUrl('ccmimaging', i.id), title: file.fileName }] } : {}),
    });
  }

  for (const d of s('ccmattachment')) {
    const file = d.file as { contentType: string; fileName: string; sizeBytes: number } | null;
    add('document', d.id, {
      resourceType: 'DocumentReference',
      meta: profile('us-core-documentreference'),
      status: 'current',
      type: concept('documentTypes', d.documentType as string),
      category: [{ coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category', code: 'clinical-note', display: 'Clinical Note' }] }],
      subject,
      date: `${d.documentDate}T00:00:00Z`,
      description: d.title,
      content: [{ attachment: file ? { contentType: file.contentType, url: fileUrl('ccmattachment', d.id), title: file.fileName, size: file.sizeBytes } : { title: d.title } }],
    });
  }

  for (const c of s('ccmconsentform')) {
    const file = c.file as { contentType: string; fileName: string } | null;
    add('consent', c.id, {
      resourceType: 'Consent',
      status: c.status === 'ACTIVE' ? 'active' : 'inactive',
      scope: { coding: [{ system: CONSENT_SCOPE, code: 'treatment', display: 'Treatment' }] },
      category: [{ coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }], text: `${c.program} consent (${String(c.consentType).toLowerCase()}, ${option('consentMethods', c.method as string)?.en ?? c.method})` }],
      patient: subject,
      dateTime: c.consentDate,
      performer: [subject],
      organization: [{ display: r.office.name }],
      ...(file ? { sourceAttachment: { contentType: file.contentType, url: fileUrl('ccmconsentform', c.id), title: file.fileName } } : {}),
      policyRule: { coding: [{ system: ACT_CODE, code: 'OPTIN', display: 'opt-in' }], text: `${c.program} program consent, obtained by ${c.obtainedBy}` },
      provision: { type: c.status === 'ACTIVE' ? 'permit' : 'deny', period: { start: c.consentDate, ...(c.revokedOn ? { end: c.revokedOn } : {}) } },
    });
  }

  return { resourceType: 'Bundle', id: stableUuid(`vigil:ccm:${r.id}:bundle`), meta: { lastUpdated: now.toISOString() }, type: 'collection', timestamp: now.toISOString(), entry: entries };
}

/** Text for XHTML narrative: &, < and > escaped. */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
