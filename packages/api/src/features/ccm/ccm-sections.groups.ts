import * as c from '@vigil/contract';
import { ccmCarePlans, ccmConsentForms, ccmAttachments, ccmConditions, ccmDiagnoses, ccmImaging, ccmLabs, ccmMedicalNotes, ccmMedicationEvents, ccmObservations, ccmTimeLogEntries, ccmVaccines, ccmVitalEntries } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localDate, localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import type { SubRecordRow, SubRecordTable } from '../../lib/sub-records/sub-records.repo';
import type { SubRecordGroup, SubRecordHookContext } from '../../lib/sub-records/sub-records.service';
import * as history from './ccm-condition-history.repo';
import * as files from './ccm-files.repo';
import * as diagnoses from '../diagnoses/index';
import * as measurements from '../measurements/index';
import * as medicalNotes from '../medical-notes/index';
import * as timeTracking from '../time-tracking/index';
import * as links from './ccm-links.repo';
import { tenantDb } from '../../db/handles';

/**
 * The CCM sub-record groups other than allergies (portal-spec.md section 7 "CCM"), served by the
 * generic trio (lib/sub-records) with per-group hooks. Plain groups store their form as it is
 * (`plainGroup`); link groups store a link to another feature's row and read it back with
 * `enrich` (docs/ccm.md "One source of truth").
 */

type Base = 'id' | 'ccmRecordId' | 'patientId' | 'hospitalId' | 'createdBy' | 'createdAt' | 'updatedAt';
type ItemOf<G extends { itemSchema: { _zod: { output: unknown } } }> = Omit<G['itemSchema']['_zod']['output'], Base>;
type FieldsOf<G extends { updateBody: { _zod: { output: unknown } } }> = G['updateBody']['_zod']['output'];

/** Today in the record's office time zone. */
const todayOf = (h: SubRecordHookContext) => localDate(h.now, officeTimeZone(h.record.timeZone));

/** 400 `field` "The date cannot be in the future" for a calendar date after the office's today. */
function refuseFutureDates(fields: Record<string, unknown>, names: readonly string[], h: SubRecordHookContext): void {
  const today = todayOf(h);
  const wrong = names.filter((n) => typeof fields[n] === 'string' && (fields[n] as string) > today);
  if (wrong.length > 0) { throw AppError.badRequest('futureDate', Object.fromEntries(wrong.map((n) => [n, 'futureDate' as const]))); }
}

/** 400 `field` "The date cannot be in the future" for an instant after now. */
function refuseFutureInstant(value: string, field: string, h: SubRecordHookContext): void {
  if (new Date(value).getTime() > h.now.getTime()) { throw AppError.badRequest('futureDate', { [field]: 'futureDate' }); }
}

/**
 * A group that stores its form as its own columns: optional text fields absent from the form are
 * stored empty, optional coded or dated fields null (`defaults`), so that a field cleared in the
 * form is cleared. `pastDates` are calendar dates that may not be after the office's today.
 */
function plainGroup<G extends c.SubRecordEndpoints & { itemSchema: { shape: Record<string, unknown> } }>(
  endpoints: G,
  table: SubRecordTable,
  defaults: Record<string, '' | null | false>,
  pastDates: readonly string[] = [],
): SubRecordGroup<FieldsOf<G>, ItemOf<G>> {
  const keys = Object.keys(endpoints.itemSchema.shape).filter((k) => !['id', 'ccmRecordId', 'patientId', 'hospitalId', 'createdBy', 'createdAt', 'updatedAt'].includes(k));
  return {
    endpoints,
    table,
    validate: (fields, h) => refuseFutureDates(fields as Record<string, unknown>, pastDates, h),
    beforeWrite: (fields) => {
      const f = fields as Record<string, unknown>;
      const values: Record<string, unknown> = {};
      for (const k of Object.keys(f)) { values[k] = f[k]; }
      for (const [k, d] of Object.entries(defaults)) { if (values[k] === undefined) { values[k] = d; } }
      return values;
    },
    toResponse: (row) => Object.fromEntries(keys.map((k) => [k, row[k]])) as ItemOf<G>,
  };
}

