/**
 * The office's CCM worklist (docs/ccm.md "Worklist"): the month's CCM minutes from the time log,
 * consent missing and care plan review, filtered, searched, sorted and paged on the server; 404
 * for an office of another organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp, enablePrograms } from '../../../test/setup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const sessions = new Map<number, { sessionguid: string }>();
type Who = { id: number };

async function call(method: 'GET' | 'POST', path: string, who: Who, o: { headers?: Record<string, string | number>; payload?: unknown } = {}) {
  let s = sessions.get(who.id);
  if (!s) { sessions.set(who.id, (s = await sessionFor(t, who.id))); }
  const headers: Record<string, string> = { ...s, 'accept-language': 'en' };
  for (const [k, v] of Object.entries(o.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(o.payload !== undefined ? { payload: o.payload as object } : {}) });
}
async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}
type Page = { items: { patientId: number; minutes: number; consentOnFile: boolean; markReached: number }[]; total: number; month: number; year: number };

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
    const withTime = (await ok<{ id: number }>(await call('POST', 'ccmrecord', f.nurseA1, { payload: { patientId: f.patientA1.id, hospitalId: f.a1.id } }), 201)).id;
    await ok(await call('POST', 'ccmrecord', f.nurseA1, { payload: { patientId: other.id, hospitalId: f.a1.id } }), 201);
    const startedAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    await ok(await call('POST', 'ccmtimelogentry', f.nurseA1, { payload: { ccmRecordId: withTime, startedAt, minutes: 25, activity: 'Call', interactive: true } }), 201);
    const today = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    await ok(await call('POST', 'ccmconsentform', f.nurseA1, { payload: { ccmRecordId: withTime, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: today, obtainedBy: 'Nurse', status: 'ACTIVE' } }), 201);

    const list = (q: string) => call('GET', `ccmrecord/worklist?${q}`, f.doctorA1, { headers: { hospitalid: f.a1.id } });
    const byMinutes = await ok<Page>(await list('sort=-minutes'));
    expect(byMinutes.total).toBe(2);
    expect(byMinutes.items.map((r) => [r.patientId, r.minutes, r.markReached, r.consentOnFile])).toEqual([
      [f.patientA1.id, 25, 20, true],
      [other.id, 0, 0, false],
    ]);
    expect((await ok<Page>(await list('sort=minutes'))).items.map((r) => r.patientId)).toEqual([other.id, f.patientA1.id]);
    const missing = await ok<Page>(await list('filter=consentMissing'));
    expect(missing.items.map((r) => r.patientId)).toEqual([other.id]);
    expect((await ok<Page>(await list('filter=belowFirstMark'))).items.map((r) => r.patientId)).toEqual([other.id]);
    expect((await ok<Page>(await list('search=zamo'))).items.map((r) => r.patientId)).toEqual([other.id]);
    const paged = await ok<Page>(await list('sort=-minutes&page=2&pageSize=1'));
    expect(paged.total).toBe(2);
    expect(paged.items.map((r) => r.patientId)).toEqual([other.id]);

    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await call('GET', 'ccmrecord/worklist', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'ccmrecord/worklist', f.doctorA2, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
  });

  it('filters, sorts and pages in the database: an office with more patients than a page, walked page by page', async () => {
    const office = f.a1.id;
    const names = ['Ortega', 'Núñez', 'Ibarra', 'Quintero', 'Benítez', 'Lozano', 'Valdez'];
    const patients: { id: number; lastName: string; minutes: number }[] = [];
    for (const [i, lastName] of names.entries()) {
      const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [office], values: { lastName, firstName: 'Paged' } });
      const recordId = (await ok<{ id: number }>(await call('POST', 'ccmrecord', f.nurseA1, { payload: { patientId: p.id, hospitalId: office } }), 201)).id;
      const minutes = 5 * (i + 1);
      await ok(await call('POST', 'ccmtimelogentry', f.nurseA1, { payload: { ccmRecordId: recordId, startedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), minutes, activity: 'Review', interactive: false } }), 201);
      patients.push({ id: p.id, lastName, minutes });
    }
    const list = (q: string) => call('GET', `ccmrecord/worklist?${q}`, f.doctorA1, { headers: { hospitalid: office } });
    // Every row of the office (the first test's two and these seven), three to a page, by minutes descending.
    const all = await ok<Page>(await list('sort=-minutes&pageSize=100'));
    expect(all.total).toBe(9);
    const walked: Page['items'] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await ok<Page>(await list(`sort=-minutes&pageSize=3&page=${page}`));
      expect(p.total).toBe(9);
      expect(p.items).toHaveLength(3);
      walked.push(...p.items);
    }
    expect(walked).toEqual(all.items);
    expect(walked.map((r) => r.minutes)).toEqual([...walked.map((r) => r.minutes)].sort((a, b) => b - a));
    expect(await ok<Page>(await list('sort=-minutes&pageSize=3&page=4'))).toMatchObject({ items: [], total: 9 });
    // Filter and search before paging: under 20 minutes are the 5, 10 and 15 minute patients and the one without time.
    const below = await ok<Page>(await list('filter=belowFirstMark&sort=minutes&pageSize=2&page=2'));
    expect(below.total).toBe(4);
    expect(below.items.map((r) => r.minutes)).toEqual([10, 15]);
    const searched = await ok<Page>(await list('search=paged%20n&pageSize=1'));
    expect(searched.total).toBe(1);
    expect(searched.items.map((r) => r.patientId)).toEqual([patients.find((p) => p.lastName === 'Núñez')!.id]);
    // A search is text, never a pattern.
    expect((await ok<Page>(await list('search=%25'))).total).toBe(0);
  });
});
