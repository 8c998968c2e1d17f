import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { billingCodeLinks, emailOutbox } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';
import { caller, describePatient, FORBIDDEN, FUTURE_MONTH, FUTURE_YEAR, INVALID_ID, PAST, REQUIRED, seedClaim, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';

let t: TestApp;
let f: Fixture;
const call = caller(() => t);
const LINK_INVALID = 'This billing link is not valid or has expired';

type Link = { id: number; hospitalId: number | null; organizationId: number | null; isEmailDownloaded: boolean; expiresAt: string | null; title: string; email: string | null };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await describePatient(t, f.patientA1.id, { firstName: 'María', lastName: 'Núñez', birthdate: '1950-02-03', identifier: 'PID-A1', mrn: 'MRN-001' });
  await seedClaim(t, { patientId: f.patientA1.id, hospitalId: f.a1.id });
  await seedClaim(t, { patientId: f.patientA2.id, hospitalId: f.a2.id });
  await seedClaim(t, { patientId: f.patientB1.id, hospitalId: f.b1.id });
}, 120_000);
afterAll(async () => t?.close());

async function createLink(who: { id: number }, body: Record<string, unknown>) {
  const res = await call('POST', 'billingcodelink', who, { payload: { year: PAST.year, month: PAST.month, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Link;
}

/** Sends the link and returns the token from the e-mail kept in the outbox. */
async function sendAndReadToken(who: { id: number }, linkId: number, lang?: 'en' | 'es') {
  const res = await call('POST', 'billingcodelink/sendemail', who, { headers: { billingcodelinkid: linkId }, payload: lang ? { lang } : {} });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await t.ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  const url = /https?:\/\/\S+/.exec(mail!.bodyText)![0];
  return { res, mail: mail!, token: new URLSearchParams(new URL(url).hash.slice(1)).get('billinglink')!, url };
}

describe('POST billingcodelink', () => {
  it('creates a link to an office file and to an organization file', async () => {
    const office = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, title: 'June claims', email: 'billing@example.test' });
    expect(office).toMatchObject({
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      organizationId: f.orgA.id,
      organizationName: f.orgA.institutionName,
      year: PAST.year,
      month: PAST.month,
      title: 'June claims',
      email: 'billing@example.test',
      isEmailDownloaded: false,
      expiresAt: null,
      createdBy: f.officeAdminA1.id,
    });
    const org = await createLink(f.orgAdminA, { organizationId: f.orgA.id });
    expect(org).toMatchObject({ hospitalId: null, organizationId: f.orgA.id, organizationName: f.orgA.institutionName, title: '', email: null });
  });

  it('refuses an upcoming month with the spec message', async () => {
    const res = await call('POST', 'billingcodelink', f.officeAdminA1, { payload: { hospitalId: f.a1.id, year: FUTURE_YEAR, month: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(FUTURE_MONTH);
  });

  it('answers 400 with field messages', async () => {
    const neither = await call('POST', 'billingcodelink', f.officeAdminA1, { payload: { year: 2025, month: 6 } });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ hospitalId: REQUIRED });
    const bad = await call('POST', 'billingcodelink', f.officeAdminA1, { payload: { hospitalId: f.a1.id, year: 2025, month: 6, email: 'nope', title: 'x'.repeat(101) } });
    expect(bad.json().errors).toEqual({ email: 'This field must be a valid email', title: 'This field must be 100 characters or less' });
  });

  it('refuses staff without billing.generate (403)', async () => {
    const res = await call('POST', 'billingcodelink', f.nurseA1, { payload: { hospitalId: f.a1.id, year: 2025, month: 6 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(FORBIDDEN);
  });

  it("answers 404 for another office or organization, and for an organization link by office-scoped staff", async () => {
    for (const [who, body] of [
      [f.officeAdminA2, { hospitalId: f.a1.id }],
      [f.orgAdminB, { organizationId: f.orgA.id }],
      [f.orgAdminB, { hospitalId: f.a1.id }],
      [f.officeAdminA1, { organizationId: f.orgA.id }],
    ] as const) {
      const res = await call('POST', 'billingcodelink', who, { payload: { year: 2025, month: 6, ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
    }
  });
});

describe('GET billingcodelink', () => {
  it('lists the links of offices in scope; organization links for organization-wide callers only', async () => {
    const a1Link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, title: 'List A1' });
    const orgLink = await createLink(f.orgAdminA, { organizationId: f.orgA.id, title: 'List Org' });
    const a2Link = await createLink(f.officeAdminA2, { hospitalId: f.a2.id, title: 'List A2' });
    const ids = async (who: { id: number }, query: Record<string, string | number> = {}) =>
      ((await call('GET', 'billingcodelink', who, { query: { pageSize: 200, ...query } })).json().data.items as Link[]).map((l) => l.id);
    const nurse = await ids(f.nurseA1);
    expect(nurse).toContain(a1Link.id);
    expect(nurse).not.toContain(orgLink.id);
    expect(nurse).not.toContain(a2Link.id);
    const orgAdmin = await ids(f.orgAdminA);
    expect(orgAdmin).toEqual(expect.arrayContaining([a1Link.id, orgLink.id, a2Link.id]));
    expect(await ids(f.orgAdminA, { hospitalid: f.a2.id })).toEqual([a2Link.id]);
    expect(await ids(f.orgAdminA, { search: 'List Org' })).toEqual([orgLink.id]);
    expect(await ids(f.orgAdminB)).toEqual([]);
    expect(await ids(f.officeAdminA2)).not.toContain(a1Link.id);
  });

  it('answers 400 for a bad filter and 403 without billing.read', async () => {
    const bad = await call('GET', 'billingcodelink', f.nurseA1, { query: { month: 13 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.month).toBe('This field needs to be formatted');
    expect((await call('GET', 'billingcodelink', f.caregiverA1)).statusCode).toBe(403);
  });
});

describe('PUT billingcodelink/{id}', () => {
  it('updates title and recipient; a new month resets isEmailDownloaded and the e-mailed token', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'first@example.test' });
    const { token } = await sendAndReadToken(f.officeAdminA1, link.id);
    await t.ctx.db.update(billingCodeLinks).set({ isEmailDownloaded: true }).where(eq(billingCodeLinks.id, link.id));
    const renamed = await call('PUT', `billingcodelink/${link.id}`, f.officeAdminA1, { payload: { title: 'Renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: 'Renamed', email: 'first@example.test', isEmailDownloaded: true });
    const moved = await call('PUT', `billingcodelink/${link.id}`, f.officeAdminA1, { payload: { month: 5 } });
    expect(moved.json().data).toMatchObject({ month: 5, isEmailDownloaded: false, expiresAt: null });
    const old = await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: token } });
    expect(old.statusCode).toBe(404);
  });

  it('refuses an upcoming month (400), bad fields (400), staff without billing.generate (403), other tenants (404)', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    const future = await call('PUT', `billingcodelink/${link.id}`, f.officeAdminA1, { payload: { year: FUTURE_YEAR } });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe(FUTURE_MONTH);
    const bad = await call('PUT', `billingcodelink/${link.id}`, f.officeAdminA1, { payload: { email: 'x' } });
    expect(bad.json().errors).toEqual({ email: 'This field must be a valid email' });
    expect((await call('PUT', `billingcodelink/${link.id}`, f.nurseA1, { payload: { title: 'x' } })).statusCode).toBe(403);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      const res = await call('PUT', `billingcodelink/${link.id}`, who, { payload: { title: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id));
    expect(row!.title).toBe('');
  });
});

describe('POST billingcodelink/sendemail and GET billingcodelink/download', () => {
  it('e-mails a link that opens the app, without patient data, and keeps only the token hash', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test', title: 'June' });
    const { res, mail, token, url } = await sendAndReadToken(f.officeAdminA1, link.id);
    expect(res.json().data).toMatchObject({ emailed: true, link: { id: link.id, isEmailDownloaded: false } });
    expect(new Date(res.json().data.link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(mail).toMatchObject({ toAddress: 'biller@example.test', subject: `Billing file for ${f.a1.hospitalName}, June 2025` });
    expect(url).toContain('/billings#billinglink=');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.bodyText).toContain('sign in');
    expect(mail.bodyText).not.toContain('Núñez');
    expect(mail.bodyText).not.toContain('PID-A1');
    const [row] = await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id));
    expect(row!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('writes the e-mail in Spanish when asked', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'es@example.test' });
    const { mail } = await sendAndReadToken(f.officeAdminA1, link.id, 'es');
    expect(mail.subject).toBe(`Archivo de facturación de ${f.a1.hospitalName}, junio de 2025`);
  });

  it('downloads the office CSV for a signed-in user in scope and marks the link downloaded', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const { token } = await sendAndReadToken(f.officeAdminA1, link.id);
    const res = await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toContain('Núñez, María');
    const listed = (await call('GET', 'billingcodelink', f.nurseA1, { query: { pageSize: 200 } })).json().data.items.find((l: Link) => l.id === link.id);
    expect(listed.isEmailDownloaded).toBe(true);
    // never in the query string (docs/security.md "Tokens stay out of addresses")
    expect((await call('GET', 'billingcodelink/download', f.doctorA1, { query: { linktoken: token } })).json().code).toBe('tokenInQuery');
    expect((await call('GET', 'billingcodelink/download', f.doctorA1, { headers: { linktoken: token } })).statusCode).toBe(200);
  });

  it('downloads an organization link as a ZIP of its offices', async () => {
    const link = await createLink(f.orgAdminA, { organizationId: f.orgA.id, email: 'org@example.test' });
    const { token } = await sendAndReadToken(f.orgAdminA, link.id);
    const res = await call('GET', 'billingcodelink/download', f.orgAdminA, { headers: { linktoken: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toHaveLength(2);
  });

  it('refuses the token to users outside the link scope, and unknown, replaced or expired tokens (404)', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const first = await sendAndReadToken(f.officeAdminA1, link.id);
    for (const who of [f.doctorB1, f.officeAdminA2, f.orgAdminB]) {
      const res = await call('GET', 'billingcodelink/download', who, { headers: { linktoken: first.token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(LINK_INVALID);
      expect(res.body).not.toContain('Núñez');
    }
    const [row] = await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id));
    expect(row!.isEmailDownloaded).toBe(false);
    expect((await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: 'A'.repeat(43) } })).statusCode).toBe(404);
    const second = await sendAndReadToken(f.officeAdminA1, link.id);
    expect((await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: first.token } })).statusCode).toBe(404);
    await t.ctx.db.update(billingCodeLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(billingCodeLinks.id, link.id));
    expect((await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: second.token } })).statusCode).toBe(404);
  });

  it('answers 400 without a recipient, a link id or a token', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    const noEmail = await call('POST', 'billingcodelink/sendemail', f.officeAdminA1, { headers: { billingcodelinkid: link.id }, payload: {} });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual({ email: REQUIRED });
    const noId = await call('POST', 'billingcodelink/sendemail', f.officeAdminA1, { payload: {} });
    expect(noId.json().errors).toEqual({ billingcodelinkid: REQUIRED });
    const noToken = await call('GET', 'billingcodelink/download', f.nurseA1);
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toEqual({ linktoken: REQUIRED });
  });

  it('refuses roles without the permission (403) and other tenants (404)', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    expect((await call('POST', 'billingcodelink/sendemail', f.nurseA1, { headers: { billingcodelinkid: link.id }, payload: {} })).statusCode).toBe(403);
    expect((await call('GET', 'billingcodelink/download', f.caregiverA1, { headers: { linktoken: 'A'.repeat(43) } })).statusCode).toBe(403);
    const before = await t.ctx.db.select({ n: emailOutbox.id }).from(emailOutbox);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await call('POST', 'billingcodelink/sendemail', who, { headers: { billingcodelinkid: link.id }, payload: {} })).statusCode).toBe(404);
    }
    expect(await t.ctx.db.select({ n: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });
});

describe('DELETE billingcodelink/{id}', () => {
  it('deletes the link and its e-mailed URL stops working', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const { token } = await sendAndReadToken(f.officeAdminA1, link.id);
    const res = await call('DELETE', `billingcodelink/${link.id}`, f.officeAdminA1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(link.id);
    expect(await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id))).toEqual([]);
    expect((await call('GET', 'billingcodelink/download', f.nurseA1, { headers: { linktoken: token } })).statusCode).toBe(404);
    expect((await call('DELETE', `billingcodelink/${link.id}`, f.officeAdminA1)).statusCode).toBe(404);
  });

  it('answers 400 for a bad id, 403 without billing.generate, 404 for other tenants', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    expect((await call('DELETE', 'billingcodelink/abc', f.officeAdminA1)).json().errors).toEqual({ id: 'This field needs to be formatted' });
    expect((await call('DELETE', `billingcodelink/${link.id}`, f.doctorA1)).statusCode).toBe(403);
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await call('DELETE', `billingcodelink/${link.id}`, who)).statusCode).toBe(404); }
    expect(await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id))).toHaveLength(1);
  });
});
