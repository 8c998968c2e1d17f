import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

// The administration journeys (README "Demo logins"), in order: the office admin registers a
// patient; doctor2 cannot find it; the demo patient is refused at sign-in.
test.describe.configure({ mode: 'serial' });

const unique = Date.now().toString(36).slice(-5);
const lastName = `Journey${unique.replace(/[0-9]/g, 'x')}`;

async function field(page: Page, label: string) {
  return page.getByTestId('patient-wizard').getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

test('an office admin signs in in Spanish, switches to English, corrects the patient wizard and finds the new patient', async ({ page }) => {
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.getByRole('navigation').getByRole('link', { name: 'Pacientes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'admin-1-patients-spanish');

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

  await page.getByTestId('new-patient').click();
  const wizard = page.getByTestId('patient-wizard');
  await expect(wizard).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText('This field is required').first()).toBeVisible();

  await (await field(page, 'First name')).fill('mARIA');
  await (await field(page, 'Last name')).fill(lastName);
  await (await field(page, 'E-mail')).fill('not-an-email');
  await (await field(page, 'Phone')).fill('12345');
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText('This field must be a valid email')).toBeVisible();
  await expect(wizard.getByText('This field must be a valid phone number')).toBeVisible();
  await snap(page, 'admin-2-wizard-mistakes');

  await (await field(page, 'E-mail')).fill(`maria.${unique}@example.org`);
  await (await field(page, 'Phone')).fill('(617) 555-0142');
  await (await field(page, 'Birth date')).fill('06/02/1951');
  // The address: a city that is not the ZIP code's is a warning, not a refusal; the right one fills the time zone.
  await (await field(page, 'Street address')).fill('12 Union Park');
  await (await field(page, 'City')).fill('Chicago');
  await (await field(page, 'State')).fill('MA');
  await (await field(page, 'ZIP code')).fill('02118');
  await expect(wizard.getByTestId('address-warning')).toHaveText('The address could not be validated. Check the ZIP code, city and state; you can still save.');
  await snap(page, 'admin-2b-address-warning');
  await (await field(page, 'City')).fill('Boston');
  await expect(wizard.getByTestId('address-validated')).toContainText('America/New_York');
  await page.getByTestId('wizard-next').click();

  // Facilities: none chosen is refused with the spec's rule.
  const offices = wizard.getByRole('checkbox');
  await expect(offices.first()).toBeVisible();
  if (await offices.first().isChecked()) { await offices.first().uncheck(); }
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText('At least one facility must be assigned')).toBeVisible();
  await offices.first().check();
  await page.getByTestId('wizard-next').click();

  // Team: a doctor alone is not enough.
  await wizard.getByRole('checkbox', { name: /Reyes/ }).check();
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText('A new patient needs at least one medical team member, and a doctor and a nurse must be assigned')).toBeVisible();
  await snap(page, 'admin-3-wizard-team-rule');
  await wizard.getByRole('checkbox', { name: /Castillo/ }).check();
  await page.getByTestId('wizard-next').click();

  await wizard.getByLabel('Height (cm)').fill('162');
  await wizard.getByLabel('Weight (kg)').fill('68.4');
  await page.getByTestId('wizard-next').click();

  // Enrolment: RPM from today, Medicare with its MBI checked against CMS's format, a new cuff.
  await wizard.getByRole('checkbox', { name: /^RPM · / }).check();
  await expect(wizard.getByLabel(/RPM enrolment date/)).toBeVisible();
  await wizard.getByRole('combobox', { name: 'Payer' }).click();
  await page.getByRole('option', { name: 'Medicare (Original, Part B)' }).click();
  await wizard.getByLabel(/Medicare Beneficiary Identifier/).fill('123-45-6789');
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText(/must be a Medicare Beneficiary Identifier/)).toBeVisible();
  await snap(page, 'admin-3b-wizard-mbi-refused');
  await wizard.getByLabel(/Medicare Beneficiary Identifier/).fill('1eg4-te5-mk73');
  await wizard.getByRole('combobox', { name: 'Register a new device' }).click();
  await page.getByRole('option', { name: 'Blood pressure' }).click();
  await wizard.getByLabel(/Device identifier/).fill(`BP-${unique}`);
  await snap(page, 'admin-3c-wizard-enrolment');
  await page.getByTestId('wizard-next').click();
  await expect(wizard.getByText(lastName).first()).toBeVisible();
  // The review shows the phone once, in national format with its country, and the MBI as on the card.
  await expect(wizard.getByText('(617) 555-0142 · United States (+1)')).toBeVisible();
  await expect(wizard.getByText(/MBI 1EG4-TE5-MK73/)).toBeVisible();
  await expect(wizard.getByText(new RegExp(`Blood pressure · BP-${unique}`))).toBeVisible();
  await snap(page, 'admin-3d-wizard-review');
  await page.getByTestId('wizard-submit').click();
  await expect(page.getByTestId('wizard-done')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'admin-4-wizard-done');
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();

  await page.getByPlaceholder(/search/i).first().fill(lastName);
  await expect(page.getByText('1 in total')).toBeVisible();
  // Names are normalised: "mARIA" was stored as "Maria".
  await expect(page.getByRole('cell', { name: new RegExp(`${lastName}, Maria`) })).toBeVisible();
  await snap(page, 'admin-5-patient-in-list');
});