/** A row's file details from `ccm_files` (null without one) as `file`, ISO instant (docs/ccm.md "Files"). */
function fileOf(v: unknown): c.CcmFile | null {
  if (!v) { return null; }
  const f = v as { fileName: string; contentType: c.CcmFileType; sizeBytes: number; uploadedAt: string | Date };
  return { fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes, uploadedAt: new Date(f.uploadedAt).toISOString() };
}

/** `group` with its rows' `file` read back (`enrich` for lists, `linked` for the record's one-statement read). */
function withFile<G extends SubRecordGroup<never, object>>(group: G, slug: files.CcmFileGroup): G {
  return {
    ...group,
    enrich: async (rows, db) => {
      const infos = await files.findFileInfos(db, slug, rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, file: fileOf(infos.get(r.id)) }));
    },
    linked: { sql: files.fileInfoJson(slug, group.table.id), apply: (r, v) => ({ ...r, file: fileOf(v) }) },
  };
}

export const ccmObservationGroup = plainGroup(c.ccmObservationGroup, ccmObservations, { loincCode: '', unit: '', notes: '' }, ['observedOn']);
export const ccmAttachmentGroup = withFile(plainGroup(c.ccmAttachmentGroup, ccmAttachments, { notes: '' }, ['documentDate']), 'ccmattachment');
/**
 * A consent form with its effective dates (docs/billing-engine.md "Consent"; CMS: the patient may
 * stop CCM at any time, effective at the end of the calendar month): `consentDate` is the day it
 * was obtained, `revokedOn` the day it was revoked. 400 revokedOn "revokedOnRequired" for a
 * REVOKED form without it, "revokedOnWhileActive" for an ACTIVE form with it,
 * "revokedBeforeObtained" before `consentDate`; "futureDate" for either date after the office's today.
 */
export const ccmConsentFormGroup = withFile(plainGroup(c.ccmConsentFormGroup, ccmConsentForms, { revokedOn: null, notes: '' }, ['consentDate', 'revokedOn']), 'ccmconsentform');
ccmConsentFormGroup.validate = ((base) => async (f: c.CcmConsentFormFields, h: SubRecordHookContext) => {
  await base?.(f, h);
  const revokedOn = f.revokedOn ?? null;
  if (f.status === 'REVOKED' && !revokedOn) { throw AppError.badRequest('revokedOnRequired', { revokedOn: 'revokedOnRequired' }); }
  if (f.status === 'ACTIVE' && revokedOn) { throw AppError.badRequest('revokedOnWhileActive', { revokedOn: 'revokedOnWhileActive' }); }
  if (revokedOn && revokedOn < f.consentDate) { throw AppError.badRequest('revokedBeforeObtained', { revokedOn: 'revokedBeforeObtained' }); }
})(ccmConsentFormGroup.validate);
export const ccmImagingGroup = withFile(plainGroup(c.ccmImagingGroup, ccmImaging, { findings: '' }, ['studyDate']), 'ccmimaging');
export const ccmVaccineGroup = plainGroup(c.ccmVaccineGroup, ccmVaccines, { manufacturer: null, lotNumber: '', site: null, route: null, dose: null, notes: '' }, ['administeredOn']);
/** A lab result is critical when its interpretation is one of the critical flags (HL7 v2 table 0078 LL, HH, AA). */
export const ccmLabGroup = plainGroup(c.ccmLabGroup, ccmLabs, { loincCode: '', unit: null, referenceRange: '', interpretation: null, notes: '' }, ['collectedOn']);
/**
 * A care plan with its establishment and revision dates (complex CCM 99487 needs a care plan
 * established or substantially revised in the month, CPT; docs/billing-engine.md "Complex CCM"):
 * `establishedOn` defaults to the office's today on creation (and keeps its stored day on an update
 * without it); neither date may be in the future (400 "futureDate"); 400 revisedOn
 * "revisedBeforeEstablished" for a revision before the establishment.
 */
