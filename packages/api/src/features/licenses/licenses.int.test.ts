import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOffice, createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { hospitals, licenseAssignments, licenses } from '../../db/schema/index';
import { expireDueLicenses } from './licenses.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, path: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

function upload(who: { id: number }, hospitalId: number | string, csv: string) {
  const boundary = '----vigiltest';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licences.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return as(who).then((s) =>
    t.app.inject({ method: 'POST', url: '/api/licenses/bulkinsert', headers: { ...s, hospitalid: String(hospitalId), 'accept-language': 'en', 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body }),
  );
}

const future = '2099-12-31';
let seq = 0;
async function createLicense(hospitalId: number, values: Record<string, unknown> = {}, who: { id: number } = f.officeAdminA1) {
  const res = await call('POST', 'licenses', who, { payload: { hospitalId, name: `Licence ${++seq}`, type: 'RPM', priceCents: 2_500, expirationDate: future, ...values } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string; hospitalId: number; type: string };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 60_000);
afterAll(async () => t?.close());

describe('licences CRUD', () => {
  it('creates, reads, edits and lists a licence of the caller\'s office', async () => {
    const lic = await createLicense(f.a1.id, { description: 'BP cuff', content: 'KEY-1' });
    expect(lic.status).toBe('active');
    const got = await call('GET', `licenses/${lic.id}`, f.doctorA1);
    expect(got.statusCode).toBe(200);
    const put = await call('PUT', `licenses/${lic.id}`, f.officeAdminA1, { payload: { name: 'Renamed', type: 'RPM', priceCents: 3_000, expirationDate: future, status: 'inactive' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Renamed', status: 'inactive', priceCents: 3_000 });
    const list = await call('GET', `licenses?hospitalId=${f.a1.id}&status=inactive&sort=-name`, f.officeAdminA1);
    expect(list.json().data.items.map((l: { id: number }) => l.id)).toContain(lic.id);
  });

  it('creates a licence whose date has passed as expired', async () => {
    const lic = await createLicense(f.a1.id, { expirationDate: '2020-01-01' });
    expect(lic.status).toBe('expired');
  });

  it('validates fields (400) and refuses clinicians (403)', async () => {
    const bad = await call('POST', 'licenses', f.officeAdminA1, { payload: { hospitalId: f.a1.id, name: '', type: 'NOPE', priceCents: -1, expirationDate: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expirationDate', 'name', 'priceCents', 'type']);
    expect((await call('POST', 'licenses', f.doctorA1, { payload: { hospitalId: f.a1.id, name: 'x', type: 'RPM', priceCents: 1, expirationDate: future } })).statusCode).toBe(403);
    expect((await call('GET', 'licenses', f.patientA1)).statusCode).toBe(403);
  });

  it('keeps another office\'s and organization\'s licences invisible (404) and unchanged', async () => {
    const lic = await createLicense(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1, f.orgAdminB]) {
      expect((await call('GET', `licenses/${lic.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('PUT', `licenses/${lic.id}`, f.orgAdminB, { payload: { name: 'x', type: 'RPM', priceCents: 1, expirationDate: future } })).statusCode).toBe(404);
    expect((await call('DELETE', `licenses/${lic.id}`, f.officeAdminA2)).statusCode).toBe(404);
    expect((await call('POST', 'licenses', f.orgAdminB, { payload: { hospitalId: f.a1.id, name: 'x', type: 'RPM', priceCents: 1, expirationDate: future } })).statusCode).toBe(404);
    const listB = await call('GET', 'licenses?pageSize=200', f.orgAdminB);
    expect(listB.json().data.items.map((l: { id: number }) => l.id)).not.toContain(lic.id);
    const [row] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, lic.id));
    expect(row!.name).toMatch(/^Licence/);
  });

  it('deletes a licence never assigned', async () => {
    const lic = await createLicense(f.a1.id);
    expect((await call('DELETE', `licenses/${lic.id}`, f.orgAdminA)).statusCode).toBe(200);
    expect((await call('GET', `licenses/${lic.id}`, f.orgAdminA)).statusCode).toBe(404);
  });
});

describe('licence assignments', () => {
  it('assigns an active licence, allows one current licence of a type per patient, and deassigns', async () => {
    const rpm = await createLicense(f.a1.id, { type: 'RPM' });
    const rpm2 = await createLicense(f.a1.id, { type: 'RPM' });
    const ccm = await createLicense(f.a1.id, { type: 'CCM' });
    const assign = await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: rpm.id, patientId: f.patientA1.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    expect((await call('GET', `licenses/${rpm.id}`, f.officeAdminA1)).json().data).toMatchObject({ status: 'assigned', assignedPatientId: f.patientA1.id });
    const second = await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: rpm2.id, patientId: f.patientA1.id } });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('This patient already has an active licence of this type');
    expect((await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: ccm.id, patientId: f.patientA1.id } })).statusCode).toBe(200);
    // An assigned licence cannot be deactivated or deleted.
    expect((await call('PUT', `licenses/${rpm.id}`, f.officeAdminA1, { payload: { name: 'x', type: 'RPM', priceCents: 1, expirationDate: future, status: 'inactive' } })).statusCode).toBe(409);
    expect((await call('DELETE', `licenses/${rpm.id}`, f.officeAdminA1)).statusCode).toBe(409);

    const mine = await call('GET', 'licenseassignments/getforpatient', f.nurseA1, { headers: { patientid: f.patientA1.id } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.filter((a: { endedAt: string | null }) => a.endedAt === null)).toHaveLength(2);

    const de = await call('POST', 'licenseassignments/deassign', f.officeAdminA1, { payload: { licenseId: rpm.id, patientId: f.patientA1.id } });
    expect(de.statusCode).toBe(200);
    expect(de.json().data.endedAt).not.toBeNull();
    expect((await call('GET', `licenses/${rpm.id}`, f.officeAdminA1)).json().data.status).toBe('active');
    expect((await call('POST', 'licenseassignments/deassign', f.officeAdminA1, { payload: { licenseId: rpm.id, patientId: f.patientA1.id } })).statusCode).toBe(409);
    expect((await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: rpm2.id, patientId: f.patientA1.id } })).statusCode).toBe(200);
  });

  it('refuses an inactive licence, a patient of another office (404) and another tenant (404)', async () => {
    const inactive = await createLicense(f.a1.id, { status: 'inactive', type: 'BHI' });
    expect((await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: inactive.id, patientId: f.patientA1.id } })).statusCode).toBe(409);
    const lic = await createLicense(f.a1.id, { type: 'PCM' });
    expect((await call('POST', 'licenseassignments/assign', f.orgAdminA, { payload: { licenseId: lic.id, patientId: f.patientA2.id } })).statusCode).toBe(404);
    expect((await call('POST', 'licenseassignments/assign', f.orgAdminB, { payload: { licenseId: lic.id, patientId: f.patientA1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'licenseassignments/getforpatient', f.doctorB1, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    expect((await call('POST', 'licenseassignments/assign', f.doctorA1, { payload: { licenseId: lic.id, patientId: f.patientA1.id } })).statusCode).toBe(403);
    expect((await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: lic.id } })).statusCode).toBe(400);
  });
});

describe('licence expiry job', () => {
  it('expires licences at the next midnight of their office\'s zone and ends their assignments', async () => {
    const tokyo = await createOffice(t, f.orgA.id, { timeZone: 'Asia/Tokyo' });
    const la = await createOffice(t, f.orgA.id, { timeZone: 'America/Los_Angeles' });
    await t.ctx.db.update(hospitals).set({ timeZone: 'America/Los_Angeles' }).where(eq(hospitals.id, la.id));
    const inTokyo = await createLicense(tokyo.id, { expirationDate: '2090-06-30' }, f.orgAdminA);
    const inLa = await createLicense(la.id, { expirationDate: '2090-06-30' }, f.orgAdminA);
    const assigned = await createLicense(f.a1.id, { expirationDate: '2090-06-30', type: 'APCM' });
    expect((await call('POST', 'licenseassignments/assign', f.officeAdminA1, { payload: { licenseId: assigned.id, patientId: f.patientA1.id } })).statusCode).toBe(200);

    // 2090-06-30T16:00Z: July 1 01:00 in Tokyo, June 30 09:00 in Los Angeles, 12:00 in New York.
    await expireDueLicenses(t.ctx, new Date('2090-06-30T16:00:00Z'));
    const status = async (id: number) => (await t.ctx.db.select({ s: licenses.status }).from(licenses).where(eq(licenses.id, id)))[0]!.s;
    expect(await status(inTokyo.id)).toBe('expired');
    expect(await status(inLa.id)).toBe('active');
    expect(await status(assigned.id)).toBe('assigned');

    // 2090-07-01T04:30Z: past midnight in New York (04:00Z), not yet in Los Angeles (07:00Z).
    const r = await expireDueLicenses(t.ctx, new Date('2090-07-01T04:30:00Z'));
    expect(r.expired).toBe(1);
    expect(await status(assigned.id)).toBe('expired');
    expect(await status(inLa.id)).toBe('active');
    const [a] = await t.ctx.db.select().from(licenseAssignments).where(eq(licenseAssignments.licenseId, assigned.id));
    expect(a!.endedAt!.toISOString()).toBe('2090-07-01T04:00:00.000Z');

    await expireDueLicenses(t.ctx, new Date('2090-07-01T07:00:00Z'));
    expect(await status(inLa.id)).toBe('expired');
    expect((await expireDueLicenses(t.ctx, new Date('2090-07-02T00:00:00Z'))).expired).toBe(0);
  });
});

describe('POST licenses/bulkinsert', () => {
  it('inserts the valid rows and reports each failed row with its field messages', async () => {
    const csv = [
      'name,description,content,type,price,expirationDate',
      'Cuff A,BP cuff,KEY-A,DEVICE,$1,234.50,2099-01-31',
      'Cuff B,,KEY-B,device,12.5,2099-01-31',
      ',missing name,,RPM,10,2099-01-31',
      'Bad type,,,SOMETHING,10,2099-01-31',
      'Bad price,,,RPM,ten,2099-01-31',
      'Bad date,,,RPM,10,31/01/2099',
    ].join('\n');
    // "$1,234.50" has a comma: quote it as a spreadsheet would.
    const res = await upload(f.officeAdminA1, f.a1.id, csv.replace('$1,234.50', '"$1,234.50"'));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json().data;
    expect(report.inserted).toBe(2);
    expect(report.failed).toBe(4);
    expect(report.rows.map((r: { status: string }) => r.status)).toEqual(['inserted', 'inserted', 'failed', 'failed', 'failed', 'failed']);
    expect(Object.keys(report.rows[2].errors)).toEqual(['name']);
    expect(Object.keys(report.rows[3].errors)).toEqual(['type']);
    expect(Object.keys(report.rows[4].errors)).toEqual(['price']);
    expect(Object.keys(report.rows[5].errors)).toEqual(['expirationDate']);
    const [a] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, report.rows[0].licenseId));
    expect(a!.priceCents).toBe(123_450);
    const [b] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, report.rows[1].licenseId));
    expect(b).toMatchObject({ priceCents: 1_250, type: 'DEVICE' });
  });

  it('reads semicolon files, refuses a file without the columns (400), another tenant\'s office (404) and clinicians (403)', async () => {
    const semi = await upload(f.officeAdminA1, f.a1.id, 'Name;Type;Price;ExpirationDate\nSemi;RPM;1,00;2099-01-01\n'.replace('1,00', '1.00'));
    expect(semi.statusCode, semi.body).toBe(201);
    expect(semi.json().data.inserted).toBe(1);
    expect((await upload(f.officeAdminA1, f.a1.id, 'foo,bar\n1,2\n')).statusCode).toBe(400);
    expect((await upload(f.orgAdminB, f.a1.id, 'name,type,price,expirationDate\nX,RPM,1,2099-01-01\n')).statusCode).toBe(404);
    expect((await upload(f.doctorA1, f.a1.id, 'name,type,price,expirationDate\nX,RPM,1,2099-01-01\n')).statusCode).toBe(403);
  });
});
