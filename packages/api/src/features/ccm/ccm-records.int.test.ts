/**
 * The CCM record's own calls and the group calls beyond the standard five (portal-spec.md section
 * 5 "Only the latest CCM record may be deleted", section 7 "CCM"; docs/ccm.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ccm, ccmGroups, message, type CcmGroupSlug, type EndpointDef, type In } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmAllergies, ccmRecords, measurements, timeEntries } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
type Who = { id: number };
const callAs = callerFor(() => t);

/** Asserts the call's status (200 unless told) and returns its body. */
async function ok<R extends { status: number; body: unknown; reply: { body: string } }>(res: R, status = 200): Promise<R['body']> {
  expect(res.status, res.reply.body).toBe(status);
  return res.body;
}
const open = async (who: Who, recordDate: string, patientId = f.patientA1.id, hospitalId = f.a1.id) => (await ok(await callAs(who, ccm.createCcmRecord, { body: { patientId, hospitalId, recordDate } }), 201)).id;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
});
afterAll(() => t?.close());

describe('CCM records', () => {
  it('deletes only the latest record of the patient in the office, with the spec message in English and Spanish', async () => {
    const older = await open(f.nurseA1, '2025-01-10');
    const latest = await open(f.nurseA1, '2025-02-10');
    await ok(await callAs(f.nurseA1, ccm.createCcmAllergy, { body: { ccmRecordId: latest, allergen: 'Peanut', allergenCodeSystem: 'TEXT', category: 'FOOD', status: 'ACTIVE' } }), 201);
    for (const lang of ['en', 'es'] as const) {
      const res = await callAs(f.nurseA1, ccm.deleteCcmRecord, { params: { id: older }, lang });
      expect(res.status, res.reply.body).toBe(400);
      expect(res.msg).toBe(message('ccmRecordNotLatest', lang));
    }
    expect((await t.ctx.db.select().from(ccmRecords).where(eq(ccmRecords.id, older))).length).toBe(1);
    // Another office's staff: 404, and nothing changes.
    expect((await callAs(f.doctorA2, ccm.deleteCcmRecord, { params: { id: latest } })).status).toBe(404);
    expect((await callAs(f.doctorB1, ccm.deleteCcmRecord, { params: { id: latest } })).status).toBe(404);
    expect(await ok(await callAs(f.nurseA1, ccm.deleteCcmRecord, { params: { id: latest } }))).toEqual({ id: latest });
    // Its sub-records went with it; now the older one is the latest.
    expect(await t.ctx.db.select().from(ccmAllergies).where(eq(ccmAllergies.ccmRecordId, latest))).toEqual([]);
    expect(await ok(await callAs(f.nurseA1, ccm.deleteCcmRecord, { params: { id: older } }))).toEqual({ id: older });
  });

  it('reads a record with every subsection, the minimal list and the office list; 404 for other offices', async () => {
    const id = await open(f.nurseA1, '2026-01-05');
    await ok(await callAs(f.nurseA1, ccm.createCcmAllergy, { body: { ccmRecordId: id, allergen: 'Latex', allergenCodeSystem: 'TEXT', category: 'ENVIRONMENT', status: 'ACTIVE' } }), 201);
    const full = await ok(await callAs(f.doctorA1, ccm.getCcmRecordById, { params: { id } }));
    expect(Object.keys(full.sections).sort()).toEqual(
      ['ccmallergy', 'ccmattachment', 'ccmcareplan', 'ccmconditions', 'ccmconsentform', 'ccmdiagnosis', 'ccmimaging', 'ccmlab', 'ccmmedicalnote', 'ccmmedicationevent', 'ccmobservation', 'ccmtimelogentry', 'ccmvaccine', 'vitalentry'].sort(),
    );
    expect(full.sections.ccmallergy).toHaveLength(1);
    expect(full.sections.ccmlab).toEqual([]);
    const minimal = await ok(await callAs(f.nurseA1, ccm.getCcmRecordsMinimalByPatientId, { headers: { patientid: f.patientA1.id } }));
    expect(minimal[0]).toEqual({ id, hospitalId: f.a1.id, recordDate: '2026-01-05', status: 1 });
    const ofOffice = await ok(await callAs(f.officeAdminA1, ccm.getCcmRecordsByHospitalId, { headers: { hospitalid: f.a1.id } }));
    expect(ofOffice.map((r) => r.id)).toContain(id);
    expect(ofOffice[0]!.patientLastName).toBe(f.patientA1.lastName);
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      expect((await callAs(who, ccm.getCcmRecordById, { params: { id } })).status).toBe(404);
      expect((await callAs(who, ccm.getCcmRecordsMinimalByPatientId, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
      expect((await callAs(who, ccm.updateCcmRecord, { params: { id }, body: { recordDate: '2026-01-04', status: 0 } })).status).toBe(404);
      expect((await callAs(who, ccm.setCcmComplexDecisionMaking, { params: { id }, body: { level: 'HIGH' } })).status).toBe(404);
    }
    expect((await callAs(f.doctorB1, ccm.getCcmRecordsByHospitalId, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(ccmRecords).where(eq(ccmRecords.id, id));
    expect(row).toMatchObject({ recordDate: '2026-01-05', status: 1, complexDecisionMaking: null });
  });

  it('updates the date and status, refusing a future date', async () => {
    const id = await open(f.nurseA1, '2026-01-06');
    expect(await ok(await callAs(f.nurseA1, ccm.updateCcmRecord, { params: { id }, body: { recordDate: '2026-01-07', status: 0 } }))).toMatchObject({ id, recordDate: '2026-01-07', status: 0 });
    const res = await callAs(f.nurseA1, ccm.updateCcmRecord, { params: { id }, body: { recordDate: '2999-01-01', status: 1 }, lang: 'es' });
    expect(res.status).toBe(400);
    expect(res.errors?.recordDate).toBe(message('futureDate', 'es'));
  });

  it('sets social determinants, complex decision making and functional status; refuses codes outside their lists', async () => {
    const id = await open(f.nurseA1, '2026-01-08');
    expect(await ok(await callAs(f.nurseA1, ccm.setCcmSocialDeterminants, { params: { id }, body: { codes: ['Z59.41', 'Z60.2', 'Z59.41'] } }))).toMatchObject({ socialDeterminants: ['Z59.41', 'Z60.2'] });
    expect(await ok(await callAs(f.nurseA1, ccm.setCcmComplexDecisionMaking, { params: { id }, body: { level: 'MODERATE' } }))).toMatchObject({ complexDecisionMaking: 'MODERATE' });
    expect(await ok(await callAs(f.nurseA1, ccm.setCcmFunctionalStatus, { params: { id }, body: { status: 'NEEDS_SOME_HELP', notes: 'Uses a walker' } }))).toMatchObject({ functionalStatus: 'NEEDS_SOME_HELP', functionalStatusNotes: 'Uses a walker' });
    // E11.9 is a condition, not a social determinant (ICD-10-CM Z55-Z65 only).
    const bad = await callAs(f.nurseA1, ccm.setCcmSocialDeterminants, { params: { id }, body: { codes: ['E11.9'] } });
    expect(bad.status).toBe(400);
    expect((await callAs(f.nurseA1, ccm.setCcmComplexDecisionMaking, { params: { id }, body: { level: invalid('EXTREME') } })).status).toBe(400);
  });

  it('serves the option lists with their code systems and both languages; no SNOMED CT', async () => {
    const sdoh = await ok(await callAs(f.nurseA1, ccm.getCcmOptionList, { params: { listName: 'socialDeterminants' } }));
    expect(sdoh.length).toBeGreaterThan(5);
    expect(sdoh.every((o) => /^Z(5[5-9]|6[0-5])/.test(o.code) && o.system === 'http://hl7.org/fhir/sid/icd-10-cm' && o.en && o.es)).toBe(true);
    const cvx = await ok(await callAs(f.nurseA1, ccm.getCcmOptionList, { params: { listName: 'vaccineNames' } }));
    expect(cvx.every((o) => o.system === 'http://hl7.org/fhir/sid/cvx')).toBe(true);
    for (const name of ['conditionTemplates', 'labPanels', 'imagingModalities', 'consentMethods'] as const) {
      const list = await ok(await callAs(f.nurseA1, ccm.getCcmOptionList, { params: { listName: name } }));
      expect(list.some((o) => o.system.includes('snomed'))).toBe(false);
    }
    expect((await callAs(f.nurseA1, ccm.getCcmOptionList, { params: { listName: invalid('snomedEverything') } })).status).toBe(400);
  });
});

describe('CCM time: the time log is time tracking of program CCM, counted once', () => {
  it('counts a logged entry and a timer entry attached with editbyccmid once each in the monthly report', async () => {
    const id = await open(f.nurseA1, '2026-02-01');
    const logged = await ok(await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: id, startedAt: '2026-02-10T15:00:00.000Z', minutes: 25, activity: 'Monthly call', interactive: true } }), 201);
    // The time entry itself is a time-tracking entry of program CCM.
    const [entry] = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, logged.timeEntryId));
    expect(entry).toMatchObject({ program: 'CCM', seconds: 1500, patientId: f.patientA1.id, hospitalId: f.a1.id, isAutomatic: false, interactive: true });
    // A timer entry of program CCM, then attached twice: still one row, counted once.
    const [timer] = await t.ctx.db
      .insert(timeEntries)
      .values({ patientId: f.patientA1.id, hospitalId: f.a1.id, staffUserId: f.doctorA1.id, program: 'CCM', activity: 'Care plan revision', startedAt: new Date('2026-02-12T15:00:00Z'), endedAt: new Date('2026-02-12T15:20:00Z'), seconds: 1200 })
      .returning({ id: timeEntries.id });
    for (let i = 0; i < 2; i++) {
      const log = await ok(await callAs(f.nurseA1, ccm.editCcmTimeLogByCcmId, { body: { ccmRecordId: id, timeEntryIds: [timer!.id] } }));
      expect(log.map((l) => l.timeEntryId).sort()).toEqual([logged.timeEntryId, timer!.id].sort());
    }
    // An RPM entry is not CCM time and cannot be attached.
    const [rpm] = await t.ctx.db.insert(timeEntries).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, staffUserId: f.doctorA1.id, program: 'RPM', startedAt: new Date('2026-02-13T15:00:00Z'), endedAt: new Date('2026-02-13T15:30:00Z'), seconds: 1800 }).returning({ id: timeEntries.id });
    expect((await callAs(f.nurseA1, ccm.editCcmTimeLogByCcmId, { body: { ccmRecordId: id, timeEntryIds: [rpm!.id] } })).status).toBe(400);
    const report = await ok(
      await callAs(f.officeAdminA1, ccm.getCcmRecordReportDataForMonth, { headers: { hospitalid: f.a1.id, month: 2, year: 2026 } }),
    );
    const row = report.rows.find((r) => r.patientId === f.patientA1.id)!;
    expect(row).toMatchObject({ minutes: 45, interactiveMinutes: 25, markReached: 40, consentOnFile: false });
    const byDate = await ok(await callAs(f.nurseA1, ccm.getCcmTimeLogByDate, { headers: { patientid: f.patientA1.id, date: '2026-02-12' } }));
    expect(byDate.map((e) => e.timeEntryId)).toEqual([timer!.id]);
    // Deleting the log entry deletes the time entry: the minutes go with it.
    await ok(await callAs(f.nurseA1, ccm.deleteCcmTimeLogEntry, { params: { id: logged.id } }));
    expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, logged.timeEntryId))).toEqual([]);
    expect((await callAs(f.doctorB1, ccm.getCcmRecordReportDataForMonth, { headers: { hospitalid: f.a1.id, month: 2, year: 2026 } })).status).toBe(404);
  });
});

