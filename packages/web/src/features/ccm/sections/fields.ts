import { toDateTimeLocalInput } from '../../../lib/calendar';
import { ccmOptionLists, medicationFrequencies, type CcmOptionListName } from '@vigil/contract';

/**
 * The small field description that drives the generic CCM sub-record section (list, form and
 * delete) instead of one hand-written form per group (README "How to add a feature", step 5).
 * Labels are `ccm:fields.<group>.<name>`; choices come from the CCM option lists
 * (contract ccm.options.ts, the data `GET ccmrecord/options/{listName}` serves, shown in the UI
 * language) or, for the product's own short enums, from `ccm:values.<code>`.
 */
export type FieldSpec =
  | { name: string; kind: 'text'; required?: boolean; max?: number }
  | { name: string; kind: 'textarea'; required?: boolean; max?: number }
  | { name: string; kind: 'date'; required?: boolean; /** Defaults to today. */ today?: boolean; future?: boolean }
  | { name: string; kind: 'datetime'; required?: boolean }
  | { name: string; kind: 'number'; required?: boolean; integer?: boolean }
  | { name: string; kind: 'boolean' }
  | { name: string; kind: 'select'; list: CcmOptionListName; required?: boolean; default?: string }
  | { name: string; kind: 'enum'; values: readonly string[]; required?: boolean; default?: string }
  | { name: string; kind: 'diagnosis' }
  | { name: string; kind: 'prescription' }
  | { name: string; kind: 'items'; fields: FieldSpec[]; blank: Record<string, unknown> };

const goalStatuses = ['PROPOSED', 'IN_PROGRESS', 'ACHIEVED', 'NOT_ACHIEVED'] as const;

