import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// Issue "Running the business", section 6: an organization admin generates, edits, issues and
// downloads an invoice (the PDF opened and looked at); a system admin issues an API key and a
// script uses it to read the organization's patients and is refused another organization's.
test.describe.configure({ mode: 'serial' });

const OFFICE_TZ = 'America/New_York';
test.use({ timezoneId: OFFICE_TZ });
const unique = Date.now().toString(36).slice(-6).toUpperCase();

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${p}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${method} ${p}: ${JSON.stringify(body).slice(0, 400)}`).toBe(opts.status ?? 200);
  return body.data;
}

type SignedIn = { session: { sessionGuid: string }; user: { id: number; organizationId: number | null; hospitalAssignedData: { id: number } | null } };
const apiSignIn = (request: APIRequestContext, username: string) => api<SignedIn>(request, 'POST', 'auth/signinv3', { data: { username, password: DEMO_PASSWORD } });

function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const ctx: { organizationId: number; year: number; month: number } = {} as never;

test('setup through the API: a patient of office #1 has 16 reading days this month and the office\'s billing is generated', async ({ request }) => {
  const admin = await apiSignIn(request, 'officeadmin');
  const asAdmin = { SessionGuid: admin.session.sessionGuid };
  const officeId = admin.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number; status: number; patientIdentifier: string }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', { headers: { ...asAdmin, hospitalid: officeId } });
  const patient = patients.items.filter((p) => p.status === 1 && p.patientIdentifier !== '')[1]!;
  const hub = await api<{ id: number }>(request, 'POST', 'hub', {
    headers: asAdmin,
    status: 201,
    data: { hubIdentifier: `E2E-INV-HUB-${unique}`, hubMAC: `02:${Array.from({ length: 5 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join(':')}`, hubName: `Hub factura ${unique}`, hospitalId: officeId, assignedToUserId: patient.id },
  });
  const credential = await api<{ credential: string }>(request, 'POST', `hub/${hub.id}/credential`, { headers: asAdmin });
  await api(request, 'POST', 'medicaldevice', { headers: asAdmin, status: 201, data: { deviceIdentifier: `E2E-INV-BP-${unique}`, deviceType: 'BLOOD_PRESSURE', hospitalId: officeId, hubId: hub.id, patientId: patient.id } });
  const now = new Date(Date.now() - 2 * 60_000);
  const today = dayIn(OFFICE_TZ, now);
  const readings = [29, ...Array.from({ length: 15 }, (_, i) => 28 - 2 * i)].map((k, i) => ({
    deviceIdentifier: `E2E-INV-BP-${unique}`,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: k === 0 ? now.toISOString().replace(/\.\d+Z$/, 'Z') : new Date(Date.parse(`${today}T16:00:00Z`) - k * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    values: [
      { code: '8480-6', value: 120 + (i % 5), unit: 'mm[Hg]' },
      { code: '8462-4', value: 78, unit: 'mm[Hg]' },
    ],
  }));
  await api(request, 'POST', 'medicaldevicesdata', { headers: { HubToken: credential.credential }, data: readings });
  [ctx.year, ctx.month] = today.split('-').slice(0, 2).map(Number) as [number, number];
  const run = await api<{ runId: number; status: string }>(request, 'GET', 'billing/generateforallhospitalpatientsformonth', { headers: { ...asAdmin, hospitalid: officeId, month: ctx.month, year: ctx.year } });
  await expect
    .poll(async () => (await api<{ status: string }>(request, 'GET', 'billing/getbillingrun', { headers: { ...asAdmin, runid: run.runId } })).status, { timeout: 60_000 })
    .toBe('done');
  const org = await apiSignIn(request, 'orgadmin');
  ctx.organizationId = org.user.organizationId!;
  const refs = await api<{ year: number; month: number; billablePatients: number }[]>(request, 'GET', 'invoice/getinvoicereferencesfororganization', { headers: { SessionGuid: org.session.sessionGuid, organizationid: ctx.organizationId } });
  expect(refs.find((r) => r.year === ctx.year && r.month === ctx.month)!.billablePatients).toBeGreaterThan(0);
});

test('the organization admin generates, edits, issues and downloads an invoice, and the PDF reads right', async ({ page }) => {
  await signIn(page, 'orgadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturas' })).toBeVisible();
  await page.getByTestId('invoice-generate').first().click();
  const form = page.getByRole('dialog', { name: 'Generar una factura' });
  await expect(form).toBeVisible();
  // A month is offered: the first open month with billable patients.
  await expect(form.getByTestId('invoice-period')).not.toHaveValue('');
  await form.getByTestId('invoice-unit-price').fill('49.99');
  await form.getByTestId('invoice-tax').fill('8.25');
  await form.getByTestId('invoice-payment-methods').fill('Transferencia ACH');
  await snap(page, 'invoices-1-generate', { fullPage: false });
  await form.getByTestId('invoice-save').click();
  const details = page.getByTestId('invoice-details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('invoice-status')).toHaveText('Borrador');
  await expect(details.getByTestId('invoice-line').first()).toBeVisible();

  // Edit the draft: a 10 % discount and the terms.
  await details.getByTestId('invoice-edit').click();
  const edit = page.getByRole('dialog', { name: 'Editar la factura en borrador' });
  await edit.getByTestId('invoice-discount').fill('10');
  await edit.getByTestId('invoice-terms').fill('Pago a 30 días');
  await edit.getByTestId('invoice-save').click();
  await expect(edit).toBeHidden();
  await expect(details.getByText(/Descuento \(10 %\)/)).toBeVisible();
  await expect(details.getByText('Condiciones: Pago a 30 días')).toBeVisible();

  // Issue: asks first, then the invoice has its number.
  await details.getByTestId('invoice-to-issued').click();
  await page.getByRole('dialog', { name: '¿Emitir esta factura?' }).getByRole('button', { name: 'Emitir' }).click();
  await expect(details.getByTestId('invoice-status')).toHaveText('Emitida');
  await expect(details.getByRole('heading', { name: /^Factura \d{4}-\d{6}$/ })).toBeVisible();
  await expect(details.getByTestId('invoice-edit')).toHaveCount(0);
  await snap(page, 'invoices-2-issued', { fullPage: false });

  const downloadPromise = page.waitForEvent('download');
  await details.getByTestId('invoice-pdf').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  const file = path.join(os.tmpdir(), `invoices-e2e-${unique}.pdf`);
  await download.saveAs(file);
  const bytes = await fs.readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Open the PDF in the browser's viewer and look at it.
  const viewer = await page.context().newPage();
  await viewer.goto(`file://${file}`).catch(() => undefined);
  await viewer.waitForTimeout(2_000);
  await viewer.screenshot({ path: '/tmp/invoices-pdf.png' });
  await viewer.close();

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'invoices-3-list');
});

