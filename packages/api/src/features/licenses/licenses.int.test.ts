import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { licenses as licensesApi } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hospitals, licenseAssignments, licenses } from '../../db/schema/index';
import { expireDueLicenses } from './licenses.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const callAs = callerFor(() => t);

function upload(who: CallUser, hospitalid: number, csv: string) {
  const boundary = '----vigiltest';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licences.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return callAs(who, licensesApi.bulkInsertLicenses, { headers: { hospitalid }, extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const future = '2099-12-31';
let seq = 0;
type LicenseBody = NonNullable<CallInput<typeof licensesApi.createLicense>['body']>;
async function createLicense(hospitalId: number, values: Partial<LicenseBody> = {}, who: CallUser = f.officeAdminA1) {
  const res = await callAs(who, licensesApi.createLicense, { body: { hospitalId, name: `Licence ${++seq}`, type: 'RPM', priceCents: 2_500, expirationDate: future, ...values } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
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
    const got = await callAs(f.doctorA1, licensesApi.getLicense, { params: { id: lic.id } });
    expect(got.status).toBe(200);
    const put = await callAs(f.officeAdminA1, licensesApi.updateLicense, { params: { id: lic.id }, body: { name: 'Renamed', type: 'RPM', priceCents: 3_000, expirationDate: future, status: 'inactive' } });
    expect(put.status, put.reply.body).toBe(200);
    expect(put.body).toMatchObject({ name: 'Renamed', status: 'inactive', priceCents: 3_000 });
    const list = await callAs(f.officeAdminA1, licensesApi.findLicenses, { query: { hospitalId: f.a1.id, status: 'inactive', sort: '-name' } });
    expect(list.body.items.map((l: { id: number }) => l.id)).toContain(lic.id);
  });

  it('creates a licence whose date has passed as expired', async () => {
    const lic = await createLicense(f.a1.id, { expirationDate: '2020-01-01' });
    expect(lic.status).toBe('expired');
  });

  it('validates fields (400)', async () => {
    const bad = await callAs(f.officeAdminA1, licensesApi.createLicense, { body: { hospitalId: f.a1.id, name: '', type: invalid('NOPE'), priceCents: -1, expirationDate: '2026-02-30' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['expirationDate', 'name', 'priceCents', 'type']);
  });

  it('keeps another office\'s and organization\'s licences invisible (404) and unchanged', async () => {
    const lic = await createLicense(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1, f.orgAdminB]) {
      expect((await callAs(who, licensesApi.getLicense, { params: { id: lic.id } })).status).toBe(404);
    }
    expect((await callAs(f.orgAdminB, licensesApi.updateLicense, { params: { id: lic.id }, body: { name: 'x', type: 'RPM', priceCents: 1, expirationDate: future } })).status).toBe(404);
    expect((await callAs(f.officeAdminA2, licensesApi.deleteLicense, { params: { id: lic.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, licensesApi.createLicense, { body: { hospitalId: f.a1.id, name: 'x', type: 'RPM', priceCents: 1, expirationDate: future } })).status).toBe(404);
    const listB = await callAs(f.orgAdminB, licensesApi.findLicenses, { query: { pageSize: 200 } });
    expect(listB.body.items.map((l: { id: number }) => l.id)).not.toContain(lic.id);
    const [row] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, lic.id));
    expect(row!.name).toMatch(/^Licence/);
  });

  it('deletes a licence never assigned', async () => {
    const lic = await createLicense(f.a1.id);
    expect((await callAs(f.orgAdminA, licensesApi.deleteLicense, { params: { id: lic.id } })).status).toBe(200);
    expect((await callAs(f.orgAdminA, licensesApi.getLicense, { params: { id: lic.id } })).status).toBe(404);
  });
});

describe('licence assignments', () => {
  it('assigns an active licence, allows one current licence of a type per patient, and deassigns', async () => {
    const rpm = await createLicense(f.a1.id, { type: 'RPM' });
    const rpm2 = await createLicense(f.a1.id, { type: 'RPM' });
    const ccm = await createLicense(f.a1.id, { type: 'CCM' });
    const assign = await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: rpm.id, patientId: f.patientA1.id } });
    expect(assign.status, assign.reply.body).toBe(200);
    expect((await callAs(f.officeAdminA1, licensesApi.getLicense, { params: { id: rpm.id } })).body).toMatchObject({ status: 'assigned', assignedPatientId: f.patientA1.id });
    const second = await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: rpm2.id, patientId: f.patientA1.id } });
    expect(second.status).toBe(409);
    expect(second.msg).toBe('This patient already has an active licence of this type');
    expect((await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: ccm.id, patientId: f.patientA1.id } })).status).toBe(200);
    // An assigned licence cannot be deactivated or deleted.
    expect((await callAs(f.officeAdminA1, licensesApi.updateLicense, { params: { id: rpm.id }, body: { name: 'x', type: 'RPM', priceCents: 1, expirationDate: future, status: 'inactive' } })).status).toBe(409);
    expect((await callAs(f.officeAdminA1, licensesApi.deleteLicense, { params: { id: rpm.id } })).status).toBe(409);

    const mine = await callAs(f.nurseA1, licensesApi.getLicenseAssignmentsForPatient, { headers: { patientid: f.patientA1.id } });
    expect(mine.status).toBe(200);
    expect(mine.body.filter((a: { endedAt: string | null }) => a.endedAt === null)).toHaveLength(2);

    const de = await callAs(f.officeAdminA1, licensesApi.deassignLicense, { body: { licenseId: rpm.id, patientId: f.patientA1.id } });
    expect(de.status).toBe(200);
    expect(de.body.endedAt).not.toBeNull();
    expect((await callAs(f.officeAdminA1, licensesApi.getLicense, { params: { id: rpm.id } })).body.status).toBe('active');
    expect((await callAs(f.officeAdminA1, licensesApi.deassignLicense, { body: { licenseId: rpm.id, patientId: f.patientA1.id } })).status).toBe(409);
    expect((await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: rpm2.id, patientId: f.patientA1.id } })).status).toBe(200);
  });

  it('refuses an inactive licence, a patient of another office (404) and another tenant (404)', async () => {
    const inactive = await createLicense(f.a1.id, { status: 'inactive', type: 'BHI' });
    expect((await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: inactive.id, patientId: f.patientA1.id } })).status).toBe(409);
    const lic = await createLicense(f.a1.id, { type: 'PCM' });
    expect((await callAs(f.orgAdminA, licensesApi.assignLicense, { body: { licenseId: lic.id, patientId: f.patientA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, licensesApi.assignLicense, { body: { licenseId: lic.id, patientId: f.patientA1.id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, licensesApi.getLicenseAssignmentsForPatient, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: invalid({ licenseId: lic.id }) })).status).toBe(400);
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
    expect((await callAs(f.officeAdminA1, licensesApi.assignLicense, { body: { licenseId: assigned.id, patientId: f.patientA1.id } })).status).toBe(200);

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
    expect(res.status, res.reply.body).toBe(201);
    const report = res.body;
    expect(report.inserted).toBe(2);
    expect(report.failed).toBe(4);
    expect(report.rows.map((r: { status: string }) => r.status)).toEqual(['inserted', 'inserted', 'failed', 'failed', 'failed', 'failed']);
    expect(Object.keys(report.rows[2]!.errors ?? {})).toEqual(['name']);
    expect(Object.keys(report.rows[3]!.errors ?? {})).toEqual(['type']);
    expect(Object.keys(report.rows[4]!.errors ?? {})).toEqual(['price']);
    expect(Object.keys(report.rows[5]!.errors ?? {})).toEqual(['expirationDate']);
    const [a] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, report.rows[0]!.licenseId!));
    expect(a!.priceCents).toBe(123_450);
    const [b] = await t.ctx.db.select().from(licenses).where(eq(licenses.id, report.rows[1]!.licenseId!));
    expect(b).toMatchObject({ priceCents: 1_250, type: 'DEVICE' });
  });

  it('reads semicolon files, refuses a file without the columns (400), another tenant\'s office (404)', async () => {
    const semi = await upload(f.officeAdminA1, f.a1.id, 'Name;Type;Price;ExpirationDate\nSemi;RPM;1,00;2099-01-01\n'.replace('1,00', '1.00'));
    expect(semi.status, semi.reply.body).toBe(201);
    expect(semi.body.inserted).toBe(1);
    expect((await upload(f.officeAdminA1, f.a1.id, 'foo,bar\n1,2\n')).status).toBe(400);
    expect((await upload(f.orgAdminB, f.a1.id, 'name,type,price,expirationDate\nX,RPM,1,2099-01-01\n')).status).toBe(404);
  });
});
