import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { billing, type In } from '@vigil/contract';
import { callerFor, invalid, type CallQuery } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { billingCodeLinks, emailOutbox } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';
import { describePatient, FUTURE_MONTH, FUTURE_YEAR, INVALID_ID, PAST, REQUIRED, seedClaim, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';

let t: TestApp;
let f: Fixture;
const callAs = callerFor(() => t);
const LINK_INVALID = 'This billing link is not valid or has expired';

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await describePatient(t, f.patientA1.id, { firstName: 'María', lastName: 'Núñez', birthdate: '1950-02-03', identifier: 'PID-A1', mrn: 'MRN-001' });
  await seedClaim(t, { patientId: f.patientA1.id, hospitalId: f.a1.id });
  await seedClaim(t, { patientId: f.patientA2.id, hospitalId: f.a2.id });
  await seedClaim(t, { patientId: f.patientB1.id, hospitalId: f.b1.id });
}, 120_000);
afterAll(async () => t?.close());

async function createLink(who: { id: number }, body: Partial<In<typeof billing.createBillingCodeLink.body>>) {
  const res = await callAs(who, billing.createBillingCodeLink, { body: { year: PAST.year, month: PAST.month, ...body } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

/** Sends the link and returns the token from the e-mail kept in the outbox. */
async function sendAndReadToken(who: { id: number }, linkId: number, lang?: 'en' | 'es') {
  const res = await callAs(who, billing.sendBillingCodeLinkEmail, { headers: { billingcodelinkid: linkId }, body: lang ? { lang } : {} });
  expect(res.status, res.reply.body).toBe(200);
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
    const res = await callAs(f.officeAdminA1, billing.createBillingCodeLink, { body: { hospitalId: f.a1.id, year: FUTURE_YEAR, month: 1 } });
    expect(res.status).toBe(400);
    expect(res.msg).toBe(FUTURE_MONTH);
  });

  it('answers 400 with field messages', async () => {
    const neither = await callAs(f.officeAdminA1, billing.createBillingCodeLink, { body: { year: 2025, month: 6 } });
    expect(neither.status).toBe(400);
    expect(neither.errors).toEqual({ hospitalId: REQUIRED });
    const bad = await callAs(f.officeAdminA1, billing.createBillingCodeLink, { body: { hospitalId: f.a1.id, year: 2025, month: 6, email: 'nope', title: 'x'.repeat(101) } });
    expect(bad.errors).toEqual({ email: 'This field must be a valid email', title: 'This field must be 100 characters or less' });
  });

  it("answers 404 for another office or organization, and for an organization link by office-scoped staff", async () => {
    for (const [who, body] of [
      [f.officeAdminA2, { hospitalId: f.a1.id }],
      [f.orgAdminB, { organizationId: f.orgA.id }],
      [f.orgAdminB, { hospitalId: f.a1.id }],
      [f.officeAdminA1, { organizationId: f.orgA.id }],
    ] as const) {
      const res = await callAs(who, billing.createBillingCodeLink, { body: { year: 2025, month: 6, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
  });
});

describe('GET billingcodelink', () => {
  it('lists the links of offices in scope; organization links for organization-wide callers only', async () => {
    const a1Link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, title: 'List A1' });
    const orgLink = await createLink(f.orgAdminA, { organizationId: f.orgA.id, title: 'List Org' });
    const a2Link = await createLink(f.officeAdminA2, { hospitalId: f.a2.id, title: 'List A2' });
    const ids = async (who: { id: number }, query: CallQuery<typeof billing.findBillingCodeLinks> = {}) =>
      ((await callAs(who, billing.findBillingCodeLinks, { query: { pageSize: 200, ...query } })).body.items).map((l) => l.id);
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

  it('answers 400 for a bad filter', async () => {
    const bad = await callAs(f.nurseA1, billing.findBillingCodeLinks, { query: { month: 13 } });
    expect(bad.status).toBe(400);
    expect(bad.errors?.month).toBe('This field needs to be formatted');
  });
});

describe('PUT billingcodelink/{id}', () => {
  it('updates title and recipient; a new month resets isEmailDownloaded and the e-mailed token', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'first@example.test' });
    const { token } = await sendAndReadToken(f.officeAdminA1, link.id);
    await t.ctx.db.update(billingCodeLinks).set({ isEmailDownloaded: true }).where(eq(billingCodeLinks.id, link.id));
    const renamed = await callAs(f.officeAdminA1, billing.updateBillingCodeLink, { params: { id: link.id }, body: { title: 'Renamed' } });
    expect(renamed.status, renamed.reply.body).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Renamed', email: 'first@example.test', isEmailDownloaded: true });
    const moved = await callAs(f.officeAdminA1, billing.updateBillingCodeLink, { params: { id: link.id }, body: { month: 5 } });
    expect(moved.body).toMatchObject({ month: 5, isEmailDownloaded: false, expiresAt: null });
    const old = await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: token } });
    expect(old.status).toBe(404);
  });

  it('refuses an upcoming month (400), bad fields (400), other tenants (404)', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    const future = await callAs(f.officeAdminA1, billing.updateBillingCodeLink, { params: { id: link.id }, body: { year: FUTURE_YEAR } });
    expect(future.status).toBe(400);
    expect(future.msg).toBe(FUTURE_MONTH);
    const bad = await callAs(f.officeAdminA1, billing.updateBillingCodeLink, { params: { id: link.id }, body: { email: 'x' } });
    expect(bad.errors).toEqual({ email: 'This field must be a valid email' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      const res = await callAs(who, billing.updateBillingCodeLink, { params: { id: link.id }, body: { title: 'Hijacked' } });
      expect(res.status).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id));
    expect(row!.title).toBe('');
  });
});