test('a system admin issues an API key; a script reads its organization\'s patients with it and is refused another organization\'s', async ({ page, request }) => {
  const sys = await apiSignIn(request, 'sysadmin');
  const asSys = { SessionGuid: sys.session.sessionGuid };
  // An API user of the demo organization, and a second organization the key must not reach.
  await api(request, 'POST', 'user', {
    headers: asSys,
    status: 201,
    data: { roleId: 9, organizationId: ctx.organizationId, firstName: 'Script', lastName: `Integracion${unique.replace(/\d/g, '')}`, username: `apiscript${unique.toLowerCase()}`, email: `apiscript${unique.toLowerCase()}@example.test`, password: 'Script#Pass2026', language: 'ESP' },
  });
  const other = await api<{ id: number }>(request, 'POST', 'medicalinstitution', { headers: asSys, status: 201, data: { institutionName: `Otra Clínica ${unique}` } });

  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/apiusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios de API' })).toBeVisible();
  await page.getByTestId('api-user-row').filter({ hasText: `apiscript${unique.toLowerCase()}` }).click();
  await page.getByTestId('api-key-issue').click();
  const dialog = page.getByRole('dialog', { name: 'Emitir una clave de API' });
  await dialog.getByTestId('api-key-name').fill('Script de informes');
  await dialog.getByTestId('api-key-create').click();
  const key = (await dialog.getByTestId('api-key-value').textContent())!.trim();
  expect(key).toMatch(/^vgk_/);
  await snap(page, 'invoices-4-api-key-shown', { fullPage: false });
  await dialog.getByRole('button', { name: 'Hecho' }).click();

  // The script: plain HTTP with the key, no session.
  const mine = await request.fetch('/api/medicalinstitution/getrelatedorganizationpatients?pageSize=5', { headers: { 'X-Api-Key': key, organizationid: String(ctx.organizationId) } });
  expect(mine.status()).toBe(200);
  const body = (await mine.json()) as Envelope<{ total: number; items: unknown[] }>;
  expect(body.data.total).toBeGreaterThan(0);
  const theirs = await request.fetch('/api/medicalinstitution/getrelatedorganizationpatients', { headers: { 'X-Api-Key': key, organizationid: String(other.id) } });
  expect(theirs.status()).toBe(404);

  await page.reload();
  await page.getByTestId('api-user-row').filter({ hasText: `apiscript${unique.toLowerCase()}` }).click();
  await expect(page.getByTestId('api-key-row').first()).toContainText('Script de informes');
  await expect(page.getByTestId('api-key-row').first()).not.toContainText('Nunca');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'invoices-5-api-keys');
});
