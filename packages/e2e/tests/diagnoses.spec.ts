import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The problem list end to end: on a demo patient's page the doctor sees the Synthea Conditions
// imported as uncoded problems "to be coded" (SNOMED CT, never mapped), types "type 2 diab" in the
// ICD-10-CM search, picks E11.9 with the keyboard, and the problem list and the chronic-condition
// count show it. In Spanish, the default.

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string | number>; data?: unknown } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body).slice(0, 400)}`).toBe(true);
  return body.data;
}

test('the doctor codes type 2 diabetes as E11.9 from the search and the problem list counts it as chronic', async ({ page, request }) => {
  test.slow();
  const doctor = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'doctor', password: DEMO_PASSWORD },
  });
  const officeId = doctor.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', {
    headers: { SessionGuid: doctor.session.sessionGuid, hospitalid: officeId },
  });
  // A demo patient the other journeys do not change (they use the first and the last).
  const patient = patients.items.at(-2) ?? patients.items[0]!;

  await signIn(page, 'doctor');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${patient.id}`);
  const panel = page.getByTestId('problem-list');
  await expect(panel.getByRole('heading', { name: 'Lista de problemas' })).toBeVisible();

  // The imported Synthea Conditions wait to be coded.
  await panel.getByTestId('diagnosis-filter').getByText('Por codificar').click();
  await expect(panel.getByTestId('diagnosis-to-be-coded').first()).toBeVisible();
  await expect(panel.getByText(/Importado como http:\/\/snomed\.info\/sct/).first()).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await snap(page, 'diagnoses-1-to-be-coded', { fullPage: false });

  // Add: search as you type, the best billable hit preselected, Enter picks it.
  await panel.getByTestId('diagnosis-filter').getByText('Activos', { exact: true }).click();
  await panel.getByTestId('diagnosis-add').click();
  const modal = page.getByRole('dialog', { name: 'Añadir un diagnóstico' });
  const search = modal.getByTestId('icd10cm-search');
  await search.pressSequentially('type 2 diab', { delay: 60 });
  const first = page.getByTestId('icd10cm-option').first();
  await expect(first).toHaveAttribute('data-code', 'E11.9');
  await expect(first).toContainText('Type 2 diabetes mellitus without complications');
  await snap(page, 'diagnoses-2-search-type-2-diab', { fullPage: false });
  await search.press('Enter');
  await expect(modal.getByTestId('icd10cm-chosen')).toContainText('E11.9');
  await modal.getByTestId('diagnosis-primary').check();
  await snap(page, 'diagnoses-3-form', { fullPage: false });
  await modal.getByTestId('diagnosis-save').click();
  await expect(modal).toBeHidden();

  // The problem list shows it, primary and chronic, and the count includes diabetes.
  const row = panel.locator('[data-testid="diagnosis-row"][data-code="E11.9"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Principal');
  await expect(row).toContainText('Crónica: Diabetes');
  await expect(panel.getByTestId('chronic-count')).toHaveText(/\d+ afecci(ón|ones) crónicas?/);
  await expect(panel.getByTestId('chronic-conditions')).toContainText('Diabetes');
  await panel.scrollIntoViewIfNeeded();
  await snap(page, 'diagnoses-4-problem-list', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  // A category cannot be chosen: its option is disabled.
  await panel.getByTestId('diagnosis-add').click();
  const again = page.getByRole('dialog', { name: 'Añadir un diagnóstico' });
  await again.getByTestId('icd10cm-search').pressSequentially('E11', { delay: 60 });
  const category = page.locator('[data-testid="icd10cm-option"][data-code="E11"]');
  await expect(category).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(category).toContainText('Categoría: elija un código más específico');
  await snap(page, 'diagnoses-5-category-disabled', { fullPage: false });
});
