/**
 * `GET ccmrecord/{id}` answered from the process's kept answers while the record's version is
 * unchanged, with an ETag (docs/ccm.md "Record answer cache and ETag"): every write that changes
 * the answer, by this API process, another one or straight to the database, takes a new version
 * (the migration's triggers), so the next read is the database's answer; a write that changes
 * nothing the answer shows keeps the tag (304); other offices and organizations still get 404.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadTestConfig } from '../../config/index';
import * as s from '../../db/schema/index';
import type { SubRecordTable } from '../../lib/sub-records/sub-records.repo';
import { ccm } from '@vigil/contract';
import { callerFor, type CallAs } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmServerGroups } from './ccm-groups';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
type Who = { id: number };
type Item = { id: number; updatedAt: string } & Record<string, unknown>;
type Full = Record<string, unknown> & { sections: Record<string, Item[]> };

const callAs = callerFor(() => t);

/** GET ccmrecord/{id} through the app of `via` (this file's app unless told) as `who`. */
async function read(id: number, o: { via?: CallAs; who?: Who; ifNoneMatch?: string } = {}) {
  const res = await (o.via ?? callAs)(o.who ?? f.nurseA1, ccm.getCcmRecordById, { params: { id }, extraHeaders: o.ifNoneMatch ? { 'if-none-match': o.ifNoneMatch } : {} });
  return { status: res.status, etag: res.reply.headers.etag as string | undefined, body: res.reply.body, data: res.status === 200 ? (res.body as Full) : null };
}

let n = 0;
const next = () => ++n;

/** Rows of other features a linked section names, for the fixture's patient in office a1. */
async function linkedRows() {
  const db = t.ctx.db;
  const i = next();
  const patientId = f.patientA1.id;
  const hospitalId = f.a1.id;
  const [dx] = await db.insert(s.patientDiagnoses).values({ patientId, code: 'E11.9', description: `Diagnosis ${i}` }).returning();
  const [rx] = await db.insert(s.prescriptions).values({ patientId, hospitalId, medicationName: `Medication ${i}`, dose: '10 mg' }).returning();
  const [m] = await db
    .insert(s.measurements)
    .values({ patientId, hospitalId, hubKey: 0, deviceKey: -patientId, deviceType: 'WEIGHT', measuredAt: new Date(Date.UTC(2025, 0, 1, 0, i)), valuesJson: { '29463-7': 80 }, source: 'manual', isManual: true })
    .returning();
  await db.insert(s.medicalNotes).values({ patientId, hospitalId, year: 2026, month: 1 }).onConflictDoNothing();
  const [note] = await db.select().from(s.medicalNotes).where(sql`${s.medicalNotes.patientId} = ${patientId} and ${s.medicalNotes.hospitalId} = ${hospitalId} and ${s.medicalNotes.year} = 2026 and ${s.medicalNotes.month} = 1`);
  const [nd] = await db.insert(s.medicalNoteDetails).values({ medicalNoteId: note!.id, text: `CCM note ${i}`, program: 'CCM', authorId: f.nurseA1.id }).returning();
  const [te] = await db
    .insert(s.timeEntries)
    .values({ patientId, hospitalId, staffUserId: f.nurseA1.id, program: 'CCM', activity: `Call ${i}`, startedAt: new Date(Date.UTC(2026, 0, 1, i)), endedAt: new Date(Date.UTC(2026, 0, 1, i, 20)), seconds: 1200, isAutomatic: false })
    .returning();
  return { dx: dx!, rx: rx!, m: m!, note: note!, nd: nd!, te: te! };
}

