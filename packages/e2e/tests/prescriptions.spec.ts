import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// A doctor adds metformin to a demo patient's medication list from the drug search (typed, chosen
// with the keyboard), and the patient's page shows it; a second metformin shows the duplicate
// warning. In Spanish, the default.

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

test('a doctor adds metformin from the drug search and the patient’s page lists it', async ({ page, request }) => {
  test.slow();
  const doctor = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'doctor', password: DEMO_PASSWORD },
  });
  const session = { SessionGuid: doctor.session.sessionGuid };
  const officeId = doctor.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', { headers: { ...session, hospitalid: officeId } });
  // A patient with no active metformin yet (the demo bundles give some patients theirs).
  let patientId = 0;
  for (const p of patients.items) {
    const list = await api<{ items: { medicationName: string }[] }>(request, 'GET', 'patientprescription/getprescriptionlistforpatient', { headers: { ...session, patientid: p.id } });
    if (!list.items.some((i) => /metformin/i.test(i.medicationName))) {
      patientId = p.id;
      break;
    }
  }
  expect(patientId).toBeGreaterThan(0);

  await signIn(page, 'doctor');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${patientId}`);
  const panel = page.getByTestId('medication-panel');
  await expect(panel.getByRole('heading', { name: 'Medicamentos' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await snap(page, 'prescriptions-1-medication-list', { fullPage: false });

  // Add: the form refuses to save without a product chosen from the search.
  await panel.getByTestId('prescription-add').click();
  const modal = page.getByRole('dialog', { name: 'Añadir medicamento' });
  await modal.getByTestId('prescription-save').click();
  await expect(modal.getByText('Este campo es obligatorio').first()).toBeVisible();

  // The drug search as you type: "metf" lists metformin products; arrows and Enter choose one.
  const search = modal.getByTestId('drug-search');
  await search.pressSequentially('metf', { delay: 60 });
  const options = page.getByTestId('drug-option');
  await expect(options.first()).toContainText('metformin hydrochloride 500 mg');
  await snap(page, 'prescriptions-2-drug-search', { fullPage: false });
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(search).toHaveValue(/^metformin hydrochloride 500 mg/);
  await modal.getByTestId('prescription-dose').fill('500 mg');
  await modal.getByTestId('prescription-frequency').click();
  await page.getByRole('option', { name: 'Dos veces al día' }).click();
  await expect(modal.getByTestId('prescription-route')).toHaveValue('ORAL');
  await modal.getByTestId('prescription-prescriber').click();
  await page.getByRole('option').first().click();
  await snap(page, 'prescriptions-3-form-filled', { fullPage: false });
  await modal.getByTestId('prescription-save').click();
  await expect(modal).toBeHidden();

  const row = panel.getByTestId('prescription-row').filter({ hasText: 'metformin hydrochloride 500 mg' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('500 mg · Dos veces al día · ORAL');
  await expect(row).toContainText('Activo');

  // A second metformin: saved, with the duplicate warning in the panel and on both rows.
  await panel.getByTestId('prescription-add').click();
  const second = page.getByRole('dialog', { name: 'Añadir medicamento' });
  await second.getByTestId('drug-search').pressSequentially('glucophage 1000', { delay: 40 });
  await expect(page.getByTestId('drug-option').first()).toContainText('Glucophage (metformin hydrochloride) 1000 mg');
  await page.getByTestId('drug-option').first().click();
  await second.getByTestId('prescription-dose').fill('1000 mg');
  await second.getByTestId('prescription-frequency').click();
  await page.getByRole('option', { name: 'Una vez al día' }).click();
  await second.getByTestId('prescription-prescriber').click();
  await page.getByRole('option').first().click();
  await second.getByTestId('prescription-save').click();
  await expect(second).toBeHidden();
  await expect(panel.getByTestId('duplicate-warning')).toContainText('metformin');
  await expect(panel.getByTestId('prescription-duplicate')).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'prescriptions-4-listed-with-duplicate-warning');
  expect(await seriousViolations(page)).toEqual([]);

  // Delete the second one after confirming: the warning goes.
  const glucophage = panel.getByTestId('prescription-row').filter({ hasText: 'Glucophage' });
  await glucophage.getByTestId('prescription-delete').click();
  await page.getByRole('dialog', { name: 'Eliminar medicamento' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(glucophage).toHaveCount(0);
  await expect(panel.getByTestId('prescription-duplicate')).toHaveCount(0);
  await expect(row).toHaveCount(1);
});
