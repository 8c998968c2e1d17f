/**
 * The shared CCM sub-record suite (test/sub-records.suite.ts) over the groups whose data lives in
 * another feature (docs/ccm.md "One source of truth"): diagnoses, medication events, vital
 * entries, medical notes, time log entries, and conditions with their history.
 */
import * as c from '@vigil/contract';
import { describeSubRecordGroup } from '../../../test/sub-records.suite';
import { ccmConditions, ccmDiagnoses, ccmMedicalNotes, ccmMedicationEvents, ccmTimeLogEntries, ccmVitalEntries, patientDiagnoses, prescriptions } from '../../db/schema/index';

describeSubRecordGroup({
  group: c.ccmDiagnosisGroup,
  table: ccmDiagnoses,
  valid: {},
  changed: {},
  prepare: async ({ t, f }) => {
    const [d1, d2] = await t.ctx.db
      .insert(patientDiagnoses)
      .values([
        { patientId: f.patientA1.id, code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
        { patientId: f.patientA1.id, code: 'I10', description: 'Essential (primary) hypertension' },
      ])
      .returning({ id: patientDiagnoses.id });
    return { valid: { diagnosisId: d1!.id, diagnosisType: 'CM', notes: 'Followed monthly' }, changed: { diagnosisId: d2!.id, diagnosisType: 'billing', notes: '' } };
  },
  invalid: [
    { name: 'an unknown diagnosis type', patch: { diagnosisType: 'MAYBE' }, errors: { diagnosisType: 'regex' } },
    // A diagnosis that is not the patient's answers 404, not 400: test/foreign-ids.int.test.ts.
  ],
});

describeSubRecordGroup({
  group: c.ccmMedicationEventGroup,
  table: ccmMedicationEvents,
  valid: {},
  changed: {},
  prepare: async ({ t, f }) => {
    const [p1, p2] = await t.ctx.db
      .insert(prescriptions)
      .values([
        { patientId: f.patientA1.id, hospitalId: f.a1.id, medicationName: 'Metformin 500 mg tablet', dose: '500 mg', frequency: 'TWICE_DAILY' },
        { patientId: f.patientA1.id, hospitalId: f.a2.id, medicationName: 'Lisinopril 10 mg tablet', dose: '10 mg', frequency: 'ONCE_DAILY' },
      ])
      .returning({ id: prescriptions.id });
    return {
      valid: { prescriptionId: p1!.id, eventType: 'DOSE_CHANGED', eventDate: '2026-02-01', frequency: 'THREE_TIMES_DAILY', notes: 'Up-titrated' },
      changed: { prescriptionId: p1!.id, eventType: 'STOPPED', eventDate: '2026-02-03', frequency: null, notes: '' },
      validInA2: { prescriptionId: p2!.id, eventType: 'STARTED', eventDate: '2026-02-01', frequency: 'ONCE_DAILY', notes: '' },
    };
  },
  invalid: [
    { name: 'an unknown event type and frequency', patch: { eventType: 'LOST', frequency: 'HOURLY' }, errors: { eventType: 'regex', frequency: 'regex' } },
    // A prescription that is not the patient's in this office answers 404, not 400: test/foreign-ids.int.test.ts.
    { name: 'an event date in the future', patch: { eventDate: '2999-01-01' }, errors: { eventDate: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmVitalEntryGroup,
  table: ccmVitalEntries,
  // A vital entry is a measurement: one per patient, type and instant (a repeat is 409).
  unique: { field: 'measuredAt', make: (n) => new Date(Date.UTC(2026, 1, 1, 0, n)).toISOString() },
  valid: { vitalType: '85354-9', value: 142, value2: 91, unit: 'mm[Hg]', measuredAt: '2026-02-10T14:00:00.000Z', includeInMedicalNote: true, notes: 'Seated, left arm' },
  changed: { vitalType: '29463-7', value: 81.5, value2: null, unit: 'kg', measuredAt: '2026-02-11T14:00:00.000Z', includeInMedicalNote: false, notes: '' },
  invalid: [
    { name: 'blood pressure without its diastolic value', patch: { value2: null }, errors: { value2: 'required' } },
    { name: 'a unit that does not measure the vital', patch: { unit: 'kg' }, errors: { unit: 'regex' } },
    { name: 'a reading in the future', patch: { measuredAt: '2999-01-01T00:00:00.000Z' }, errors: { measuredAt: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmMedicalNoteGroup,
  authored: true,
  table: ccmMedicalNotes,
  valid: { title: 'MONTHLY_REVIEW', noteType: '11506-3', text: 'Reviewed glucose log; no lows.' },
  changed: { title: 'CARE_PLAN_REVIEW', noteType: '18776-5', text: 'Care plan goals reviewed with the patient.' },
  invalid: [
    { name: 'a missing text and an unknown title', patch: { text: ' ', title: 'CHAT' }, errors: { text: 'required', title: 'regex' } },
  ],
});

describeSubRecordGroup({
  group: c.ccmTimeLogGroup,
  authored: true,
  table: ccmTimeLogEntries,
  valid: { startedAt: '2026-02-10T15:00:00.000Z', minutes: 25, activity: 'Monthly call: medication review', interactive: true },
  changed: { startedAt: '2026-02-10T16:00:00.000Z', minutes: 12, activity: 'Coordinated with cardiology', interactive: false },
  invalid: [
    { name: 'zero minutes and a missing activity', patch: { minutes: 0, activity: '' }, errors: { minutes: 'regex', activity: 'required' } },
    { name: 'an entry in the future', patch: { startedAt: '2999-01-01T00:00:00.000Z' }, errors: { startedAt: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmConditionGroup,
  table: ccmConditions,
  valid: { name: 'Type 2 diabetes mellitus', icd10Code: 'E11.9', isPrimary: true, severity: 'MODERATE', onsetDate: '2015-05-01', historyStatus: 'STABLE', notes: '' },
  changed: { name: 'Type 2 diabetes mellitus', icd10Code: 'E11.9', isPrimary: false, severity: 'SEVERE', onsetDate: '2015-05-01', historyStatus: 'WORSENING', notes: 'A1c up' },
  invalid: [
    { name: 'a malformed ICD-10-CM code and an unknown course', patch: { icd10Code: 'diabetes', historyStatus: 'MEH' }, errors: { icd10Code: 'regex', historyStatus: 'regex' } },
    { name: 'an onset date in the future', patch: { onsetDate: '2999-01-01' }, errors: { onsetDate: 'futureDate' }, serverOnly: true },
  ],
});
