import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The CCM sub-record pattern end to end (README "How to add a feature"): on a patient's page the
// demo nurse opens a CCM record, adds an allergy (the form refuses an RxNorm allergen without its
// code with the spec's message, and asks before what was typed is discarded), edits it and deletes
// it after confirming. In Spanish, the default.

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

test('the nurse adds, edits and deletes a CCM allergy on the patient’s page', async ({ page, request, browser }) => {
  test.slow(); // one journey of four steps with five full-page screenshots and an axe scan
  // A demo patient of the nurse's office (the last by id: the other journeys use the first ones).
  const nurse = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'nurse', password: DEMO_PASSWORD },
  });
  const officeId = nurse.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number; lastName: string }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', {
    headers: { SessionGuid: nurse.session.sessionGuid, hospitalid: officeId },
  });
  const patient = patients.items.at(-1)!;

  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(patient.lastName) })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // The CCM record shows in CCM mode (spec section 4 "Selected mode"; RPM is the default).
  await page.getByTestId('mode-switch').getByText('CCM', { exact: true }).click();
  const panel = page.getByTestId('ccm-panel');
  await expect(panel.getByRole('heading', { name: 'Gestión de atención crónica (CCM)' })).toBeVisible();

  // No record yet: open one; its allergy list starts empty.
  await expect(panel.getByText('Este paciente aún no tiene un registro CCM en esta oficina')).toBeVisible();
  await panel.getByTestId('ccm-open-record').click();
  await expect(panel.getByText('No hay alergias registradas en este registro CCM')).toBeVisible();
  await expect(panel.getByTestId('ccm-record-select')).toBeVisible();

  // Add: an RxNorm allergen without its code is refused in the browser with the spec's message.
  await panel.getByTestId('allergy-add').click();
  const addModal = page.getByRole('dialog', { name: 'Añadir alergia' });
  // The form opens on its first field and asks before what was typed is lost (docs/ui.md "Forms
  // that hold typed data"): Escape asks, "Seguir editando" keeps the text.
  await expect(addModal.getByTestId('allergy-allergen')).toBeFocused();
  await addModal.getByTestId('allergy-allergen').fill('Penicilina G');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: '¿Descartar lo que escribió?' });
  await expect(discard).toBeVisible();
  await snap(page, 'ccm-0-discard-asked', { fullPage: false });
  await discard.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(discard).toBeHidden();
  await expect(addModal.getByTestId('allergy-allergen')).toHaveValue('Penicilina G');
  await addModal.getByTestId('allergy-code-system').click();
  await page.getByRole('option', { name: 'RxNorm' }).click();
  await addModal.getByTestId('allergy-reaction').fill('Urticaria');
  await addModal.getByTestId('allergy-severity').click();
  await page.getByRole('option', { name: 'Moderada' }).click();
  await addModal.getByTestId('allergy-save').click();
  await expect(addModal.getByText('Este campo es obligatorio')).toBeVisible();
  await snap(page, 'ccm-1-add-allergy-code-required', { fullPage: false });
  await addModal.getByTestId('allergy-code').fill('7980');
  await addModal.getByTestId('allergy-save').click();
  await expect(addModal).toBeHidden();
  const row = panel.getByTestId('allergy-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('allergy-name')).toHaveText('Penicilina G');
  await expect(row).toContainText('RxNorm 7980');
  await expect(row.getByTestId('allergy-severity-badge')).toHaveText('Moderada');
  await expect(row).toContainText('Reacción: Urticaria');
  await expect(panel.getByRole('heading', { name: 'Alergias (1)' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header stays on top of a full-page shot
  await snap(page, 'ccm-2-allergy-added');
  expect(await seriousViolations(page)).toEqual([]);

  // Edit: severe anaphylaxis.
  await row.getByTestId('allergy-edit').click();
  const editModal = page.getByRole('dialog', { name: 'Editar alergia' });
  await expect(editModal.getByTestId('allergy-allergen')).toHaveValue('Penicilina G');
  await editModal.getByTestId('allergy-reaction').fill('Anafilaxia');
  await editModal.getByTestId('allergy-severity').click();
  await page.getByRole('option', { name: 'Grave' }).click();
  await editModal.getByTestId('allergy-save').click();
  await expect(editModal).toBeHidden();
  await expect(row.getByTestId('allergy-severity-badge')).toHaveText('Grave');
  await expect(row).toContainText('Reacción: Anafilaxia');
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header stays on top of a full-page shot
  await snap(page, 'ccm-3-allergy-edited');

  // Delete, after confirming.
  await row.getByTestId('allergy-delete').click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar alergia' });
  await expect(confirm).toContainText('¿Eliminar la alergia a Penicilina G de este registro CCM?');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(panel.getByTestId('allergy-row')).toHaveCount(0);
  await expect(panel.getByText('No hay alergias registradas en este registro CCM')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0)); // the fixed header stays on top of a full-page shot
  await snap(page, 'ccm-4-allergy-deleted');

  // The PHI audit trail (docs/audit.md "Calls keyed by a record"): the edit and the delete reached
  // the allergy by its own id, yet the organization admin finds both under the patient's name.
  const auditor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES', viewport: { width: 1366, height: 900 } });
  const logs = await auditor.newPage();
  await signIn(logs, 'orgadmin');
  await expect(logs).not.toHaveURL(/\/auth\/login/);
  await logs.goto('/logs');
  await logs.getByTestId('audit-patient').fill(String(patient.id));
  const allergyRows = logs.getByTestId('audit-row').filter({ hasText: 'Alergia' });
  await expect(allergyRows.filter({ hasText: 'Actualizar' }).first()).toContainText(patient.lastName);
  await expect(allergyRows.filter({ hasText: 'Eliminar' }).first()).toContainText(patient.lastName);
  await expect(logs.getByTestId('audit-row').filter({ hasText: 'Plan de cuidado' }).first()).toBeVisible();
  expect(await seriousViolations(logs)).toEqual([]);
  await snap(logs, 'ccm-5-allergy-calls-in-the-audit-trail', { fullPage: false });
  await auditor.close();
});
