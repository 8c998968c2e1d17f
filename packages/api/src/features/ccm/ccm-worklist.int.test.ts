/**
 * The office's CCM worklist (docs/ccm.md "Worklist"): the month's CCM minutes from the time log,
 * consent missing and care plan review, filtered, searched, sorted and paged on the server; 404
 * for an office of another organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccm, Role } from '@vigil/contract';
import { callerFor, invalid, type CallQuery } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp, enablePrograms } from '../../../test/setup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);
type Who = { id: number };
type WorklistQuery = CallQuery<typeof ccm.getCcmWorklist>;

/** Opens a CCM record for the patient in the office (as the a1 nurse) and returns its id. */
async function openRecord(patientId: number, hospitalId: number) {
  const res = await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId, hospitalId } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body.id;
}
/** Logs minutes of CCM time on the record (as the a1 nurse). */
async function logTime(ccmRecordId: number, startedAt: string, minutes: number, activity: string, interactive: boolean) {
  const res = await callAs(f.nurseA1, ccm.createCcmTimeLogEntry, { body: { ccmRecordId, startedAt, minutes, activity, interactive } });
  expect(res.status, res.reply.body).toBe(201);
}
/** The office's worklist as `who` sees it; asserts a 200. */
async function worklist(who: Who, hospitalId: number, query: WorklistQuery) {
  const res = await callAs(who, ccm.getCcmWorklist, { headers: { hospitalid: hospitalId }, query });
  expect(res.status, res.reply.body).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
});
afterAll(() => t?.close());

describe('GET ccmrecord/worklist', () => {
  it('lists the office’s CCM patients of the current month by minutes, with consent missing, search and paging; 404 for another organization', async () => {
    const other = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { lastName: 'Zamora' } });
    const withTime = await openRecord(f.patientA1.id, f.a1.id);
    await openRecord(other.id, f.a1.id);
    const startedAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    await logTime(withTime, startedAt, 25, 'Call', true);
    const today = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const consent = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ccmRecordId: withTime, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: today, obtainedBy: 'Nurse', status: 'ACTIVE' } });
    expect(consent.status, consent.reply.body).toBe(201);

    const list = (query: WorklistQuery) => worklist(f.doctorA1, f.a1.id, query);
    const byMinutes = await list({ sort: '-minutes' });
    expect(byMinutes.total).toBe(2);
    expect(byMinutes.items.map((r) => [r.patientId, r.minutes, r.markReached, r.consentOnFile])).toEqual([
      [f.patientA1.id, 25, 20, true],
      [other.id, 0, 0, false],
    ]);
    expect((await list({ sort: 'minutes' })).items.map((r) => r.patientId)).toEqual([other.id, f.patientA1.id]);
    const missing = await list({ filter: 'consentMissing' });
    expect(missing.items.map((r) => r.patientId)).toEqual([other.id]);
    expect((await list({ filter: 'belowFirstMark' })).items.map((r) => r.patientId)).toEqual([other.id]);
    expect((await list({ search: 'zamo' })).items.map((r) => r.patientId)).toEqual([other.id]);
    const paged = await list({ sort: '-minutes', page: 2, pageSize: 1 });
    expect(paged.total).toBe(2);
    expect(paged.items.map((r) => r.patientId)).toEqual([other.id]);

    expect((await callAs(f.doctorA1, ccm.getCcmWorklist, { headers: { hospitalid: f.a1.id }, query: { sort: invalid('password') } })).status).toBe(400);
    expect((await callAs(f.doctorB1, ccm.getCcmWorklist, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.doctorA2, ccm.getCcmWorklist, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
  });

  it('filters, sorts and pages in the database: an office with more patients than a page, walked page by page', async () => {
    const office = f.a1.id;
    const names = ['Ortega', 'Núñez', 'Ibarra', 'Quintero', 'Benítez', 'Lozano', 'Valdez'];
    const patients: { id: number; lastName: string; minutes: number }[] = [];
    for (const [i, lastName] of names.entries()) {
      const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [office], values: { lastName, firstName: 'Paged' } });
      const recordId = await openRecord(p.id, office);
      const minutes = 5 * (i + 1);
      await logTime(recordId, new Date(Date.now() - 3 * 3600_000).toISOString(), minutes, 'Review', false);
      patients.push({ id: p.id, lastName, minutes });
    }
    const list = (query: WorklistQuery) => worklist(f.doctorA1, office, query);
    // Every row of the office (the first test's two and these seven), three to a page, by minutes descending.
    const all = await list({ sort: '-minutes', pageSize: 100 });
    expect(all.total).toBe(9);
    const walked: typeof all.items = [];
    for (let page = 1; page <= 3; page++) {
      const p = await list({ sort: '-minutes', pageSize: 3, page });
      expect(p.total).toBe(9);
      expect(p.items).toHaveLength(3);
      walked.push(...p.items);
    }
    expect(walked).toEqual(all.items);
    expect(walked.map((r) => r.minutes)).toEqual([...walked.map((r) => r.minutes)].sort((a, b) => b - a));
    expect(await list({ sort: '-minutes', pageSize: 3, page: 4 })).toMatchObject({ items: [], total: 9 });
    // Filter and search before paging: under 20 minutes are the 5, 10 and 15 minute patients and the one without time.
    const below = await list({ filter: 'belowFirstMark', sort: 'minutes', pageSize: 2, page: 2 });
    expect(below.total).toBe(4);
    expect(below.items.map((r) => r.minutes)).toEqual([10, 15]);
    const searched = await list({ search: 'paged n', pageSize: 1 });
    expect(searched.total).toBe(1);
    expect(searched.items.map((r) => r.patientId)).toEqual([patients.find((p) => p.lastName === 'Núñez')!.id]);
    // A search is text, never a pattern.
    expect((await list({ search: '%' })).total).toBe(0);
  });
});