export const ccmCarePlanGroup = plainGroup(c.ccmCarePlanGroup, ccmCarePlans, { communityServices: '', coordination: '', establishedOn: null, revisedOn: null }, ['establishedOn', 'revisedOn']);
ccmCarePlanGroup.validate = ((base) => async (f: c.CcmCarePlanFields, h: SubRecordHookContext) => {
  await base?.(f, h);
  const established = f.establishedOn ?? (h.existing?.establishedOn as string | null | undefined) ?? todayOf(h);
  if (f.revisedOn && f.revisedOn < established) { throw AppError.badRequest('revisedBeforeEstablished', { revisedOn: 'revisedBeforeEstablished' }); }
})(ccmCarePlanGroup.validate);
ccmCarePlanGroup.beforeWrite = ((base) => async (f: c.CcmCarePlanFields, h: SubRecordHookContext) => {
  const values = await base!(f, h);
  values.establishedOn = f.establishedOn ?? (h.existing?.establishedOn as string | null | undefined) ?? todayOf(h);
  return values;
})(ccmCarePlanGroup.beforeWrite);

// ccm_labs has no is_critical column: it is derived from the interpretation on every read.
ccmLabGroup.toResponse = ((orig) => (row: SubRecordRow) => ({ ...orig(row), isCritical: c.ccmOptionLists.labCriticalFlags.some((f) => f.code === row.interpretation) }))(ccmLabGroup.toResponse);

/**
 * A condition: its ICD-10-CM code, when given, is a billable code of the loaded release (400
 * icd10Code "Unknown ICD-10-CM diagnosis code"); a change of its course (and its creation) adds a
 * history entry dated the office's today.
 */
export const ccmConditionGroup: SubRecordGroup<c.CcmConditionFields, ItemOf<typeof c.ccmConditionGroup>> = {
  endpoints: c.ccmConditionGroup,
  table: ccmConditions,
  validate: async (f, h) => {
    refuseFutureDates(f, ['onsetDate'], h);
    // The one ICD-10-CM validity (diagnoses `assertBillableIcd10cm`), as on the problem list and the billing profile.
    if (f.icd10Code) { await diagnoses.assertBillableIcd10cm(h.tx, f.icd10Code, 'icd10Code'); }
  },
  beforeWrite: (f) => ({ name: f.name, icd10Code: f.icd10Code ?? '', isPrimary: f.isPrimary, severity: f.severity ?? null, onsetDate: f.onsetDate ?? null, historyStatus: f.historyStatus, notes: f.notes ?? '' }),
  afterWrite: async (row, f, h) => {
    if (h.existing && h.existing.historyStatus === f.historyStatus) { return; }
    await history.insertEntry(tenantDb(h.scope, h.tx), { conditionId: row.id, hospitalId: row.hospitalId, status: f.historyStatus, recordedOn: todayOf(h), note: '', createdBy: h.scope.userId });
  },
  enrich: async (rows, db) => {
    const byCondition = await history.findEntries(db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, history: byCondition.get(r.id) ?? [] }));
  },
  linked: { sql: history.entriesJson(ccmConditions.id), apply: (r, v) => ({ ...r, history: (v as history.HistoryEntry[] | null) ?? [] }) },
  toResponse: (row) => ({
    name: row.name as string,
    icd10Code: row.icd10Code as string,
    isPrimary: row.isPrimary as boolean,
    severity: row.severity as ItemOf<typeof c.ccmConditionGroup>['severity'],
    onsetDate: row.onsetDate as string | null,
    historyStatus: row.historyStatus as c.CcmConditionFields['historyStatus'],
    notes: row.notes as string,
    history: row.history as ItemOf<typeof c.ccmConditionGroup>['history'],
  }),
};

/**
 * A CCM diagnosis names one of the patient's diagnoses: 404 otherwise (a missing id, another
 * patient's or another tenant's diagnosis reads as not found: docs/first-day.md).
 */
