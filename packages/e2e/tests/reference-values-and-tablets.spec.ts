import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

// The /Verifier and /tablets screens (portal-spec.md "Protected routes"; the Verifiers and Tablet
// endpoints), and the error element that keeps a failing screen inside the layout.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const unique = Date.now().toString(36).slice(-5).toUpperCase().replace(/[^A-Z0-9]/g, 'X');
const domain = `E2E_DOMAIN_${unique}`;
const lowValue = `V${unique}`;

async function filterByDomain(page: Page, name: string) {
  await page.getByTestId('verifier-domain-filter').click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('a system admin searches, creates, edits and deletes a reference value (Spanish)', async ({ page }) => {
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.getByRole('navigation').getByRole('link', { name: 'Valores de referencia' }).click();
  await expect(page).toHaveURL(/\/Verifier$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Valores de referencia' })).toBeVisible();
  await expect(page.getByTestId('verifier-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Search: a domain and a text narrow the list on the server.
  await filterByDomain(page, 'SPECIALIZATION_TYPE');
  await page.getByPlaceholder('Buscar valores o descripciones').fill('cardio');
  await expect(page.getByTestId('verifier-row').first()).toContainText(/cardio/i);
  for (const row of await page.getByTestId('verifier-row').all()) { await expect(row).toContainText('SPECIALIZATION_TYPE'); }
  await snap(page, 'verifier-1-search');
  await page.getByPlaceholder('Buscar valores o descripciones').fill('');
  await filterByDomain(page, 'Todos los dominios');

  // Create: the contract's schema refuses an empty form and a malformed domain in the browser.
  await page.getByTestId('new-verifier').click();
  const form = page.getByTestId('verifier-form');
  await expect(form).toBeVisible();
  await page.getByTestId('verifier-save').click();
  await expect(form.getByText('Este campo es obligatorio').first()).toBeVisible();
  await page.getByTestId('verifier-domain').fill('not a domain');
  await page.getByTestId('verifier-save').click();
  await expect(form.getByTestId('verifier-domain')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'verifier-2-form-errors', { fullPage: false });
  await page.getByTestId('verifier-domain').fill(domain);
  await page.keyboard.press('Escape');
  await page.getByTestId('verifier-low-value').fill(lowValue);
  await page.getByTestId('verifier-description').fill('Journey value');
  await page.getByTestId('verifier-description-es').fill('Valor de recorrido');
  await page.getByTestId('verifier-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Valor de referencia creado')).toBeVisible();

  // The new domain is offered by the filter, and the value is found by search.
  await filterByDomain(page, domain);
  await expect(page.getByTestId('verifier-row')).toHaveCount(1);
  await expect(page.getByTestId('verifier-row')).toContainText(lowValue);
  await expect(page.getByTestId('verifier-row')).toContainText('Valor de recorrido');

  // Edit.
  await page.getByTestId('verifier-edit').click();
  await page.getByTestId('verifier-description-es').fill('Valor de recorrido editado');
  await page.getByTestId('verifier-save').click();
  await expect(page.getByText('Valor de referencia guardado')).toBeVisible();
  await expect(page.getByTestId('verifier-row')).toContainText('Valor de recorrido editado');
  await snap(page, 'verifier-3-edited');

  // Delete asks first; cancelling keeps the value, confirming removes it.
  await page.getByTestId('verifier-delete').click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar valor de referencia' });
  await expect(dialog).toContainText(lowValue);
  await snap(page, 'verifier-4-confirm-delete', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('verifier-row')).toHaveCount(1);
  await page.getByTestId('verifier-delete').click();
  await page.getByRole('dialog', { name: 'Eliminar valor de referencia' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`${lowValue} eliminado`)).toBeVisible();
  await expect(page.getByTestId('verifier-row')).toHaveCount(0);
  await expect(page.getByText('Ningún valor de referencia coincide')).toBeVisible();
  await snap(page, 'verifier-5-deleted-empty');
});

test('a nurse has no reference-value screen: no navigation entry, and the route answers "no access" inside the layout', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Pacientes' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Valores de referencia' })).toHaveCount(0);
  await page.goto('/Verifier');
  await expect(page.getByTestId('forbidden')).toContainText('No tiene acceso a esta página');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Pacientes' })).toBeVisible();
});

test('an office admin sees the tablets with office, patient and last contact, and the empty state', async ({ page }) => {
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.getByRole('navigation').getByRole('link', { name: 'Tabletas' }).click();
  await expect(page).toHaveURL(/\/tablets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tabletas' })).toBeVisible();
  // The demo data has no tablets (no endpoint registers one): the empty state.
  await expect(page.getByText(/No hay tabletas/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'tablets-1-empty');

  // The list as the API answers it: a page with two tablets of the admin's office, one on a real patient.
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('vigil.session'))) ?? '{}') as { sessionGuid: string; user: { hospitalsAssignedData: { id: number; hospitalName: string }[] } };
  const office = session.user.hospitalsAssignedData[0]!;
  const patients = await page.request.get(`/api/hospital/getrelatedpatientsforhospitalv4?page=1&pageSize=1&sort=lastName`, {
    headers: { SessionGuid: session.sessionGuid, hospitalid: String(office.id) },
  });
  const patient = ((await patients.json()) as { data: { items: { id: number; firstName: string; lastName: string }[] } }).data.items[0]!;
  const seen = new Date(Date.now() - 2 * 3600_000).toISOString();
  await page.route('**/api/tabletinfos/getalltabletinfos*', (route) =>
    route.fulfill({
      json: {
        resFlag: true,
        msg: '',
        data: {
          total: 2,
          items: [
            { id: 1, serialNumber: 'TAB-0001', model: 'Galaxy Tab A9', osVersion: 'Android 14', appVersion: '3.2.0', hospitalId: office.id, patientId: patient.id, hubId: null, lastSeenAt: seen },
            { id: 2, serialNumber: 'TAB-0002', model: 'Galaxy Tab A9', osVersion: 'Android 14', appVersion: '3.2.0', hospitalId: office.id, patientId: null, hubId: null, lastSeenAt: null },
          ],
        },
      },
    }),
  );
  await page.reload();
  const table = page.getByRole('table', { name: 'Tabletas' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(office.hospitalName);
  await expect(table.getByRole('link', { name: `${patient.firstName} ${patient.lastName}` })).toBeVisible();
  await expect(table.getByRole('row', { name: /TAB-0001/ })).toContainText(/hace 2 horas/);
  await expect(table.getByRole('row', { name: /TAB-0002/ })).toContainText('Nunca');
  await snap(page, 'tablets-2-list');
});

test('a render error in one screen shows the translated error element inside the layout, and the navigation still works', async ({ page }) => {
  await signIn(page, 'sysadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // A malformed answer (items is not a list) makes the screen throw while rendering.
  await page.route('**/api/verifier/getallverifiers*', (route) => route.fulfill({ json: { resFlag: true, msg: '', data: { items: 'broken', total: 1 } } }));
  await page.goto('/Verifier');
  const error = page.getByTestId('route-error');
  await expect(error).toContainText('No se pudo mostrar esta página');
  await expect(error.getByRole('button', { name: 'Recargar' })).toBeVisible();
  await expect(error.getByRole('button', { name: 'Volver' })).toBeVisible();
  // The layout stays: header and navigation, and another screen opens from it.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Organizaciones', exact: true })).toBeVisible();
  await snap(page, 'route-error-in-layout');
  await page.getByRole('navigation').getByRole('link', { name: 'Organizaciones', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organizaciones' })).toBeVisible();
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});
