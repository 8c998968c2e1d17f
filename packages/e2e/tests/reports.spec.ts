import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The oversight journeys (docs/dashboards.md, docs/licenses.md): an organization admin on
// /dashboardAdmin (offices side by side, the month's billing totals); a system admin on
// /dashboardsystemadmin (usage by organization, system health) and /SaReports with the CSV and
// PDF downloads (the PDF opened and looked at); an office admin assigns a licence on /licenses,
// sees the one-licence-of-a-type refusal, and unassigns with confirmation.

const unique = Date.now().toString(36).slice(-6).toUpperCase();

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', p: string, opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${p}`, { method, headers, data: opts.data });
  const text = await res.text();
  expect(res.status(), `${method} ${p}: ${text.slice(0, 400)}`).toBe(opts.status ?? 200);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs in through the login page in English. */
async function signInEnglish(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.context().addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(page.url()).origin }]);
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

test('an organization admin sees the offices side by side and the month billing totals', async ({ page }) => {
  test.slow();
  await signInEnglish(page, 'orgadmin');
  await page.getByRole('navigation').getByRole('link', { name: 'Organization dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organization dashboard' })).toBeVisible();
  await expect(page.getByTestId('org-office-row').first()).toBeVisible();
  expect(await page.getByTestId('org-office-row').count()).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('org-offices').getByRole('columnheader', { name: 'Appointments today' })).toBeVisible();
  await expect(page.getByTestId('org-billing-totals')).toContainText('$');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-1-organization-dashboard');
  // The office's name opens its facility dashboard.
  await page.getByTestId('org-office-row').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboardFacility\?office=\d+/);
  await expect(page.getByTestId('fig-appointments')).toBeVisible();
});

test('a system admin oversees the system and downloads the reports as CSV and PDF', async ({ page }) => {
  test.slow();
  await signInEnglish(page, 'sysadmin');
  await page.getByRole('navigation').getByRole('link', { name: 'System dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System dashboard' })).toBeVisible();
  await expect(page.getByTestId('system-organization-row').first()).toBeVisible();
  await expect(page.getByTestId('fig-jobs-value')).toHaveText(/^\d+ \/ \d+$/);
  await expect(page.getByTestId('fig-ingestion-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('fig-sockets-value')).toHaveText(/^\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-2-system-dashboard');

  // The failed jobs figure opens the system log filtered by kind.
  await page.getByTestId('fig-jobs').getByRole('link').click();
  await expect(page).toHaveURL(/\/logs\?tab=system&kind=jobFailure/);
  await expect(page.getByRole('tab', { name: 'System logs', selected: true })).toBeVisible();

  // The reports: every organization for the last three months.
  await page.getByRole('navigation').getByRole('link', { name: 'System reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System reports' })).toBeVisible();
  await expect(page.getByTestId('report-patients')).toBeVisible();
  await expect(page.getByTestId('chart-report-patients')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-3-system-reports');

  // A period backwards is refused on the page, before any call.
  await page.getByTestId('report-from').fill('2030-05');
  await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();
  await page.getByTestId('report-from').fill('2024-01');

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('report-patients-csv').click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^vigil-report-all-2024-01-\d{4}-\d{2}-patients\.csv$/);
  const csvText = await fs.readFile(await csv.path(), 'utf8');
  expect(csvText.replace(/^\uFEFF/, '').split('\n')[0]).toBe('program,status,patients');
  expect(csvText.trim().split('\n').length).toBeGreaterThan(1);

  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('report-pdf').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^vigil-report-all-2024-01-\d{4}-\d{2}\.pdf$/);
  const file = path.join(os.tmpdir(), `reports-e2e-${unique}.pdf`);
  await pdf.saveAs(file);
  const bytes = await fs.readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Open the PDF in the browser's viewer and look at it.
  const viewer = await page.context().newPage();
  await viewer.goto(`file://${file}`).catch(() => undefined);
  await viewer.waitForTimeout(8_000);
  await viewer.screenshot({ path: '/tmp/reports-pdf.png' });
  await viewer.close();
});

test('an office admin assigns a licence, sees the one-of-a-type refusal, and unassigns it', async ({ page, request }) => {
  test.slow();
  const admin = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'officeadmin', password: DEMO_PASSWORD },
  });
  const asAdmin = { SessionGuid: admin.session.sessionGuid };
  const officeId = admin.user.hospitalAssignedData!.id;
  const licence = (name: string) => ({ hospitalId: officeId, name, description: '', content: '', type: 'RTM', priceCents: 1500, expirationDate: '2030-12-31' });
  await api(request, 'POST', 'licenses', { headers: asAdmin, status: 201, data: licence(`RTM one ${unique}`) });
  await api(request, 'POST', 'licenses', { headers: asAdmin, status: 201, data: licence(`RTM two ${unique}`) });

  await signInEnglish(page, 'officeadmin');
  await page.goto('/licenses');
  await page.getByLabel('Search by name').fill(unique);
  await expect(page.getByTestId('license-row')).toHaveCount(2);

  const row = (name: string) => page.getByTestId('license-row').filter({ hasText: name });
  const assign = async (name: string) => {
    await row(name).getByRole('button', { name: `Assign ${name} to a patient` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign a licence' });
    await dialog.getByTestId('license-assign-patient').click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('license-assign-submit').click();
    return dialog;
  };
  await assign(`RTM one ${unique}`);
  await expect(row(`RTM one ${unique}`)).toContainText('Assigned');

  // The same patient cannot hold a second current RTM licence: the 409 stays in the dialog.
  const dialog = await assign(`RTM two ${unique}`);
  await expect(dialog.getByTestId('license-assign-error')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'reports-4-licence-conflict', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Unassigning asks first.
  await row(`RTM one ${unique}`).getByRole('button', { name: `Unassign RTM one ${unique}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Unassign this licence?' });
  await confirm.getByRole('button', { name: 'Unassign' }).click();
  await expect(row(`RTM one ${unique}`)).toContainText('Active');
  await snap(page, 'reports-5-licences');
});