export const ccmDiagnosisGroup: SubRecordGroup<c.CcmDiagnosisFields, ItemOf<typeof c.ccmDiagnosisGroup>> = {
  endpoints: c.ccmDiagnosisGroup,
  table: ccmDiagnoses,
  validate: async (f, h) => {
    if (!(await links.isPatientDiagnosis(h.tx, h.record, f.diagnosisId))) { throw AppError.notFound(); }
  },
  beforeWrite: (f) => ({ diagnosisId: f.diagnosisId, diagnosisType: f.diagnosisType, notes: f.notes ?? '' }),
  enrich: async (rows, db) => {
    const found = await links.findDiagnoses(db, rows.map((r) => r.diagnosisId as number));
    return rows.map((r) => ({ ...r, ...(found.get(r.diagnosisId as number) ?? { code: null, description: '', status: '' }) }));
  },
  linked: { sql: links.diagnosisJson(ccmDiagnoses.diagnosisId), apply: (r, v) => ({ ...r, ...((v as object | null) ?? { code: null, description: '', status: '' }) }) },
  toResponse: (row) => ({
    diagnosisId: row.diagnosisId as number,
    diagnosisType: row.diagnosisType as c.CcmDiagnosisFields['diagnosisType'],
    notes: row.notes as string,
    code: row.code as string | null,
    description: row.description as string,
    status: row.status as string,
  }),
};

/** A medication event names one of the patient's prescriptions in the record's office: 404 otherwise (as for a CCM diagnosis). */
export const ccmMedicationEventGroup: SubRecordGroup<c.CcmMedicationEventFields, ItemOf<typeof c.ccmMedicationEventGroup>> = {
  endpoints: c.ccmMedicationEventGroup,
  table: ccmMedicationEvents,
  validate: async (f, h) => {
    refuseFutureDates(f, ['eventDate'], h);
    if (!(await links.isPatientPrescription(h.tx, h.record, f.prescriptionId))) { throw AppError.notFound(); }
  },
  beforeWrite: (f) => ({ prescriptionId: f.prescriptionId, eventType: f.eventType, eventDate: f.eventDate, frequency: f.frequency ?? null, notes: f.notes ?? '' }),
  enrich: async (rows, db) => {
    const found = await links.findPrescriptions(db, rows.map((r) => r.prescriptionId as number));
    return rows.map((r) => ({ ...r, ...(found.get(r.prescriptionId as number) ?? { medicationName: '', dose: '' }) }));
  },
  linked: { sql: links.prescriptionJson(ccmMedicationEvents.prescriptionId), apply: (r, v) => ({ ...r, ...((v as object | null) ?? { medicationName: '', dose: '' }) }) },
  toResponse: (row) => ({
    prescriptionId: row.prescriptionId as number,
    eventType: row.eventType as c.CcmMedicationEventFields['eventType'],
    eventDate: row.eventDate as string,
    frequency: row.frequency as c.CcmMedicationEventFields['frequency'] & string,
    notes: row.notes as string,
    medicationName: row.medicationName as string,
    dose: row.dose as string,
  }),
};

/** The measurement device type and LOINC keys of each vital type (contract measurement-types.ts). */
const vitalStorage: Record<c.CcmVitalEntryFields['vitalType'], { deviceType: c.DeviceType; keys: [string, string?] }> = {
  '85354-9': { deviceType: 'BLOOD_PRESSURE', keys: ['8480-6', '8462-4'] },
  '29463-7': { deviceType: 'WEIGHT', keys: ['29463-7'] },
  '8310-5': { deviceType: 'TEMPERATURE', keys: ['8310-5'] },
  '59408-5': { deviceType: 'SPO2', keys: ['59408-5'] },
  '2339-0': { deviceType: 'GLUCOSE', keys: ['2339-0'] },
};
/** The vital entry's form as a manual reading of the record's patient and office, values in the unit typed (measurements convert them). */
function readingOf(f: c.CcmVitalEntryFields, h: SubRecordHookContext): measurements.ManualReadingInput {
  const s = vitalStorage[f.vitalType]!;
  const values = [{ code: s.keys[0], value: f.value, unit: f.unit, field: 'value' }];
  if (s.keys[1] && f.value2 != null) { values.push({ code: s.keys[1], value: f.value2, unit: f.unit, field: 'value2' }); }
  return { patientId: h.record.patientId, hospitalId: h.record.hospitalId, deviceType: s.deviceType, measuredAt: f.measuredAt, values };
}