describe('POST billingcodelink/sendemail and GET billingcodelink/download', () => {
  it('e-mails a link that opens the app, without patient data, and keeps only the token hash', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test', title: 'June' });
    const { res, mail, token, url } = await sendAndReadToken(f.officeAdminA1, link.id);
    expect(res.body).toMatchObject({ emailed: true, link: { id: link.id, isEmailDownloaded: false } });
    expect(new Date(res.body.link.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
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
    const res = await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: token } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.reply.body).toContain('Núñez, María');
    const listed = (await callAs(f.nurseA1, billing.findBillingCodeLinks, { query: { pageSize: 200 } })).body.items.find((l) => l.id === link.id);
    expect(listed!.isEmailDownloaded).toBe(true);
    // never in the query string (docs/security.md "Tokens stay out of addresses")
    expect((await callAs(f.doctorA1, billing.downloadBillingCodeLink, { query: { linktoken: token } })).code).toBe('tokenInQuery');
    expect((await callAs(f.doctorA1, billing.downloadBillingCodeLink, { headers: { linktoken: token } })).status).toBe(200);
  });

  it('downloads an organization link as a ZIP of its offices', async () => {
    const link = await createLink(f.orgAdminA, { organizationId: f.orgA.id, email: 'org@example.test' });
    const { token } = await sendAndReadToken(f.orgAdminA, link.id);
    const res = await callAs(f.orgAdminA, billing.downloadBillingCodeLink, { headers: { linktoken: token } });
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(res.reply.rawPayload)))).toHaveLength(2);
  });

  it('refuses the token to users outside the link scope, and unknown, replaced or expired tokens (404)', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const first = await sendAndReadToken(f.officeAdminA1, link.id);
    for (const who of [f.doctorB1, f.officeAdminA2, f.orgAdminB]) {
      const res = await callAs(who, billing.downloadBillingCodeLink, { headers: { linktoken: first.token } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(LINK_INVALID);
      expect(res.reply.body).not.toContain('Núñez');
    }
    const [row] = await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id));
    expect(row!.isEmailDownloaded).toBe(false);
    expect((await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: 'A'.repeat(43) } })).status).toBe(404);
    const second = await sendAndReadToken(f.officeAdminA1, link.id);
    expect((await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: first.token } })).status).toBe(404);
    await t.ctx.db.update(billingCodeLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(billingCodeLinks.id, link.id));
    expect((await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: second.token } })).status).toBe(404);
  });

  it('answers 400 without a recipient, a link id or a token', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    const noEmail = await callAs(f.officeAdminA1, billing.sendBillingCodeLinkEmail, { headers: { billingcodelinkid: link.id }, body: {} });
    expect(noEmail.status).toBe(400);
    expect(noEmail.errors).toEqual({ email: REQUIRED });
    const noId = await callAs(f.officeAdminA1, billing.sendBillingCodeLinkEmail, { body: {} });
    expect(noId.errors).toEqual({ billingcodelinkid: REQUIRED });
    const noToken = await callAs(f.nurseA1, billing.downloadBillingCodeLink);
    expect(noToken.status).toBe(400);
    expect(noToken.errors).toEqual({ linktoken: REQUIRED });
  });

  it('refuses other tenants (404), sending nothing', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const before = await t.ctx.db.select({ n: emailOutbox.id }).from(emailOutbox);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      expect((await callAs(who, billing.sendBillingCodeLinkEmail, { headers: { billingcodelinkid: link.id }, body: {} })).status).toBe(404);
    }
    expect(await t.ctx.db.select({ n: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });
});

describe('DELETE billingcodelink/{id}', () => {
  it('deletes the link and its e-mailed URL stops working', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id, email: 'biller@example.test' });
    const { token } = await sendAndReadToken(f.officeAdminA1, link.id);
    const res = await callAs(f.officeAdminA1, billing.deleteBillingCodeLink, { params: { id: link.id } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(link.id);
    expect(await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id))).toEqual([]);
    expect((await callAs(f.nurseA1, billing.downloadBillingCodeLink, { headers: { linktoken: token } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, billing.deleteBillingCodeLink, { params: { id: link.id } })).status).toBe(404);
  });

  it('answers 400 for a bad id, 404 for other tenants', async () => {
    const link = await createLink(f.officeAdminA1, { hospitalId: f.a1.id });
    expect((await callAs(f.officeAdminA1, billing.deleteBillingCodeLink, { params: { id: invalid('abc') } })).errors).toEqual({ id: 'This field needs to be formatted' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await callAs(who, billing.deleteBillingCodeLink, { params: { id: link.id } })).status).toBe(404); }
    expect(await t.ctx.db.select().from(billingCodeLinks).where(eq(billingCodeLinks.id, link.id))).toHaveLength(1);
  });
});