/** Every section: its table and a new row's own columns (linked rows made afresh). */
const sections: { slug: string; table: SubRecordTable; values: () => Promise<Record<string, unknown>> }[] = [
  { slug: 'ccmallergy', table: s.ccmAllergies, values: async () => ({ allergen: `Allergen ${next()}`, category: 'FOOD' }) },
  { slug: 'ccmdiagnosis', table: s.ccmDiagnoses, values: async () => ({ diagnosisId: (await linkedRows()).dx.id, diagnosisType: 'CM' }) },
  { slug: 'ccmconditions', table: s.ccmConditions, values: async () => ({ name: `Condition ${next()}`, icd10Code: 'I10', historyStatus: 'STABLE' }) },
  {
    slug: 'ccmcareplan',
    table: s.ccmCarePlans,
    values: async () => ({ title: `Plan ${next()}`, planType: 'comprehensive', status: 'active', problemList: 'I10', expectedOutcome: 'Stable', prognosis: 'Good', goals: [], symptomManagement: 'Monitor', interventions: [], medicationManagement: 'Review', reviewDate: '2026-06-30' }),
  },
  { slug: 'ccmmedicationevent', table: s.ccmMedicationEvents, values: async () => ({ prescriptionId: (await linkedRows()).rx.id, eventType: 'STARTED', eventDate: '2025-03-01' }) },
  { slug: 'vitalentry', table: s.ccmVitalEntries, values: async () => ({ measurementId: (await linkedRows()).m.id, vitalType: '29463-7' }) },
  { slug: 'ccmmedicalnote', table: s.ccmMedicalNotes, values: async () => ({ medicalNoteDetailId: (await linkedRows()).nd.id, title: 'MONTHLY_REVIEW', noteType: '11506-3' }) },
  { slug: 'ccmtimelogentry', table: s.ccmTimeLogEntries, values: async () => ({ timeEntryId: (await linkedRows()).te.id }) },
  { slug: 'ccmobservation', table: s.ccmObservations, values: async () => ({ category: 'exam', name: `Observation ${next()}`, value: 'Normal', observedOn: '2025-03-01' }) },
  { slug: 'ccmattachment', table: s.ccmAttachments, values: async () => ({ title: `Document ${next()}`, documentType: '11488-4', documentDate: '2025-03-01' }) },
  { slug: 'ccmconsentform', table: s.ccmConsentForms, values: async () => ({ program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2025-03-01', obtainedBy: 'RN' }) },
  { slug: 'ccmimaging', table: s.ccmImaging, values: async () => ({ modality: 'DX', bodyPart: 'CHEST', studyDate: '2025-03-01', description: `Study ${next()}` }) },
  { slug: 'ccmvaccine', table: s.ccmVaccines, values: async () => ({ cvxCode: '150', administeredOn: '2025-03-01', status: 'COMPLETED' }) },
  { slug: 'ccmlab', table: s.ccmLabs, values: async () => ({ panel: '4548-4', specimen: 'BLD', testName: `Test ${next()}`, value: '7.1', source: 'IN_HOUSE', collectedOn: '2025-03-01' }) },
];

/** Opens a record of patientA1 in office a1 with one row in every section; answers its id and the rows' ids by section. */
async function filledRecord(): Promise<{ id: number; rows: Record<string, number> }> {
  const [record] = await t.ctx.db.insert(s.ccmRecords).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-01', createdBy: f.nurseA1.id }).returning();
  const rows: Record<string, number> = {};
  for (const section of sections) { rows[section.slug] = await insertRow(record!.id, section); }
  return { id: record!.id, rows };
}

async function insertRow(ccmRecordId: number, section: (typeof sections)[number]): Promise<number> {
  const std = { ccmRecordId, patientId: f.patientA1.id, hospitalId: f.a1.id, createdBy: f.nurseA1.id };
  const [row] = (await t.ctx.db
    .insert(section.table)
    .values({ ...std, ...(await section.values()) } as never)
    .returning()) as { id: number }[];
  return row!.id;
}

/**
 * Reads the record (so that this process keeps its answer), runs `write`, reads again: the tag
 * must be new and `check` must hold on the new answer (it would not on the kept one).
 */
async function expectSeen(id: number, write: () => Promise<unknown>, check: (after: Full, before: Full) => void) {
  const before = await read(id);
  expect(before.status).toBe(200);
  expect((await read(id, { ifNoneMatch: before.etag })).status).toBe(304);
  await write();
  const after = await read(id, { ifNoneMatch: before.etag });
  expect(after.status, 'a write that changes the answer must change its ETag').toBe(200);
  expect(after.etag).not.toBe(before.etag);
  check(after.data!, before.data!);
}

const ofSection = (data: Full, slug: string) => data.sections[slug]!;
const rowOf = (data: Full, slug: string, rowId: number) => ofSection(data, slug).find((r) => r.id === rowId);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
});
afterAll(() => t?.close());

describe('GET ccmrecord/{id}: kept answers and ETag', () => {
  it('answers with a weak ETag, the same answer again, and 304 with no body for the current tag', async () => {
    const { id } = await filledRecord();
    const first = await read(id);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"ccmrecord-\d+-\d+"$/);
    expect(Object.values(first.data!.sections).every((rows) => rows.length === 1)).toBe(true);
    expect((await read(id)).body).toBe(first.body);
    const res = await callAs(f.nurseA1, ccm.getCcmRecordById, { params: { id }, extraHeaders: { 'if-none-match': `"other", ${first.etag!}` } });
    expect(res.status).toBe(304);
    expect(res.reply.body).toBe('');
    expect(res.reply.headers.etag).toBe(first.etag);
    expect(res.reply.headers['cache-control']).toBe('private, no-cache');
    // The kept answer's compressed variants decode to the same answer (lib/versioned-answers.ts).
    for (const [coding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      // Raw: the answer is compressed bytes, which callAs would read as a JSON envelope.
      const encoded = await t.app.inject({ method: 'GET', url: `/api/ccmrecord/${id}`, headers: { ...(await callAs.sessionOf(f.nurseA1)), 'accept-encoding': coding } });
      expect(encoded.headers['content-encoding']).toBe(coding);
      expect(encoded.headers.etag).toBe(first.etag);
      expect(decode(encoded.rawPayload).toString('utf8')).toBe(first.body);
    }
  });

  it('serves the kept answer while the version is unchanged (a write with the triggers off is not seen until the next bump)', async () => {
    const { id, rows } = await filledRecord();
    const before = await read(id);
    // Triggers off for one transaction (PostgreSQL's replica role): the answer kept is served as it is.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(s.ccmAllergies).set({ allergen: 'Unseen' }).where(eq(s.ccmAllergies.id, rows.ccmallergy!));
    });
    const kept = await read(id);
    expect(kept.etag).toBe(before.etag);
    expect(kept.body).toBe(before.body);
    await t.ctx.db.update(s.ccmRecords).set({ functionalStatusNotes: 'Bumped' }).where(eq(s.ccmRecords.id, id));
    expect(rowOf((await read(id)).data!, 'ccmallergy', rows.ccmallergy!)!.allergen).toBe('Unseen');
  });

  it('the table below covers every section of the answer', () => {
    expect(sections.map((x) => x.slug).sort()).toEqual(Object.keys(ccmServerGroups).sort());
  });

  describe('every write that changes the answer is seen at once', () => {
    let record: { id: number; rows: Record<string, number> };
    beforeAll(async () => {
      record = await filledRecord();
    });

    for (const section of sections) {
      it(`${section.slug}: a row added, changed and deleted`, async () => {
        let added = 0;
        await expectSeen(
          record.id,
          async () => (added = await insertRow(record.id, section)),
          (after, before) => expect(ofSection(after, section.slug)).toHaveLength(ofSection(before, section.slug).length + 1),
        );
        await expectSeen(
          record.id,
          () => t.ctx.db.update(section.table).set({ updatedAt: new Date('2020-02-02T00:00:00.000Z') } as never).where(eq(section.table.id, added)),
          (after) => expect(rowOf(after, section.slug, added)!.updatedAt).toBe('2020-02-02T00:00:00.000Z'),
        );
        await expectSeen(
          record.id,
          () => t.ctx.db.delete(section.table).where(eq(section.table.id, added)),
          (after) => expect(rowOf(after, section.slug, added)).toBeUndefined(),
        );
      });
    }

    const linked: { name: string; write: () => Promise<unknown>; check: (after: Full) => void }[] = [
      {
        name: 'the record row (functional status)',
        write: () => t.ctx.db.update(s.ccmRecords).set({ functionalStatusNotes: 'Uses a cane' }).where(eq(s.ccmRecords.id, record.id)),
        check: (after) => expect(after.functionalStatusNotes).toBe('Uses a cane'),
      },
      {
        name: 'a condition history entry added, changed, deleted',
        write: async () => {
          const conditionId = record.rows.ccmconditions!;
          const [entry] = await t.ctx.db.insert(s.ccmConditionHistory).values({ conditionId, hospitalId: f.a1.id, status: 'WORSENING', recordedOn: '2026-01-02' }).returning();
          const seen = async (status: string) => expect((rowOf((await read(record.id)).data!, 'ccmconditions', conditionId)!.history as { status: string }[]).map((h) => h.status)).toContain(status);
          await seen('WORSENING');
          await t.ctx.db.update(s.ccmConditionHistory).set({ status: 'IMPROVING' }).where(eq(s.ccmConditionHistory.id, entry!.id));
          await seen('IMPROVING');
          await t.ctx.db.update(s.ccmConditionHistory).set({ status: 'RESOLVED' }).where(eq(s.ccmConditionHistory.id, entry!.id));
          await seen('RESOLVED');
          await t.ctx.db.delete(s.ccmConditionHistory).where(eq(s.ccmConditionHistory.id, entry!.id));
        },
        check: (after) => expect(rowOf(after, 'ccmconditions', record.rows.ccmconditions!)!.history).toEqual([]),
      },
      {
        name: "an attachment's file added",
        write: () => t.ctx.db.insert(s.ccmFiles).values({ attachmentId: record.rows.ccmattachment!, hospitalId: f.a1.id, fileName: 'scan.pdf', contentType: 'application/pdf', sizeBytes: 4, content: Buffer.from('%PDF') }),
        check: (after) => expect(rowOf(after, 'ccmattachment', record.rows.ccmattachment!)!.file).toMatchObject({ fileName: 'scan.pdf' }),
      },
      {
        name: "an attachment's file deleted",
        write: () => t.ctx.db.delete(s.ccmFiles).where(eq(s.ccmFiles.attachmentId, record.rows.ccmattachment!)),
        check: (after) => expect(rowOf(after, 'ccmattachment', record.rows.ccmattachment!)!.file).toBeNull(),
      },
      {
        name: "a linked diagnosis's description",
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmDiagnoses).where(eq(s.ccmDiagnoses.id, record.rows.ccmdiagnosis!));
          await t.ctx.db.update(s.patientDiagnoses).set({ description: 'Type 2 diabetes, renamed' }).where(eq(s.patientDiagnoses.id, row!.diagnosisId));
        },
        check: (after) => expect(rowOf(after, 'ccmdiagnosis', record.rows.ccmdiagnosis!)!.description).toBe('Type 2 diabetes, renamed'),
      },
      {
        name: "a linked prescription's dose",
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmMedicationEvents).where(eq(s.ccmMedicationEvents.id, record.rows.ccmmedicationevent!));
          await t.ctx.db.update(s.prescriptions).set({ dose: '20 mg' }).where(eq(s.prescriptions.id, row!.prescriptionId));
        },
        check: (after) => expect(rowOf(after, 'ccmmedicationevent', record.rows.ccmmedicationevent!)!.dose).toBe('20 mg'),
      },
      {
        name: "a linked measurement's value",
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmVitalEntries).where(eq(s.ccmVitalEntries.id, record.rows.vitalentry!));
          await t.ctx.db.update(s.measurements).set({ valuesJson: { '29463-7': 91.5 } }).where(eq(s.measurements.id, row!.measurementId));
        },
        check: (after) => expect(rowOf(after, 'vitalentry', record.rows.vitalentry!)!.value).toBe(91.5),
      },
      {
        name: "a linked note detail's text",
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmMedicalNotes).where(eq(s.ccmMedicalNotes.id, record.rows.ccmmedicalnote!));
          await t.ctx.db.update(s.medicalNoteDetails).set({ text: 'Rewritten note' }).where(eq(s.medicalNoteDetails.id, row!.medicalNoteDetailId));
        },
        check: (after) => expect(rowOf(after, 'ccmmedicalnote', record.rows.ccmmedicalnote!)!.text).toBe('Rewritten note'),
      },
      {
        name: "a linked note's month",
        write: async () => {
          const [row] = await t.ctx.db.select({ noteId: s.medicalNoteDetails.medicalNoteId }).from(s.ccmMedicalNotes).innerJoin(s.medicalNoteDetails, eq(s.medicalNoteDetails.id, s.ccmMedicalNotes.medicalNoteDetailId)).where(eq(s.ccmMedicalNotes.id, record.rows.ccmmedicalnote!));
          await t.ctx.db.update(s.medicalNotes).set({ month: 7, year: 2019 }).where(eq(s.medicalNotes.id, row!.noteId));
        },
        check: (after) => expect(rowOf(after, 'ccmmedicalnote', record.rows.ccmmedicalnote!)).toMatchObject({ month: 7, year: 2019 }),
      },
      {
        name: "a linked time entry's activity",
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmTimeLogEntries).where(eq(s.ccmTimeLogEntries.id, record.rows.ccmtimelogentry!));
          await t.ctx.db.update(s.timeEntries).set({ activity: 'Care plan call' }).where(eq(s.timeEntries.id, row!.timeEntryId));
        },
        check: (after) => expect(rowOf(after, 'ccmtimelogentry', record.rows.ccmtimelogentry!)!.activity).toBe('Care plan call'),
      },
      {
        name: 'a linked diagnosis deleted (its link goes with it)',
        write: async () => {
          const [row] = await t.ctx.db.select().from(s.ccmDiagnoses).where(eq(s.ccmDiagnoses.id, record.rows.ccmdiagnosis!));
          await t.ctx.db.delete(s.patientDiagnoses).where(eq(s.patientDiagnoses.id, row!.diagnosisId));
        },
        check: (after) => expect(rowOf(after, 'ccmdiagnosis', record.rows.ccmdiagnosis!)).toBeUndefined(),
      },
    ];
    for (const c of linked) { it(c.name, () => expectSeen(record.id, c.write, c.check)); }

    it('a write that changes nothing the answer shows keeps the tag: a new reading, another record, an unshown column', async () => {
      const before = await read(record.id);
      await linkedRows(); // a new reading, diagnosis, prescription, note detail and time entry of the patient, none in the record
      await filledRecord();
      const [row] = await t.ctx.db.select().from(s.ccmVitalEntries).where(eq(s.ccmVitalEntries.id, record.rows.vitalentry!));
      await t.ctx.db.update(s.measurements).set({ isManual: true }).where(eq(s.measurements.id, row!.measurementId));
      expect((await read(record.id, { ifNoneMatch: before.etag })).status).toBe(304);
    });
  });

  it('a write through another API process on the same database is seen by this one, and its ETag too', async () => {
    const other = await buildApp(loadTestConfig(), t.ctx.database);
    await other.app.ready();
    const viaOther = callerFor(() => ({ ...other, close: () => other.app.close() }));
    try {
      const { id } = await filledRecord();
      const v1 = await read(id);
      expect((await read(id, { via: viaOther })).body).toBe(v1.body);
      const added = await viaOther(f.nurseA1, ccm.createCcmAllergy, {
        body: { ccmRecordId: id, allergen: 'Penicillin', allergenCodeSystem: 'TEXT', category: 'MEDICATION', status: 'ACTIVE' },
      });
      expect(added.status, added.reply.body).toBe(201);
      const v2 = await read(id, { ifNoneMatch: v1.etag });
      expect(v2.status).toBe(200);
      expect(ofSection(v2.data!, 'ccmallergy').map((r) => r.allergen)).toContain('Penicillin');
      // The other process's kept answer is stale too, and both now agree on the tag.
      const v2other = await read(id, { via: viaOther, ifNoneMatch: v1.etag });
      expect(v2other.status).toBe(200);
      expect(v2other.etag).toBe(v2.etag);
      expect((await read(id, { via: viaOther, ifNoneMatch: v2.etag })).status).toBe(304);
    } finally {
      await other.app.close();
    }
  });

  it('another office or organization gets 404, also with the current tag and the answer kept', async () => {
    const { id } = await filledRecord();
    const kept = await read(id);
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB, f.officeAdminA2]) {
      expect((await read(id, { who })).status).toBe(404);
      expect((await read(id, { who, ifNoneMatch: kept.etag })).status).toBe(404);
    }
    expect((await read(id, { who: f.doctorA1, ifNoneMatch: kept.etag })).status).toBe(304);
  });
});
