import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// CCM files and FHIR (docs/ccm.md "Files", "FHIR"): on a patient's page the demo nurse opens a
// CCM record, imports a FHIR bundle into it (an upload job in the transfer tray, spec section 3),
// sees a bad bundle refused with the reason in a failed job (section 4), and exports the record as
// a FHIR Bundle (a download job). In Spanish, the default.

interface Envelope<T> {
  resFlag: boolean;
  data: T;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string | number>; data?: unknown } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.ok(), `${method} ${path}`).toBe(true);
  return body.data;
}

const bundle = (observedOn: string) =>
  JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Condition', clinicalStatus: { coding: [{ code: 'active' }] }, code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10', display: 'Essential (primary) hypertension' }] } } },
      { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Cacahuate' }, category: ['food'] } },
      { resource: { resourceType: 'Observation', status: 'final', category: [{ coding: [{ code: 'laboratory' }] }], code: { coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }] }, effectiveDateTime: observedOn, valueQuantity: { value: 7.4, unit: '%' } } },
    ],
  });

test('the nurse imports a FHIR bundle into a CCM record and exports it, with transfer jobs', async ({ page, request }) => {
  test.slow();
  const nurse = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'nurse', password: DEMO_PASSWORD },
  });
  const officeId = nurse.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', {
    headers: { SessionGuid: nurse.session.sessionGuid, hospitalid: officeId },
  });
  const patient = patients.items.at(-2)!; // the CCM allergy journey uses the last one

  await signIn(page, 'nurse');
  await page.goto(`/patientdetails/${patient.id}`);
  const panel = page.getByTestId('ccm-panel');
  await expect(panel.getByRole('heading', { name: 'Gestión de atención crónica (CCM)' })).toBeVisible();
  await panel.getByTestId('ccm-open-record').click();
  await expect(panel.getByTestId('ccm-record-select')).toBeVisible();

  // A bundle with a malformed date: refused, nothing imported; the failed job says why.
  const actions = panel.getByTestId('ccm-fhir-actions');
  const chooser = page.waitForEvent('filechooser');
  await actions.getByRole('button', { name: 'Importar bundle FHIR' }).click();
  await (await chooser).setFiles({ name: 'malo.json', mimeType: 'application/json', buffer: Buffer.from(bundle('01/12/2025')) });
  const tray = page.getByTestId('transfer-tray');
  const failed = tray.getByTestId('transfer-job').filter({ hasText: 'malo.json' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText('La entrada 2 (Observation) del bundle no es válida: no se importó nada');

  // A good bundle: the upload job completes at 100 %.
  const chooser2 = page.waitForEvent('filechooser');
  await actions.getByRole('button', { name: 'Importar bundle FHIR' }).click();
  await (await chooser2).setFiles({ name: 'paciente.json', mimeType: 'application/json', buffer: Buffer.from(bundle('2025-12-01')) });
  const done = tray.getByTestId('transfer-job').filter({ hasText: 'paciente.json' });
  await expect(done).toHaveAttribute('data-status', 'completed');
  await expect(done).toContainText('Completada · 100 %');
  await expect(panel.getByText('Alergias (1)')).toBeVisible();

  // Export: a download job, and the file is a FHIR Bundle.
  const download = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Exportar FHIR' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ccm-record-\d+\.fhir\.json$/);
  const exported = tray.getByTestId('transfer-job').filter({ hasText: '.fhir.json' });
  await expect(exported).toHaveAttribute('data-status', 'completed');
  await expect(exported.locator('[aria-label="Descarga"]')).toBeVisible();
  await snap(page, 'ccm-files-1-transfer-tray', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
});