/**
 * A vital entry is a manual reading of the record's patient (measurements, source 'manual'),
 * written through the measurements' own service: checked by the catalogue's rules (400 value /
 * value2 "The value is outside the plausible range of this measurement"), graded against the
 * office's thresholds and, once committed, alerted to the care team like a reading typed on the
 * monitoring page (docs/ccm.md "One source of truth"). Stored in the canonical unit; answered in
 * that unit. 409 when the patient already has a reading of that type at that instant; 400
 * measuredAt "The date cannot be in the future".
 */
export const ccmVitalEntryGroup: SubRecordGroup<c.CcmVitalEntryFields, ItemOf<typeof c.ccmVitalEntryGroup>> = {
  endpoints: c.ccmVitalEntryGroup,
  table: ccmVitalEntries,
  validate: (f, h) => refuseFutureInstant(f.measuredAt, 'measuredAt', h),
  beforeWrite: async (f, h) => {
    const reading = readingOf(f, h);
    const existingId = h.existing?.measurementId as number | undefined;
    const stored =
      existingId === undefined
        ? await measurements.recordManualReading(h.scope, h.tx, reading, 'measuredAt', h.now.getTime())
        : await measurements.changeManualReading(h.scope, h.tx, existingId, reading, 'measuredAt', h.now.getTime());
    h.afterCommit((ctx) => measurements.alertManualReadings(ctx, [stored.alert]));
    return { measurementId: stored.id, vitalType: f.vitalType, includeInMedicalNote: f.includeInMedicalNote ?? (h.existing ? (h.existing.includeInMedicalNote as boolean) : true), notes: f.notes ?? '' };
  },
  afterDelete: (row, h) => measurements.deleteManualReading(h.scope, h.tx, row.measurementId as number, h.record.patientId),
  enrich: async (rows, db) => {
    const found = await links.findReadings(db, rows.map((r) => r.measurementId as number));
    return rows.map((r) => ({ ...r, reading: found.get(r.measurementId as number) ?? null }));
  },
  linked: {
    sql: links.readingJson(ccmVitalEntries.measurementId),
    apply: (r, v) => {
      const reading = v as { measuredAt: string; valuesJson: Record<string, number> } | null;
      return { ...r, reading: reading ? { measuredAt: new Date(reading.measuredAt), valuesJson: reading.valuesJson } : null };
    },
  },
  toResponse: (row) => {
    const type = row.vitalType as c.CcmVitalEntryFields['vitalType'];
    const s = vitalStorage[type]!;
    const reading = row.reading as { measuredAt: Date; valuesJson: Record<string, number> } | null;
    return {
      measurementId: row.measurementId as number,
      vitalType: type,
      value: reading?.valuesJson[s.keys[0]] ?? 0,
      value2: s.keys[1] ? (reading?.valuesJson[s.keys[1]] ?? null) : null,
      unit: c.vitalUnitsByType[type]![0] as c.CcmVitalEntryFields['unit'],
      measuredAt: reading ? reading.measuredAt.toISOString() : '',
      includeInMedicalNote: row.includeInMedicalNote as boolean,
      notes: row.notes as string,
    };
  },
};

/**
 * A CCM medical note is a detail of program CCM in the patient's medical note of the current
 * month (office time zone) in the record's office (spec section 5: "Selecting a CCM record while
 * writing a medical note saves it as a CCM medical note"), written through the medical notes'
 * own service: CCM must be enabled in the office (400), and only its author or an office admin
 * changes or deletes it (403).
 */