test('doctor2, a doctor of another office, cannot find that patient', async ({ page }) => {
  await signIn(page, 'doctor2');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.getByRole('navigation').getByRole('link', { name: 'Pacientes' }).click();
  await page.getByPlaceholder(/buscar/i).first().fill(lastName);
  await expect(page.getByText('Ningún resultado coincide con su búsqueda')).toBeVisible();
  await expect(page.getByText(lastName)).toHaveCount(0);
  await snap(page, 'doctor2-cannot-find');
});

test('the demo patient is refused at sign-in with the spec message', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'vigil_lang', value: 'en', url: baseURL! }]);
  await signIn(page, 'patient');
  await expect(page.getByTestId('login-error')).toHaveText('You cannot authenticate as a Patient!');
  await expect(page).toHaveURL(/\/auth\/login/);
  await snap(page, 'patient-refused');
});

const PAGES = [
  '/patients',
  '/medicalstaff',
  '/medicalteam',
  '/offices',
  '/organizations',
  '/admins',
  '/profile',
  '/profile/password',
  '/import',
  '/outbox',
];
const PUBLIC_PAGES = ['/auth/forgetpassword', '/auth/successfully', '/api/user/validatetoken?token=x', '/accountdeletionrequest', '/profileremovalinfo'];

test('the pages of the foundation have no serious or critical accessibility violations', async ({ page, browser, baseURL }) => {
  // Scans many pages one after another: three times the default time, for a loaded machine.
  test.slow();
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), path).toEqual([]);
  }
  const anonymousContext = await browser.newContext({ baseURL });
  const anonymous = await anonymousContext.newPage();
  for (const path of PUBLIC_PAGES) {
    await anonymous.goto(path);
    await expect(anonymous.getByRole('heading').first()).toBeVisible();
    expect(await seriousViolations(anonymous), path).toEqual([]);
  }
  await anonymousContext.close();
});

test('the system admin uploads a FHIR file: the import is queued, worked on the server and its report shown', async ({ page }) => {
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Importación de datos' })).toBeVisible();
  const org = { resourceType: 'Organization', id: `journey-org-${unique}`, name: `Journey Clinic ${unique}` };
  await page.locator('input[type="file"][accept*="application/json"]').setInputFiles({ name: 'journey-clinic.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(org)) });
  await page.getByRole('button', { name: 'Subir e importar' }).click();
  // The request answers at once with the queued run; the page follows it until its report.
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByText(`journey-org-${unique}`)).toBeVisible();
  await expect(report.getByText('Creado').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'import-1-uploaded-report-spanish');
  // The history has the run, done, in English too.
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data import' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Import history' });
  await expect(history.getByRole('row', { name: /journey-clinic\.json/ }).getByText('Done')).toBeVisible();
  await snap(page, 'import-2-history-english');
});

test('an import of the demo folder shows its progress while a server worker runs it', async ({ page }) => {
  test.slow();
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/import');
  await page.getByText('ES', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importación de datos' })).toBeVisible();
  await page.getByLabel('Archivo o carpeta').fill('.');
  await page.getByRole('button', { name: 'Ejecutar importación' }).click();
  const progress = page.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('import-run-status')).toHaveText(/En cola|de \d+ archivos leídos|Iniciando/);
  await snap(page, 'import-3-progress-spanish');
  // Then the run's report replaces the progress.
  await expect(page.getByTestId('import-report')).toBeVisible({ timeout: 150_000 });
  await expect(progress).toBeHidden();
  await snap(page, 'import-4-folder-report-spanish');
});
