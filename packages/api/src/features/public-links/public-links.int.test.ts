import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { publicLinks as publicLinksApi, Role, type PublicLinkReport, type SharePublicLinkBody } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { emailOutbox, hospitalDeviceDefaults, hubs, measurements, medicalDevices, publicLinkAccesses, publicLinks } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let hubA: { id: number; hubIdentifier: string };
let hubA2: { id: number; hubIdentifier: string };
let hubB: { id: number; hubIdentifier: string };

const DAY = 86_400_000;
const now = Date.now();
const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
const isoAt = (daysAgo: number) => at(daysAgo).toISOString();

const REQUIRED = 'This field is required';
const NO_LINKS = 'No public links!';

const callAs = callerFor(() => t);

let ipSeq = 0;
/**
 * A public call without a session; each from its own client IP unless one is given (the rate limit is per IP).
 * Raw: only a raw call sets the client's remoteAddress.
 */
function publicCall(path: string, headers: Record<string, string>, opts: { ip?: string; query?: Record<string, string>; lang?: string } = {}) {
  const qs = opts.query ? '?' + new URLSearchParams(opts.query).toString() : '';
  return t.app.inject({
    method: 'GET',
    url: `/api/publiclink/${path}${qs}`,
    headers: { 'accept-language': opts.lang ?? 'en', 'user-agent': 'VitestBrowser/1.0', ...headers },
    remoteAddress: opts.ip ?? `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
}
const report = (linkid: string, opts: { ip?: string; lang?: string } = {}) => publicCall('getmeasurementsfromlink', { linkid }, opts);
const hubReport = (linkid: string, hubidentifier: string) => publicCall('getmeasurementsforhub', { linkid, hubidentifier });

const linkBody = (patientId: number, extra: Partial<SharePublicLinkBody> = {}) => ({
  patientId,
  periodStart: isoAt(30),
  periodEnd: isoAt(0),
  expiresAt: new Date(now + 7 * DAY).toISOString(),
  ...extra,
});
/** The body of POST publiclink/sharelinkwithemail: a link's body with the recipient's e-mail. */
const shareBody = (patientId: number, extra: Partial<SharePublicLinkBody> & Pick<SharePublicLinkBody, 'email'>): SharePublicLinkBody => ({ ...linkBody(patientId), ...extra });

async function createLink(who: { id: number }, patientId: number, extra: Partial<SharePublicLinkBody> = {}) {
  const res = await callAs(who, publicLinksApi.createPublicLink, { body: linkBody(patientId, extra) });
  expect(res.status, res.reply.body).toBe(201);
  const data = res.body;
  return { ...data, token: new URLSearchParams(new URL(data.url).hash.slice(1)).get('link')! };
}

let seq = 0;
async function addReading(values: {
  patientId: number;
  hospitalId: number;
  deviceType: string;
  daysAgo: number;
  valuesJson: Record<string, number>;
  hubId?: number | null;
  severity?: number;
  isSimulated?: boolean;
  isManual?: boolean;
}) {
  const measuredAt = new Date(at(values.daysAgo).getTime() + ++seq * 1000);
  await t.ctx.db.insert(measurements).values({
    patientId: values.patientId,
    hospitalId: values.hospitalId,
    hubId: values.hubId ?? null,
    hubKey: values.hubId ?? 0,
    deviceKey: seq,
    deviceType: values.deviceType,
    measuredAt,
    measuredAtOffset: '-05:00',
    valuesJson: values.valuesJson,
    severity: values.severity ?? 0,
    isSimulated: values.isSimulated ?? false,
    isManual: values.isManual ?? false,
    source: values.isManual ? 'manual' : 'hub',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const db = t.ctx.db;
  hubA = (await db.insert(hubs).values({ hubIdentifier: 'HUB-A1-PAT', hospitalId: f.a1.id, assignedToUserId: f.patientA1.id }).returning())[0]!;
  hubA2 = (await db.insert(hubs).values({ hubIdentifier: 'HUB-A1-CLINIC', hospitalId: f.a1.id }).returning())[0]!;
  hubB = (await db.insert(hubs).values({ hubIdentifier: 'HUB-B1-PAT', hospitalId: f.b1.id, assignedToUserId: f.patientB1.id }).returning())[0]!;
  await db.insert(medicalDevices).values({
    deviceIdentifier: 'BP-A1',
    deviceType: 'BLOOD_PRESSURE',
    hospitalId: f.a1.id,
    hubId: hubA.id,
    patientId: f.patientA1.id,
    deviceDefaultValuesJson: { '8480-6': { cautionHigh: 135, criticalHigh: 170, cautionLow: 95, criticalLow: 85 } },
  });
  await db.insert(hospitalDeviceDefaults).values({ hospitalId: f.a1.id, deviceType: 'GLUCOSE', thresholdsJson: { '2339-0': { cautionHigh: 162, criticalHigh: 252, cautionLow: 72, criticalLow: 54 } } });
  const A1 = { patientId: f.patientA1.id, hospitalId: f.a1.id };
  // In the period: two blood pressures from the patient's hub, a glucose from the clinic hub, a manual SpO2.
  await addReading({ ...A1, deviceType: 'BLOOD_PRESSURE', daysAgo: 10, hubId: hubA.id, valuesJson: { '8480-6': 128, '8462-4': 82, '8867-4': 71 } });
  await addReading({ ...A1, deviceType: 'BLOOD_PRESSURE', daysAgo: 5, hubId: hubA.id, valuesJson: { '8480-6': 186, '8462-4': 95, '8867-4': 88 }, severity: 2, isSimulated: true });
  await addReading({ ...A1, deviceType: 'GLUCOSE', daysAgo: 3, hubId: hubA2.id, valuesJson: { '2339-0': 126 }, severity: 0 });
  await addReading({ ...A1, deviceType: 'SPO2', daysAgo: 2, valuesJson: { '2708-6': 97 }, isManual: true });
  // Outside the period, in another office, or another patient's: never shown.
  await addReading({ ...A1, deviceType: 'BLOOD_PRESSURE', daysAgo: 45, hubId: hubA.id, valuesJson: { '8480-6': 111, '8462-4': 71 } });
  await addReading({ patientId: f.patientA1.id, hospitalId: f.a2.id, deviceType: 'WEIGHT', daysAgo: 4, valuesJson: { '29463-7': 80 } });
  await addReading({ patientId: f.patientB1.id, hospitalId: f.b1.id, deviceType: 'WEIGHT', daysAgo: 4, hubId: hubB.id, valuesJson: { '29463-7': 99.9 } });
}, 60_000);
afterAll(async () => t?.close());

describe('POST publiclink', () => {
  it('creates a link and answers its URL once; only the SHA-256 of the 256-bit token is stored', async () => {
    const res = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id, { email: 'family@example.test' }) });
    expect(res.status, res.reply.body).toBe(201);
    const data = res.body;
    // The configured origin (VIGIL_PUBLIC_URL; loadTestConfig's https://portal.vigil.test), never the request's Host.
    expect(data.url).toMatch(/^https:\/\/portal\.vigil\.test\/measurements#link=[A-Za-z0-9_-]{43}$/);
    expect(data.emailed).toBe(false);
    expect(data.link).toMatchObject({
      patientId: f.patientA1.id,
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      timeZone: 'America/New_York',
      status: 'active',
      revokedAt: null,
      sharedWithEmail: 'family@example.test',
      createdBy: f.doctorA1.id,
      accessCount: 0,
      lastAccessedAt: null,
    });
    expect(Buffer.from(new URLSearchParams(new URL(data.url).hash.slice(1)).get('link')!, 'base64url')).toHaveLength(32);
    const [row] = await t.ctx.db.select().from(publicLinks).where(eq(publicLinks.id, data.link.id));
    const token = new URLSearchParams(new URL(data.url).hash.slice(1)).get('link')!;
    expect(row!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The list never answers the URL again.
    const list = await callAs(f.doctorA1, publicLinksApi.findPublicLinks, { headers: { patientid: f.patientA1.id } });
    expect(list.reply.body).not.toContain(token);
    // No mail is sent by POST publiclink.
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'family@example.test'))).toHaveLength(0);
  });

  it("answers 400 with the spec's field messages for missing and malformed fields", async () => {
    const res = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: invalid({ periodStart: 'yesterday', expiresAt: isoAt(-1), email: 'not-an-email' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({
      patientId: REQUIRED,
      periodStart: 'This field needs to be formatted',
      periodEnd: REQUIRED,
      email: 'This field must be a valid email',
    });
  });

  it('refuses a period longer than a year or ending before it starts (400 on periodEnd)', async () => {
    for (const period of [
      { periodStart: isoAt(400), periodEnd: isoAt(0) },
      { periodStart: isoAt(1), periodEnd: isoAt(2) },
    ]) {
      const res = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id, period) });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ periodEnd: 'The period must end after it starts and cover at most one year' });
    }
    const year = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id, { periodStart: isoAt(365), periodEnd: isoAt(0) }) });
    expect(year.status).toBe(201);
  });

  it('refuses an expiry in the past or more than 90 days ahead (400 on expiresAt, in Spanish when asked)', async () => {
    for (const expiresAt of [isoAt(1), isoAt(-91)]) {
      const res = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id, { expiresAt }), lang: 'es' });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ expiresAt: 'El enlace debe caducar en el futuro y dentro de 90 días' });
    }
    const ninety = await callAs(f.doctorA1, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id, { expiresAt: isoAt(-90) }) });
    expect(ninety.status).toBe(201);
  });

  it('answers 403 to roles without publicLinks.manage (caregiver, patient)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) {
      const res = await callAs(who, publicLinksApi.createPublicLink, { body: linkBody(f.patientA1.id) });
      expect(res.status).toBe(403);
    }
  });

  it("answers 404 for a patient of another office or organization, or a user who is not a patient, and stores nothing", async () => {
    const before = (await t.ctx.db.select().from(publicLinks)).length;
    for (const [who, patientId] of [
      [f.doctorA2, f.patientA1.id],
      [f.doctorB1, f.patientA1.id],
      [f.orgAdminB, f.patientA1.id],
      [f.doctorA1, f.nurseA1.id],
    ] as const) {
      const res = await callAs(who, publicLinksApi.createPublicLink, { body: linkBody(patientId) });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Invalid id');
    }
    expect(await t.ctx.db.select().from(publicLinks)).toHaveLength(before);
  });
});

describe('GET publiclink', () => {
  it('lists the links of patients in scope, newest first, with their status and access count; filters by patient and status', async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    const first = await createLink(f.doctorA1, patient.id);
    const second = await createLink(f.officeAdminA1, patient.id);
    await callAs(f.doctorA1, publicLinksApi.revokePublicLink, { params: { id: first.link.id } });
    expect((await report(second.token)).statusCode).toBe(200);
    expect((await report(second.token)).statusCode).toBe(200);

    const res = await callAs(f.nurseA1, publicLinksApi.findPublicLinks, { headers: { patientid: patient.id } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page.total).toBe(2);
    expect(page.items.map((l: { id: number }) => l.id)).toEqual([second.link.id, first.link.id]);
    expect(page.items[0]).toMatchObject({ status: 'active', accessCount: 2, createdBy: f.officeAdminA1.id, patientName: `${patient.firstName} ${patient.lastName}` });
    expect(page.items[0]!.lastAccessedAt).toEqual(expect.any(String));
    expect(page.items[1]).toMatchObject({ status: 'revoked', accessCount: 0 });

    const revoked = await callAs(f.nurseA1, publicLinksApi.findPublicLinks, { headers: { patientid: patient.id }, query: { status: 'revoked' } });
    expect(revoked.body.items.map((l: { id: number }) => l.id)).toEqual([first.link.id]);
    const paged = await callAs(f.nurseA1, publicLinksApi.findPublicLinks, { headers: { patientid: patient.id }, query: { pageSize: 1, page: 2 } });
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.items.map((l: { id: number }) => l.id)).toEqual([first.link.id]);
  });

  it('lists an expired link under status expired', async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    await t.ctx.db.update(publicLinks).set({ expiresAt: at(1) }).where(eq(publicLinks.id, link.link.id));
    const res = await callAs(f.doctorA1, publicLinksApi.findPublicLinks, { query: { status: 'expired' } });
    expect(res.body.items.map((l: { id: number }) => l.id)).toContain(link.link.id);
    expect(res.body.items.every((l: { status: string }) => l.status === 'expired')).toBe(true);
  });

  it("leaves other offices' and organizations' links out of the list", async () => {
    await createLink(f.doctorA1, f.patientA1.id);
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, publicLinksApi.findPublicLinks);
      expect(res.status).toBe(200);
      expect(res.body.items.filter((l: { hospitalId: number }) => l.hospitalId === f.a1.id)).toEqual([]);
      const one = await callAs(who, publicLinksApi.findPublicLinks, { headers: { patientid: f.patientA1.id } });
      expect(one.body.total).toBe(0);
    }
    const orgAdmin = await callAs(f.orgAdminA, publicLinksApi.findPublicLinks, { headers: { patientid: f.patientA1.id } });
    expect(orgAdmin.body.total).toBeGreaterThan(0);
  });

  it('answers 400 for a bad page size or status, 403 without publicLinks.manage', async () => {
    const bad = await callAs(f.doctorA1, publicLinksApi.findPublicLinks, { query: { pageSize: 500, status: invalid('gone') } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['pageSize', 'status']);
    expect((await callAs(f.caregiverA1, publicLinksApi.findPublicLinks)).status).toBe(403);
  });
});

describe('DELETE publiclink/{id}', () => {
  it('revokes a link: revokedAt is set and the public page stops answering', async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    expect((await report(link.token)).statusCode).toBe(200);
    const res = await callAs(f.nurseA1, publicLinksApi.revokePublicLink, { params: { id: link.link.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id: link.link.id, status: 'revoked' });
    const revokedAt = res.body.revokedAt as string;
    expect(Math.abs(new Date(revokedAt).getTime() - Date.now())).toBeLessThan(60_000);
    const after = await report(link.token);
    expect(after.statusCode).toBe(404);
    expect(after.json().msg).toBe(NO_LINKS);
    // Revoking again keeps the first time.
    const again = await callAs(f.doctorA1, publicLinksApi.revokePublicLink, { params: { id: link.link.id } });
    expect(again.body.revokedAt).toBe(revokedAt);
  });

  it('answers 404 for a link of another office or organization and leaves it working', async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, publicLinksApi.revokePublicLink, { params: { id: link.link.id } });
      expect(res.status).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(publicLinks).where(eq(publicLinks.id, link.link.id));
    expect(row!.revokedAt).toBeNull();
    expect((await report(link.token)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id and 403 without publicLinks.manage', async () => {
    const bad = await callAs(f.doctorA1, publicLinksApi.revokePublicLink, { params: { id: invalid('abc') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ id: 'This field needs to be formatted' });
    expect((await callAs(f.caregiverA1, publicLinksApi.revokePublicLink, { params: { id: 1 } })).status).toBe(403);
  });
});

describe('POST publiclink/sharelinkwithemail', () => {
  it("creates a link and e-mails its URL in the recipient's language", async () => {
    const res = await callAs(f.doctorA1, publicLinksApi.sharePublicLinkWithEmail, { body: shareBody(f.patientA1.id, { email: 'hija@example.test', lang: 'es' }) });
    expect(res.status, res.reply.body).toBe(201);
    const data = res.body;
    expect(data.emailed).toBe(true);
    expect(data.link.sharedWithEmail).toBe('hija@example.test');
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'hija@example.test'));
    expect(mail!.subject).toBe(`Mediciones compartidas con usted por ${f.a1.hospitalName}`);
    expect(mail!.bodyText).toContain(data.url);
    expect(mail!.bodyText).toContain(`${f.patientA1.firstName} ${f.patientA1.lastName[0]}.`);
    expect(mail!.bodyText).not.toContain(f.patientA1.lastName);
    // The e-mailed link works.
    const token = new URLSearchParams(new URL(data.url).hash.slice(1)).get('link')!;
    expect((await report(token)).statusCode).toBe(200);
  });

  it('writes the e-mail in English when asked', async () => {
    const res = await callAs(f.officeAdminA1, publicLinksApi.sharePublicLinkWithEmail, { body: shareBody(f.patientA1.id, { email: 'son@example.test', lang: 'en' }) });
    expect(res.status).toBe(201);
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'son@example.test'));
    expect(mail!.subject).toBe(`Measurements shared with you by ${f.a1.hospitalName}`);
    expect(mail!.bodyText).toContain('no sign-in needed');
  });

  it('answers 400 without an e-mail or with a bad language, and 403 without publicLinks.manage', async () => {
    const bad = await callAs(f.doctorA1, publicLinksApi.sharePublicLinkWithEmail, { body: invalid({ ...linkBody(f.patientA1.id), lang: 'fr' }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ email: REQUIRED, lang: 'This field needs to be formatted' });
    const forbidden = await callAs(f.caregiverA1, publicLinksApi.sharePublicLinkWithEmail, { body: shareBody(f.patientA1.id, { email: 'x@example.test' }) });
    expect(forbidden.status).toBe(403);
  });

  it('answers 404 for a patient of another organization and sends nothing', async () => {
    const res = await callAs(f.doctorB1, publicLinksApi.sharePublicLinkWithEmail, { body: shareBody(f.patientA1.id, { email: 'leak@example.test' }) });
    expect(res.status).toBe(404);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'leak@example.test'))).toHaveLength(0);
  });
});

describe('GET publiclink/getmeasurementsfromlink (public)', () => {
  it("answers, without a session, only the period's readings of the patient in the link's office, with minimal PHI", async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    const res = await report(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const data = res.json().data as PublicLinkReport;
    expect(data.patient).toEqual({ firstName: f.patientA1.firstName, lastInitial: f.patientA1.lastName[0]!.toUpperCase() });
    expect(res.body).not.toContain(f.patientA1.lastName);
    expect(res.body).not.toContain(f.patientA1.email!);
    expect(data.office.name).toBe(f.a1.hospitalName);
    expect(data.hubIdentifier).toBeNull();
    expect(data.units).toEqual({ system: 'metric', glucose: 'mmol/L' });
    expect(data.series.map((s) => s.deviceType)).toEqual(['BLOOD_PRESSURE', 'GLUCOSE', 'SPO2']);
    expect(data.readingCount).toBe(4);
    expect(data.truncated).toBe(false);

    const bp = data.series[0]!;
    expect(bp.values).toEqual([
      { code: '8480-6', unit: 'mm[Hg]', unitLabel: 'mmHg' },
      { code: '8462-4', unit: 'mm[Hg]', unitLabel: 'mmHg' },
      { code: '8867-4', unit: '/min', unitLabel: 'bpm' }, // asked in English: "lpm" only in Spanish
    ]);
    expect(bp.readings.map((r) => r.values['8480-6'])).toEqual([128, 186]);
    expect(bp.readings[1]).toMatchObject({ severity: 2, isSimulated: true, isManual: false, measuredAtOffset: '-05:00' });
    // The patient's device overrides the systolic limits; diastolic keeps the catalogue's.
    expect(bp.thresholds['8480-6']).toEqual({ cautionHigh: 135, criticalHigh: 170, cautionLow: 95, criticalLow: 85 });
    expect(bp.thresholds['8462-4']).toEqual({ cautionHigh: 90, criticalHigh: 120, cautionLow: 60, criticalLow: 50 });

    const glucose = data.series[1]!;
    expect(glucose.values).toEqual([{ code: '2339-0', unit: 'mmol/L', unitLabel: 'mmol/L' }]);
    expect(glucose.readings[0]!.values['2339-0']).toBe(7); // 126 mg/dL
    // The office's limits in mg/dL (162, 252, 72, 54) shown in mmol/L.
    expect(glucose.thresholds['2339-0']).toEqual({ cautionHigh: 9, criticalHigh: 14, cautionLow: 4, criticalLow: 3 });

    const spo2 = data.series[2]!;
    expect(spo2.readings[0]).toMatchObject({ values: { '59408-5': 97 }, isManual: true });
    expect(spo2.thresholds).toEqual({ '59408-5': { cautionLow: 94, criticalLow: 90 } });
  });

  it('records each access (IP and user agent, never the token) in the same transaction as the read', async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    expect((await report(link.token, { ip: '203.0.113.7' })).statusCode).toBe(200);
    expect((await report(link.token, { ip: '203.0.113.8' })).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(publicLinkAccesses).where(eq(publicLinkAccesses.publicLinkId, link.link.id));
    expect(rows.map((r) => r.ip).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(rows.every((r) => r.userAgent === 'VitestBrowser/1.0')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });

  it('refuses a working token in the query string (400 naming the header, in the caller\'s language) and records no access', async () => {
    // docs/security.md "Tokens stay out of addresses": query strings end up in proxy logs and browser history.
    const link = await createLink(f.doctorA1, f.patientA1.id);
    for (const query of [{ linkid: link.token }, { LinkId: link.token }, { link: link.token }] as Array<Record<string, string>>) {
      const res = await publicCall('getmeasurementsfromlink', {}, { ip: '203.0.113.9', query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resFlag: false, data: null, msg: `A token is not accepted in the address: send it in its header (${Object.keys(query)[0]!.toLowerCase()})`, code: 'tokenInQuery' });
      expect(res.body).not.toContain(link.token);
    }
    const es = await publicCall('getmeasurementsfromlink', { linkid: link.token }, { ip: '203.0.113.9', query: { linkid: link.token }, lang: 'es' });
    expect(es.json().msg).toBe('No se acepta un token en la dirección: envíelo en su cabecera (linkid)');
    expect(await t.ctx.db.select().from(publicLinkAccesses).where(eq(publicLinkAccesses.publicLinkId, link.link.id))).toHaveLength(0);
    expect((await report(link.token, { ip: '203.0.113.9' })).statusCode).toBe(200); // the header works
  });

  it("answers 404 'No public links!' for an expired, revoked or unknown link and records no access", async () => {
    const expired = await createLink(f.doctorA1, f.patientA1.id);
    await t.ctx.db.update(publicLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(publicLinks.id, expired.link.id));
    const revoked = await createLink(f.doctorA1, f.patientA1.id);
    await callAs(f.doctorA1, publicLinksApi.revokePublicLink, { params: { id: revoked.link.id } });
    for (const token of [expired.token, revoked.token, 'A'.repeat(43)]) {
      const res = await report(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resFlag: false, data: null, msg: NO_LINKS, code: 'noPublicLinks' });
    }
    const es = await report(expired.token, { lang: 'es' });
    expect(es.json().msg).toBe('¡No hay enlaces públicos!');
    for (const id of [expired.link.id, revoked.link.id]) {
      expect(await t.ctx.db.select().from(publicLinkAccesses).where(eq(publicLinkAccesses.publicLinkId, id))).toHaveLength(0);
    }
  });

  it('answers 400 without a link id or with a malformed one', async () => {
    const missing = await publicCall('getmeasurementsfromlink', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ linkid: REQUIRED });
    const malformed = await report('not a token!');
    expect(malformed.statusCode).toBe(400);
  });

  it("shows another organization's patient only through that patient's own link", async () => {
    const linkB = await createLink(f.doctorB1, f.patientB1.id);
    const res = await report(linkB.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PublicLinkReport;
    expect(data.series.map((s) => s.deviceType)).toEqual(['WEIGHT']);
    expect(data.series[0]!.readings.map((r) => r.values['29463-7'])).toEqual([99.9]);
    expect(data.office.name).toBe(f.b1.hospitalName);
  });

  it('limits each client IP to 30 requests a minute (429 with Retry-After), and no other route', async () => {
    const ip = '198.51.100.23';
    // working links (failed guesses meet the stricter limit of test/token-guess-limit.int.test.ts first)
    const link = await createLink(f.doctorA1, f.patientA1.id);
    for (let i = 0; i < 30; i++) { expect((await report(link.token, { ip })).statusCode).toBe(200); }
    const limited = await report(link.token, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ resFlag: false, code: 'tooManyRequests' });
    expect(limited.json().msg).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The hub report shares the limit; another client is not affected; staff routes carry no limit.
    expect((await publicCall('getmeasurementsforhub', { linkid: 'B'.repeat(43), hubidentifier: 'X' }, { ip })).statusCode).toBe(429);
    expect((await report('B'.repeat(43), { ip: '198.51.100.24' })).statusCode).toBe(404);
    const staff = await callAs(f.doctorA1, publicLinksApi.findPublicLinks);
    expect(staff.status).toBe(200);
    expect(staff.reply.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('GET publiclink/getmeasurementsforhub (public, chosen)', () => {
  it("answers only the readings that hub posted, within the link's period", async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    const res = await hubReport(link.token, hubA.hubIdentifier);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PublicLinkReport;
    expect(data.hubIdentifier).toBe(hubA.hubIdentifier);
    expect(data.series.map((s) => s.deviceType)).toEqual(['BLOOD_PRESSURE']);
    expect(data.series[0]!.readings.map((r) => r.values['8480-6'])).toEqual([128, 186]);
    const clinic = (await hubReport(link.token, hubA2.hubIdentifier)).json().data as PublicLinkReport;
    expect(clinic.series.map((s) => s.deviceType)).toEqual(['GLUCOSE']);
    const rows = await t.ctx.db.select().from(publicLinkAccesses).where(eq(publicLinkAccesses.publicLinkId, link.link.id));
    expect(rows).toHaveLength(2);
  });

  it("answers 404 for a hub that is not the patient's or does not exist, and for an expired link", async () => {
    const link = await createLink(f.doctorA1, f.patientA1.id);
    for (const hub of [hubB.hubIdentifier, 'NO-SUCH-HUB']) {
      const res = await hubReport(link.token, hub);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(NO_LINKS);
    }
    await t.ctx.db.update(publicLinks).set({ expiresAt: at(1) }).where(eq(publicLinks.id, link.link.id));
    expect((await hubReport(link.token, hubA.hubIdentifier)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(publicLinkAccesses).where(eq(publicLinkAccesses.publicLinkId, link.link.id))).toHaveLength(0);
  });

  it('answers 400 without a hub identifier', async () => {
    const res = await publicCall('getmeasurementsforhub', { linkid: 'C'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ hubidentifier: REQUIRED });
  });
});
