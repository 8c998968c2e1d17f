/**
 * The CCM record's timeline (docs/ccm.md "Timeline"): the record's events newest first from the
 * rows' own times (opened, rows added and changed, a condition's course, care plan revision,
 * consent, time and calls, files), filtered by kind, paged; 404 for another office or
 * organization (the 403 without ccm.read is the authorization matrix's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ccm, type In } from '@vigil/contract';
import { callerFor, invalid, type CallQuery } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmCarePlans, ccmRecords } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let recordId: number;
let carePlanId: number;
type Who = { id: number };
const callAs = callerFor(() => t);

/** Asserts a create call answered 201 and returns the new row's id. */
async function created(call: Promise<{ status: number; body: { id: number }; reply: { body: string } }>) {
  const res = await call;
  expect(res.status, res.reply.body).toBe(201);
  return res.body.id;
}
async function timeline(query: CallQuery<typeof ccm.getCcmRecordTimeline> = {}, who: Who = f.nurseA1) {
  return callAs(who, ccm.getCcmRecordTimeline, { params: { id: recordId }, query });
}

const carePlan: Omit<In<typeof ccm.createCcmCarePlan.body>, 'ccmRecordId'> = {
  title: 'Care plan 2026',
  planType: 'comprehensive',
  status: 'active',
  problemList: 'Type 2 diabetes',
  expectedOutcome: 'Stable glucose',
  prognosis: 'Good',
  goals: [{ description: 'HbA1c below 7 %', status: 'IN_PROGRESS' }],
  symptomManagement: 'Check glucose',
  interventions: [{ description: 'Monthly call', responsible: 'Nora Nurse, RN' }],
  medicationManagement: 'Metformin',
  reviewDate: '2026-06-30',
};

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
  recordId = await created(callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' } }));
  await t.ctx.db.update(ccmRecords).set({ createdAt: new Date('2026-01-05T14:00:00Z') }).where(eq(ccmRecords.id, recordId));
  await created(callAs(f.nurseA1, ccm.createCcmCondition, { body: { ccmRecordId: recordId, name: 'Type 2 diabetes mellitus', icd10Code: 'E11.9', isPrimary: true, onsetDate: '2019-04-01', historyStatus: 'STABLE' } }));
  carePlanId = await created(callAs(f.nurseA1, ccm.createCcmCarePlan, { body: { ...carePlan, ccmRecordId: recordId } }));
  // The plan was written on Jan 6 and revised today (the revision is the PUT below).
  await t.ctx.db.update(ccmCarePlans).set({ createdAt: new Date('2026-01-06T15:00:00Z'), updatedAt: new Date('2026-01-06T15:00:00Z') }).where(eq(ccmCarePlans.id, carePlanId));
  const revised = await callAs(f.nurseA1, ccm.updateCcmCarePlan, { params: { id: carePlanId }, body: { ...carePlan, prognosis: 'Good with adherence' } });
  expect(revised.status, revised.reply.body).toBe(200);
  await created(callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ccmRecordId: recordId, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE' } }));
  await created(callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordId, startedAt: '2026-01-07T15:00:00.000Z', minutes: 25, activity: 'Monthly CCM call', interactive: true } }));
  await created(callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId: recordId, startedAt: '2026-01-08T15:00:00.000Z', minutes: 10, activity: 'Care plan review', interactive: false } }));
  const attachmentId = await created(callAs(f.nurseA1, ccm.createCcmAttachment, { body: { ccmRecordId: recordId, title: 'Discharge summary', documentType: '18842-5', documentDate: '2026-01-02' } }));
  const boundary = '----vigiltimeline';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="summary.txt"\r\nContent-Type: text/plain\r\n\r\n`), Buffer.from('Discharged home, stable.'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const uploaded = await callAs(f.nurseA1, ccm.uploadCcmAttachmentFile, { params: { id: attachmentId }, payload, extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(uploaded.status, uploaded.reply.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

describe('GET ccmrecord/{id}/timeline', () => {
  it("lists the record's events newest first: rows added, the care plan revised, the course, time and calls, the file", async () => {
    const res = await timeline({ pageSize: 100 });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page.total).toBe(page.items.length);
    const ats = page.items.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const has = (kind: string, action: string, label?: string) => page.items.filter((e) => e.kind === kind && e.action === action && (label === undefined || e.label === label));
    expect(has('record', 'opened')).toEqual([expect.objectContaining({ at: '2026-01-05T14:00:00.000Z', label: '2026-01-05', group: null, rowId: null })]);
    expect(has('condition', 'added', 'Type 2 diabetes mellitus')).toHaveLength(1);
    expect(has('condition', 'course', 'Type 2 diabetes mellitus')).toEqual([expect.objectContaining({ detail: 'STABLE' })]);
    expect(has('carePlan', 'added')).toEqual([expect.objectContaining({ at: '2026-01-06T15:00:00.000Z', rowId: carePlanId, label: 'Care plan 2026' })]);
    expect(has('carePlan', 'changed')).toHaveLength(1);
    expect(has('consent', 'added', 'CCM')).toEqual([expect.objectContaining({ detail: 'ACTIVE' })]);
    expect(has('call', 'logged')).toEqual([expect.objectContaining({ at: '2026-01-07T15:00:00.000Z', label: 'Monthly CCM call', detail: '25' })]);
    expect(has('time', 'logged')).toEqual([expect.objectContaining({ at: '2026-01-08T15:00:00.000Z', detail: '10' })]);
    expect(has('file', 'uploaded')).toEqual([expect.objectContaining({ group: 'ccmattachment', label: 'summary.txt' })]);
    expect(has('section', 'added', 'Discharge summary')).toHaveLength(1);
    // The opening is the oldest event.
    expect(page.items.at(-1)!.kind).toBe('record');
  });

  it('filters by kind and pages on the server', async () => {
    const plans = (await timeline({ kind: 'carePlan' })).body;
    expect(plans.total).toBe(2);
    expect(plans.items.map((e) => e.action)).toEqual(['changed', 'added']);
    const all = (await timeline({ pageSize: 100 })).body;
    const first = (await timeline({ pageSize: 3, page: 1 })).body;
    const second = (await timeline({ pageSize: 3, page: 2 })).body;
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 6));
    const beyond = (await timeline({ pageSize: 3, page: 99 })).body;
    expect(beyond).toMatchObject({ items: [], total: all.total });
    expect((await timeline({ kind: invalid('nonsense') })).status).toBe(400);
  });

  it('answers 404 to another office and another organization and to an unknown record', async () => {
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) { expect((await timeline({}, who)).status).toBe(404); }
    expect((await callAs(f.nurseA1, ccm.getCcmRecordTimeline, { params: { id: 999999 } })).status).toBe(404);
    // The record's own office reads it.
    expect((await timeline({}, f.doctorA1)).status).toBe(200);
  });
});