/** The form of each sub-record group, in the contract's field order (ccm.sections.schemas.ts). */
export const groupFields: Record<string, FieldSpec[]> = {
  ccmconditions: [
    { name: 'name', kind: 'text', required: true, max: 200 },
    { name: 'icd10Code', kind: 'text', max: 8 },
    { name: 'isPrimary', kind: 'boolean' },
    { name: 'severity', kind: 'select', list: 'conditionSeverity' },
    { name: 'onsetDate', kind: 'date' },
    { name: 'historyStatus', kind: 'select', list: 'conditionHistory', required: true, default: 'STABLE' },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmdiagnosis: [
    { name: 'diagnosisId', kind: 'diagnosis' },
    { name: 'diagnosisType', kind: 'select', list: 'diagnosisTypes', required: true },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmcareplan: [
    { name: 'title', kind: 'text', required: true, max: 200 },
    { name: 'planType', kind: 'select', list: 'carePlanTypes', required: true, default: 'comprehensive' },
    { name: 'status', kind: 'select', list: 'carePlanStatuses', required: true, default: 'active' },
    { name: 'problemList', kind: 'textarea', required: true, max: 4000 },
    { name: 'expectedOutcome', kind: 'textarea', required: true, max: 4000 },
    { name: 'prognosis', kind: 'textarea', required: true, max: 4000 },
    {
      name: 'goals',
      kind: 'items',
      fields: [
        { name: 'description', kind: 'text', required: true, max: 500 },
        { name: 'measure', kind: 'text', max: 200 },
        { name: 'target', kind: 'text', max: 200 },
        { name: 'targetDate', kind: 'date', future: true },
        { name: 'status', kind: 'enum', values: goalStatuses, required: true },
      ],
      blank: { description: '', measure: '', target: '', targetDate: '', status: 'PROPOSED' },
    },
    { name: 'symptomManagement', kind: 'textarea', required: true, max: 4000 },
    {
      name: 'interventions',
      kind: 'items',
      fields: [
        { name: 'description', kind: 'text', required: true, max: 500 },
        { name: 'responsible', kind: 'text', required: true, max: 200 },
      ],
      blank: { description: '', responsible: '' },
    },
    { name: 'medicationManagement', kind: 'textarea', required: true, max: 4000 },
    { name: 'communityServices', kind: 'textarea', max: 4000 },
    { name: 'coordination', kind: 'textarea', max: 4000 },
    { name: 'reviewDate', kind: 'date', required: true, future: true },
    // Complex CCM (99487) reads these dates (docs/billing-engine.md "Complex CCM"); established defaults to today on the server.
    { name: 'establishedOn', kind: 'date', today: true },
    { name: 'revisedOn', kind: 'date' },
  ],
  ccmtimelogentry: [
    { name: 'startedAt', kind: 'datetime', required: true },
    { name: 'minutes', kind: 'number', required: true, integer: true },
    { name: 'activity', kind: 'text', required: true, max: 200 },
    { name: 'interactive', kind: 'boolean' },
  ],
  ccmmedicationevent: [
    { name: 'prescriptionId', kind: 'prescription' },
    { name: 'eventType', kind: 'select', list: 'medicationEventTypes', required: true },
    { name: 'eventDate', kind: 'date', required: true, today: true },
    { name: 'frequency', kind: 'enum', values: medicationFrequencies },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  vitalentry: [
    { name: 'vitalType', kind: 'select', list: 'vitalTypes', required: true },
    { name: 'value', kind: 'number', required: true },
    { name: 'value2', kind: 'number' },
    { name: 'unit', kind: 'select', list: 'vitalUnits', required: true },
    { name: 'measuredAt', kind: 'datetime', required: true },
    { name: 'includeInMedicalNote', kind: 'boolean' },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmmedicalnote: [
    { name: 'title', kind: 'select', list: 'medicalNoteTitles', required: true },
    { name: 'noteType', kind: 'select', list: 'medicalNoteTypes', required: true },
    { name: 'text', kind: 'textarea', required: true, max: 4000 },
  ],
  ccmobservation: [
    { name: 'category', kind: 'select', list: 'observationCategories', required: true },
    { name: 'name', kind: 'text', required: true, max: 200 },
    { name: 'loincCode', kind: 'text', max: 10 },
    { name: 'value', kind: 'text', required: true, max: 200 },
    { name: 'unit', kind: 'text', max: 40 },
    { name: 'observedOn', kind: 'date', required: true, today: true },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmallergy: [],
  ccmvaccine: [
    { name: 'cvxCode', kind: 'select', list: 'vaccineNames', required: true },
    { name: 'manufacturer', kind: 'select', list: 'vaccineManufacturers' },
    { name: 'lotNumber', kind: 'text', max: 40 },
    { name: 'administeredOn', kind: 'date', required: true, today: true },
    { name: 'site', kind: 'select', list: 'vaccineSites' },
    { name: 'route', kind: 'select', list: 'vaccineRoutes' },
    { name: 'dose', kind: 'select', list: 'vaccineDoses' },
    { name: 'status', kind: 'enum', values: ['COMPLETED', 'NOT_DONE'], required: true, default: 'COMPLETED' },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmimaging: [
    { name: 'modality', kind: 'select', list: 'imagingModalities', required: true },
    { name: 'bodyPart', kind: 'select', list: 'imagingBodyParts', required: true },
    { name: 'studyDate', kind: 'date', required: true, today: true },
    { name: 'description', kind: 'text', required: true, max: 200 },
    { name: 'findings', kind: 'textarea', max: 4000 },
  ],
  ccmlab: [
    { name: 'panel', kind: 'select', list: 'labPanels', required: true },
    { name: 'specimen', kind: 'select', list: 'labSpecimens', required: true },
    { name: 'testName', kind: 'text', required: true, max: 200 },
    { name: 'loincCode', kind: 'text', max: 10 },
    { name: 'value', kind: 'text', required: true, max: 60 },
    { name: 'unit', kind: 'select', list: 'labUnits' },
    { name: 'referenceRange', kind: 'text', max: 60 },
    { name: 'interpretation', kind: 'select', list: 'labInterpretations' },
    { name: 'source', kind: 'select', list: 'labSources', required: true },
    { name: 'collectedOn', kind: 'date', required: true, today: true },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmattachment: [
    { name: 'title', kind: 'text', required: true, max: 200 },
    { name: 'documentType', kind: 'select', list: 'documentTypes', required: true },
    { name: 'documentDate', kind: 'date', required: true, today: true },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
  ccmconsentform: [
    { name: 'program', kind: 'select', list: 'consentPrograms', required: true, default: 'CCM' },
    { name: 'consentType', kind: 'select', list: 'consentTypes', required: true, default: 'VERBAL' },
    { name: 'method', kind: 'select', list: 'consentMethods', required: true },
    { name: 'consentDate', kind: 'date', required: true, today: true },
    { name: 'obtainedBy', kind: 'text', required: true, max: 200 },
    { name: 'status', kind: 'enum', values: ['ACTIVE', 'REVOKED'], required: true, default: 'ACTIVE' },
    // Required when revoked; the month of revocation still bills (docs/billing-engine.md "Consent").
    { name: 'revokedOn', kind: 'date' },
    { name: 'notes', kind: 'textarea', max: 1000 },
  ],
};

/** The display of `code` in list `list` in the UI language (the code itself when unknown). */
export function optionLabel(list: CcmOptionListName, code: string | null | undefined, lang: string): string {
  if (!code) { return ''; }
  const o = (ccmOptionLists[list] as readonly { code: string; en: string; es: string }[]).find((x) => x.code === code);
  return o ? (lang.startsWith('es') ? o.es : o.en) : code;
}

/** The choices of list `list` for a Select, in the UI language. */
export function optionChoices(list: CcmOptionListName, lang: string): { value: string; label: string }[] {
  return (ccmOptionLists[list] as readonly { code: string; en: string; es: string }[]).map((o) => ({ value: o.code, label: lang.startsWith('es') ? o.es : o.en }));
}

type Values = Record<string, unknown>;

/**
 * The form's starting values: a row's values for an edit, else the fields' defaults; a date field
 * marked `today` starts on `today` ('YYYY-MM-DD', the office's calendar: lib/calendar useOfficeToday).
 */
export function initialValues(fields: FieldSpec[], row: Values | null, today: string): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = row?.[f.name];
    switch (f.kind) {
      case 'text':
      case 'textarea':
        out[f.name] = typeof v === 'string' ? v : '';
        break;
      case 'date':
        out[f.name] = typeof v === 'string' ? v : row || !f.today ? '' : today;
        break;
      case 'datetime':
        out[f.name] = typeof v === 'string' ? toDateTimeLocalInput(v) : row ? '' : toDateTimeLocalInput(new Date().toISOString());
        break;
      case 'number':
        out[f.name] = typeof v === 'number' ? v : '';
        break;
      case 'boolean':
        out[f.name] = typeof v === 'boolean' ? v : false;
        break;
      case 'select':
      case 'enum':
        out[f.name] = typeof v === 'string' ? v : row ? null : (f.default ?? null);
        break;
      case 'diagnosis':
      case 'prescription':
        out[f.name] = typeof v === 'number' ? String(v) : null;
        break;
      case 'items':
        out[f.name] = Array.isArray(v) ? v.map((item: Values) => initialValues(f.fields, { ...f.blank, ...item }, today)) : row ? [] : [initialValues(f.fields, f.blank, today)];
        break;
    }
  }
  return out;
}

/**
 * The form's values as the contract's body: an empty optional date, number or choice is "not
 * known" (null), an empty required one is left out (the schema then says "required"), a
 * datetime-local value becomes an ISO instant and a picked row id a number.
 */
export function toBody(fields: FieldSpec[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    switch (f.kind) {
      case 'text':
      case 'textarea':
      case 'boolean':
        out[f.name] = v;
        break;
      case 'date':
      case 'select':
      case 'enum':
        out[f.name] = v === '' || v === null || v === undefined ? (f.required ? undefined : null) : v;
        break;
      case 'datetime':
        out[f.name] = typeof v === 'string' && v !== '' && !Number.isNaN(new Date(v).getTime()) ? new Date(v).toISOString() : undefined;
        break;
      case 'number':
        out[f.name] = v === '' || v === null || v === undefined ? (f.required ? undefined : null) : Number(v);
        break;
      case 'diagnosis':
      case 'prescription':
        out[f.name] = v ? Number(v) : undefined;
        break;
      case 'items':
        out[f.name] = Array.isArray(v) ? v.map((item: Values) => toBody(f.fields, item)) : [];
        break;
    }
  }
  return out;
}