export const ccmMedicalNoteGroup: SubRecordGroup<c.CcmMedicalNoteFields, ItemOf<typeof c.ccmMedicalNoteGroup>> = {
  endpoints: c.ccmMedicalNoteGroup,
  table: ccmMedicalNotes,
  beforeWrite: async (f, h) => {
    let detailId = h.existing?.medicalNoteDetailId as number | undefined;
    if (detailId === undefined) {
      const { year, month } = localYearMonth(h.now, officeTimeZone(h.record.timeZone));
      detailId = await medicalNotes.addMonthDetailIn(h.scope, h.tx, { patientId: h.record.patientId, hospitalId: h.record.hospitalId, year, month, text: f.text, program: 'CCM' });
    } else { await medicalNotes.updateDetailIn(h.scope, h.tx, detailId, { text: f.text }); }
    return { medicalNoteDetailId: detailId, title: f.title, noteType: f.noteType };
  },
  afterDelete: async (row, h) => {
    await medicalNotes.deleteDetailIn(h.scope, h.tx, row.medicalNoteDetailId as number);
  },
  enrich: async (rows, db) => {
    const found = await links.findNoteDetails(db, rows.map((r) => r.medicalNoteDetailId as number));
    return rows.map((r) => ({ ...r, note: found.get(r.medicalNoteDetailId as number) ?? { text: '', month: 0, year: 0 } }));
  },
  linked: { sql: links.noteDetailJson(ccmMedicalNotes.medicalNoteDetailId), apply: (r, v) => ({ ...r, note: (v as object | null) ?? { text: '', month: 0, year: 0 } }) },
  toResponse: (row) => {
    const note = row.note as { text: string; month: number; year: number };
    return { medicalNoteDetailId: row.medicalNoteDetailId as number, title: row.title as c.CcmMedicalNoteFields['title'], noteType: row.noteType as c.CcmMedicalNoteFields['noteType'], text: note.text, month: note.month, year: note.year };
  },
};

/**
 * A CCM time log entry is a manual time-tracking entry of program CCM by the caller (time_entries):
 * billing counts it once, from time_entries (docs/ccm.md). It is written through time tracking's
 * own service, so its rules apply here too: at most 2 hours (400 minutes "Time cannot exceed 2
 * hours"), not in the future (400 startedAt), CCM enabled in the office, and only its author or an
 * office admin changes or deletes it (403; a timer entry: 409).
 */
export const ccmTimeLogGroup: SubRecordGroup<c.CcmTimeLogFields, ItemOf<typeof c.ccmTimeLogGroup>> = {
  endpoints: c.ccmTimeLogGroup,
  table: ccmTimeLogEntries,
  validate: (f, h) => refuseFutureInstant(f.startedAt, 'startedAt', h),
  beforeWrite: async (f, h) => {
    const time = { startedAt: new Date(f.startedAt), seconds: f.minutes * 60, activity: f.activity, interactive: f.interactive };
    const fields = { seconds: 'minutes', startedAt: 'startedAt' };
    let timeEntryId = h.existing?.timeEntryId as number | undefined;
    if (timeEntryId === undefined) { timeEntryId = await timeTracking.createManualEntry(h.scope, h.tx, { patientId: h.record.patientId, hospitalId: h.record.hospitalId, program: 'CCM' }, time, h.now, fields); }
    else { await timeTracking.updateManualEntry(h.scope, h.tx, timeEntryId, time, h.now, fields); }
    return { timeEntryId };
  },
  afterDelete: async (row, h) => {
    await timeTracking.deleteManualEntry(h.scope, h.tx, row.timeEntryId as number);
  },
  enrich: async (rows, db) => {
    const found = await links.findTimeEntries(db, rows.map((r) => r.timeEntryId as number));
    return rows.map((r) => ({ ...r, entry: found.get(r.timeEntryId as number) ?? null }));
  },
  linked: {
    sql: links.timeEntryJson(ccmTimeLogEntries.timeEntryId),
    apply: (r, v) => {
      const entry = v as { staffUserId: number; startedAt: string; seconds: number | null; activity: string; interactive: boolean } | null;
      return { ...r, entry: entry ? { ...entry, startedAt: new Date(entry.startedAt) } : null };
    },
  },
  toResponse: (row) => {
    const e = row.entry as { staffUserId: number; startedAt: Date; seconds: number | null; activity: string; interactive: boolean } | null;
    return {
      timeEntryId: row.timeEntryId as number,
      staffUserId: e?.staffUserId ?? 0,
      startedAt: e ? e.startedAt.toISOString() : '',
      minutes: Math.round((e?.seconds ?? 0) / 60),
      activity: e?.activity ?? '',
      interactive: e?.interactive ?? false,
    };
  },
};