describe('CCM group calls beyond the standard five', () => {
  it('edits and deletes condition history entries; the condition follows its latest entry', async () => {
    const id = await open(f.nurseA1, '2026-03-01');
    const cond = await ok(
      await callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: id, name: 'Hypertension', icd10Code: 'I10', isPrimary: true, historyStatus: 'STABLE' } }),
      201,
    );
    expect(cond.history.map((h) => h.status)).toEqual(['STABLE']);
    const worse = await ok(await callAs(f.nurseA1, ccm.updateCcmCondition, { params: { id: cond.id }, body: { name: 'Hypertension', icd10Code: 'I10', isPrimary: true, historyStatus: 'WORSENING' } }));
    expect(worse.history.map((h) => h.status)).toEqual(['STABLE', 'WORSENING']);
    const last = worse.history[1]!;
    expect(await ok(await callAs(f.nurseA1, ccm.updateCcmConditionHistory, { params: { id: last.id }, body: { status: 'RECURS', recordedOn: last.recordedOn, note: 'Back after a month' } }))).toMatchObject({ id: last.id, status: 'RECURS', note: 'Back after a month' });
    const list = await ok(await callAs(f.nurseA1, ccm.getCcmConditionsByCcmRecordId, { headers: { ccmrecordid: id } }));
    expect(list.find((c) => c.id === cond.id)!.historyStatus).toBe('RECURS');
    expect((await callAs(f.doctorA2, ccm.updateCcmConditionHistory, { params: { id: last.id }, body: { status: 'RESOLVED', recordedOn: '2026-03-02' } })).status).toBe(404);
    expect((await callAs(f.doctorB1, ccm.deleteCcmConditionHistory, { params: { id: last.id } })).status).toBe(404);
    expect(await ok(await callAs(f.nurseA1, ccm.deleteCcmConditionHistory, { params: { id: last.id } }))).toEqual({ id: last.id });
    const after = await ok(await callAs(f.nurseA1, ccm.getCcmConditionsByCcmRecordId, { headers: { ccmrecordid: id } }));
    expect(after.find((c) => c.id === cond.id)).toMatchObject({ historyStatus: 'STABLE', history: [expect.objectContaining({ status: 'STABLE' })] });
  });

  it('stores a vital entry as a manual measurement in the canonical unit; lists it by month; keeps it out of the note; a repeat is 409', async () => {
    const id = await open(f.nurseA1, '2026-03-02');
    const v = await ok(
      await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: id, vitalType: '29463-7', value: 180, unit: '[lb_av]', measuredAt: '2026-03-02T13:00:00.000Z' } }),
      201,
    );
    expect(v).toMatchObject({ value: 81.65, unit: 'kg' });
    const [m] = await t.ctx.db.select().from(measurements).where(eq(measurements.id, v.measurementId));
    expect(m).toMatchObject({ patientId: f.patientA1.id, hospitalId: f.a1.id, source: 'manual', isManual: true, deviceType: 'WEIGHT', valuesJson: { '29463-7': 81.65 } });
    expect((await callAs(f.nurseA1, ccm.createCcmVitalEntry, { body: { ccmRecordId: id, vitalType: '29463-7', value: 80, unit: 'kg', measuredAt: '2026-03-02T13:00:00.000Z' } })).status).toBe(409);
    const march = await ok(await callAs(f.nurseA1, ccm.getVitalEntriesByMonth, { headers: { patientid: f.patientA1.id, month: 3, year: 2026 } }));
    expect(march.map((x) => x.id)).toEqual([v.id]);
    expect(await ok(await callAs(f.nurseA1, ccm.getVitalEntriesByMonth, { headers: { patientid: f.patientA1.id, month: 4, year: 2026 } }))).toEqual([]);
    expect(await ok(await callAs(f.nurseA1, ccm.disableVitalEntryMedicalNote, { params: { id: v.id }, body: { disabled: true } }))).toMatchObject({ id: v.id, includeInMedicalNote: false });
    expect((await callAs(f.doctorA2, ccm.disableVitalEntryMedicalNote, { params: { id: v.id }, body: { disabled: false } })).status).toBe(404);
    await ok(await callAs(f.nurseA1, ccm.deleteCcmVitalEntry, { params: { id: v.id } }));
    expect(await t.ctx.db.select().from(measurements).where(eq(measurements.id, v.measurementId))).toEqual([]);
  });

  it('saves a CCM medical note as a medical note detail of program CCM', async () => {
    const id = await open(f.nurseA1, '2026-03-03');
    const n = await ok(await callAs(f.nurseA1, ccm.createCcmMedicalNote, { body: { ccmRecordId: id, title: 'MONTHLY_REVIEW', noteType: '11506-3', text: 'Stable.' } }), 201);
    const rows = (await t.ctx.db.execute(sql`select program, text from medical_note_details where id = ${n.medicalNoteDetailId}`)) as unknown as { rows: { program: string; text: string }[] };
    expect(rows.rows).toEqual([{ program: 'CCM', text: 'Stable.' }]);
  });

  it('answers the CCM billing lines of the patient and of the record from the engine\'s claims; 404 for other offices', async () => {
    const id = await open(f.nurseA1, '2026-01-20');
    await t.ctx.db.execute(
      sql`insert into billing_claims (patient_id, hospital_id, year, month, program, code, status, evidence_json) values (${f.patientA1.id}, ${f.a1.id}, 2026, 1, 'CCM', '99490', 'billable', '{"minutes": 25}'::jsonb), (${f.patientA1.id}, ${f.a1.id}, 2026, 1, 'RPM', '99457', 'billable', '{}'::jsonb), (${f.patientA1.id}, ${f.a1.id}, 2025, 12, 'CCM', '99490', 'suppressed', '{}'::jsonb)`,
    );
    const ofRecord = await ok(await callAs(f.nurseA1, ccm.getCcmBillingByCcmRecordId, { headers: { ccmrecordid: id } }));
    expect(ofRecord.map((c) => [c.program, c.code, c.month])).toEqual([['CCM', '99490', 1]]);
    const ofPatient = await ok(await callAs(f.nurseA1, ccm.getCcmBillingByPatientId, { headers: { patientid: f.patientA1.id } }));
    expect(ofPatient).toHaveLength(2);
    expect((await callAs(f.doctorA2, ccm.getCcmBillingByCcmRecordId, { headers: { ccmrecordid: id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, ccm.getCcmBillingByPatientId, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
  });
});

// Last in the file: its record and time are dated 2020 so the other tests' latest record and monthly report stay theirs.
describe('CCM record read', () => {
  it('reads every section of a record in one call exactly as each group\'s own list reads it (types, JSON columns, linked data)', async () => {
    const id = await open(f.nurseA1, '2020-02-01');
    // Typed per group; the loops below walk every group, so they call each declaration as a plain one.
    const bodies: { [S in CcmGroupSlug]?: Omit<In<(typeof ccmGroups)[S]['create']['body']>, 'ccmRecordId'> } = {
      ccmcareplan: { title: 'Plan', planType: 'comprehensive', status: 'active', problemList: 'E11.9', expectedOutcome: 'Stable', prognosis: 'Good', goals: [{ description: 'A1c < 7', measure: 'HbA1c', target: '< 7 %', targetDate: '2026-12-31', status: 'IN_PROGRESS' }], symptomManagement: 'Log glucose', interventions: [{ description: 'Monthly call', responsible: 'RN' }], medicationManagement: 'Metformin', communityServices: '', coordination: '', reviewDate: '2026-06-30' },
      ccmlab: { panel: '4548-4', specimen: 'BLD', testName: 'Hemoglobin A1c', loincCode: '4548-4', value: '8.1', unit: '%', referenceRange: '4.0-5.6', interpretation: 'HH', source: 'REFERENCE_LAB', collectedOn: '2020-02-20', notes: '' },
      ccmconditions: { name: 'Type 2 diabetes mellitus', icd10Code: 'E11.9', isPrimary: true, severity: 'MODERATE', onsetDate: '2015-05-01', historyStatus: 'STABLE', notes: '' },
      vitalentry: { vitalType: '85354-9', value: 142, value2: 91, unit: 'mm[Hg]', measuredAt: '2020-02-10T14:00:00.000Z', includeInMedicalNote: true, notes: '' },
      ccmtimelogentry: { startedAt: '2020-02-10T15:00:00.000Z', minutes: 25, activity: 'Monthly call', interactive: true },
      ccmmedicalnote: { title: 'MONTHLY_REVIEW', noteType: '11506-3', text: 'Reviewed glucose log.' },
      ccmallergy: { allergen: 'Penicillin', allergenCodeSystem: 'TEXT', category: 'MEDICATION', status: 'ACTIVE' },
    };
    for (const [slug, body] of Object.entries(bodies)) { await ok(await callAs(f.nurseA1, ccmGroups[slug as CcmGroupSlug].create as EndpointDef, { body: { ...body, ccmRecordId: id } }), 201); }
    const full = await ok(await callAs(f.doctorA1, ccm.getCcmRecordById, { params: { id } }));
    for (const slug of Object.keys(full.sections) as CcmGroupSlug[]) {
      const own = await ok(await callAs(f.doctorA1, ccmGroups[slug].getByCcmRecordId as EndpointDef, { headers: { ccmrecordid: id } }));
      expect(full.sections[slug], slug).toEqual(own);
      expect(full.sections[slug], slug).toHaveLength(slug in bodies ? 1 : 0);
    }
    expect(full.sections.ccmconditions[0]!.history).toHaveLength(1);
    expect(full.sections.ccmtimelogentry[0]).toMatchObject({ minutes: 25, startedAt: '2020-02-10T15:00:00.000Z' });
  });
});
