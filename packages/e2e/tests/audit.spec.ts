import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The PHI audit trail's journey (docs/audit.md): a doctor opens a demo patient's record, and the
// organization admin's /logs shows who opened it today, from where and with which outcome.

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string | number>; data?: unknown } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, ...(opts.data !== undefined ? { data: opts.data } : {}) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

test('an auditor view shows who opened a demo patient’s record today', async ({ page, browser, request }) => {
  test.slow();
  const doctor = await api<{ session: { sessionGuid: string }; user: { firstName: string; lastName: string; hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'doctor', password: DEMO_PASSWORD },
  });
  const patients = await api<{ items: { id: number; firstName: string; lastName: string }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=20&sort=id', {
    headers: { SessionGuid: doctor.session.sessionGuid, hospitalid: doctor.user.hospitalAssignedData!.id },
  });
  const patient = patients.items[1]!;

  // The doctor opens the patient's record in a browser of their own.
  const doctorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES', viewport: { width: 1366, height: 900 } });
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, 'doctor');
  await expect(doctorPage).not.toHaveURL(/\/auth\/login/);
  await doctorPage.goto(`/patientdetails/${patient.id}`);
  await expect(doctorPage.getByText(patient.lastName).first()).toBeVisible();
  await snap(doctorPage, 'audit-1-doctor-opens-record', { fullPage: false });
  await doctorContext.close();

  // The organization admin looks the patient up in the audit trail of today, in English.
  await page.goto('/auth/login');
  await page.context().addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(page.url()).origin }]);
  await signIn(page, 'orgadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.getByRole('navigation').getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  await page.getByTestId('audit-patient').fill(String(patient.id));
  const doctorName = `${doctor.user.firstName} ${doctor.user.lastName}`;
  const rows = page.getByTestId('audit-row').filter({ hasText: doctorName });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expect(rows.first()).toContainText('Read');
  await expect(rows.first()).toContainText('200');
  // Every row is this patient's (read as one list once the filtered page has replaced the unfiltered one).
  const all = page.getByTestId('audit-row');
  await expect
    .poll(async () => {
      const texts = await all.allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes(patient.lastName));
    }, { message: `every audit row names ${patient.lastName}` })
    .toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'audit-2-who-opened-the-record');
  await page.screenshot({ path: '/tmp/audit-who-opened.png', fullPage: true });
});

test('a system admin verifies the audit chain and reads the refused sign-ins', async ({ page, request }) => {
  // A refused sign-in, for the system log.
  const bad = await request.fetch('/api/auth/signinv3', { method: 'POST', data: { username: 'doctor', password: 'not-the-password' } });
  expect(bad.status()).toBe(401);
  await page.goto('/auth/login');
  await page.context().addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(page.url()).origin }]);
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/logs');
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verify-result')).toContainText('The audit trail is intact');
  // The trail's protection (docs/audit.md "Operations"): a full re-check runs in the background with its progress.
  const protection = page.getByTestId('audit-protection');
  await expect(protection).toContainText('Protection against changes in the database');
  await expect(protection).not.toContainText('No checkpoint key is configured');
  await page.getByRole('button', { name: 'Start a full re-check' }).click();
  await expect(protection).toContainText(/Full re-check of .*: The audit trail is intact/, { timeout: 60_000 });
  await snap(page, 'audit-3-chain-verified', { fullPage: false });
  await page.getByRole('tab', { name: 'System logs' }).click();
  await expect(page.getByText('Sign-in refused: invalid credentials').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'audit-4-system-logs');
  await page.screenshot({ path: '/tmp/audit-system-logs.png', fullPage: true });

  // /emptyComponent: a proper empty state with the way home.
  await page.goto('/emptyComponent');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/audit-empty.png' });
});
