import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfText } from '../../api/test/pdf-text';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The CCM browser journey (docs/ccm.md): a nurse switches to CCM mode for a demo patient with two
// chronic conditions, records verbal consent, writes a care plan with two goals, adds an allergy
// and a vaccine, logs 25 minutes of CCM time with a call; /billings shows 99490 with the consent
// and the time as evidence; the care plan PDF downloads with every CMS element; deleting an older
// CCM record is refused with the spec's message (section 5). In Spanish, the default.
test.describe.configure({ mode: 'serial' });

/** The demo office's time zone: billing months are its calendar's, and the browser runs in it. */
const OFFICE_TZ = 'America/New_York';
test.use({ timezoneId: OFFICE_TZ });

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const OBTAINED_BY = 'Enfermera del equipo CCM';
const ACTIVITY = `Llamada de seguimiento CCM ${unique}`;
const PLAN_TITLE = `Plan integral ${unique}`;
const CHRONIC = ['E11.9', 'I10'];

const ctx: {
  officeId: number;
  patient: { id: number; firstName: string; lastName: string; language: string };
  nurseSession: string;
  olderRecordId: number;
  year: number;
  month: number;
} = {} as never;

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${method} ${path}: ${JSON.stringify(body).slice(0, 400)}`).toBe(opts.status ?? 200);
  return body.data;
}

type SignedIn = { session: { sessionGuid: string }; user: { id: number; firstName: string; lastName: string; hospitalAssignedData: { id: number } | null } };
const apiSignIn = (request: APIRequestContext, username: string) => api<SignedIn>(request, 'POST', 'auth/signinv3', { data: { username, password: DEMO_PASSWORD } });

/** The office's calendar day and the local 'YYYY-MM-DDTHH:mm' of an instant. */
function localIn(timeZone: string, at: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { day: `${p.year}-${p.month}-${p.day}`, local: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}` };
}

/** Waits for a page to settle: no pending requests, no spinners. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
}

/** Picks `option` in the Select whose input has test id `testId` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('setup through the API: a demo patient with two chronic conditions billed for CCM by an authorised doctor, and an older CCM record', async ({ request }) => {
  const admin = await apiSignIn(request, 'officeadmin');
  const asAdmin = { SessionGuid: admin.session.sessionGuid };
  ctx.officeId = admin.user.hospitalAssignedData!.id;
  const doctor = await apiSignIn(request, 'doctor');
  const nurse = await apiSignIn(request, 'nurse');
  ctx.nurseSession = nurse.session.sessionGuid;

  const patients = await api<{ items: { id: number; firstName: string; lastName: string; status: number; medicalTeam: { lastName: string }[] }[] }>(
    request,
    'GET',
    'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id',
    { headers: { ...asAdmin, hospitalid: ctx.officeId } },
  );
  const onTeam = (p: (typeof patients.items)[number], lastName: string) => p.medicalTeam.some((m) => m.lastName === lastName);
  // An active patient of the office other than the last (the allergy journey's) and the RPM billing journey's.
  const billingPatient = patients.items.filter((x) => x.status === 1 && onTeam(x, nurse.user.lastName) && onTeam(x, doctor.user.lastName)).at(-1)?.id;
  const p = patients.items.filter((x) => x.status === 1 && x.id !== billingPatient && x.id !== patients.items.at(-1)?.id).at(-1);
  expect(p, 'an active demo patient of office #1').toBeTruthy();
  const user = await api<{ language: string }>(request, 'GET', `user/${p!.id}`, { headers: asAdmin });
  ctx.patient = { id: p!.id, firstName: p!.firstName, lastName: p!.lastName, language: user.language };

  // The doctor may bill CCM; the patient's billing profile is CCM with two chronic conditions (E11.9, I10).
  const authorization = await request.fetch('/api/billingusersauthorization', { method: 'POST', headers: asAdmin, data: { userId: doctor.user.id, hospitalId: ctx.officeId, programs: ['CCM'] } });
  if (authorization.status() === 409) {
    const existing = await api<{ items: { id: number; programs: string[] }[] }>(request, 'GET', `billingusersauthorization?hospitalid=${ctx.officeId}&userid=${doctor.user.id}`, { headers: asAdmin });
    const row = existing.items[0]!;
    if (!row.programs.includes('CCM')) { await api(request, 'PUT', `billingusersauthorization/${row.id}`, { headers: asAdmin, data: { programs: [...row.programs, 'CCM'] } }); }
  } else {
    expect(authorization.status(), await authorization.text()).toBe(201);
  }
  await api(request, 'PUT', 'billing/patientbillingprofile', {
    headers: { ...asAdmin, patientid: ctx.patient.id },
    data: { billingType: 'CCM', billingPractitionerId: doctor.user.id, diagnoses: CHRONIC },
  });

  // An older CCM record (a month ago): the one whose deletion the spec refuses.
  const now = localIn(OFFICE_TZ, new Date());
  [ctx.year, ctx.month] = now.day.split('-').slice(0, 2).map(Number) as [number, number];
  const older = localIn(OFFICE_TZ, new Date(Date.now() - 40 * 86_400_000)).day;
  const record = await api<{ id: number }>(request, 'POST', 'ccmrecord', {
    headers: { SessionGuid: ctx.nurseSession },
    status: 201,
    data: { patientId: ctx.patient.id, hospitalId: ctx.officeId, recordDate: older },
  });
  ctx.olderRecordId = record.id;
});

test('the nurse switches to CCM mode, records verbal consent, writes a care plan with two goals, adds an allergy and a vaccine and logs 25 minutes with a call', async ({ page }) => {
  test.setTimeout(360_000); // six forms with a screenshot each and an axe scan
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(ctx.patient.lastName) })).toBeVisible({ timeout: 30_000 });

  // RPM is the default: no CCM record on the page until the nurse switches to CCM.
  const mode = page.getByTestId('mode-switch');
  await expect(mode.getByRole('radio', { name: 'RPM' })).toBeChecked();
  await settled(page);
  await expect(page.getByTestId('ccm-panel')).toHaveCount(0);
  await mode.getByText('CCM', { exact: true }).click();
  const panel = page.getByTestId('ccm-panel');
  await expect(panel).toBeVisible();

  // A new record for this month (the older one stays in the list).
  await panel.getByTestId('ccm-open-record').click();
  await expect(page.getByText('Registro CCM abierto')).toBeVisible();
  const overview = panel.getByTestId('ccm-record-overview');
  await expect(overview.getByTestId('ccm-consent-badge')).toHaveText('No hay consentimiento de CCM registrado');
  // The chronic conditions are the diagnoses feature's one count (problem list and billing profile:
  // E11.9 and I10), before the record's own conditions section has a row (docs/chronic-conditions.md).
  await expect(overview.getByTestId('ccm-chronic-count')).toHaveText('2 afecciones crónicas');
  await expect(panel.getByTestId('ccm-sections-index').getByRole('listitem')).toHaveCount(18);
  await expect(panel.getByText('Sin consentimientos en este registro CCM')).toBeVisible();

  // Verbal consent, by phone, today.
  await panel.getByTestId('ccmconsentform-add').click();
  const consent = page.getByRole('dialog', { name: 'Añadir consentimiento' });
  await expect(consent.getByTestId('ccmconsentform-consentType')).toHaveValue('Verbal');
  await pick(page, consent, 'ccmconsentform-method', 'Por teléfono');
  await consent.getByTestId('ccmconsentform-save').click();
  await expect(consent.getByText('Este campo es obligatorio')).toBeVisible(); // obtained by
  await consent.getByTestId('ccmconsentform-obtainedBy').fill(OBTAINED_BY);
  await snap(page, 'ccm-record-1-verbal-consent', { fullPage: false });
  await consent.getByTestId('ccmconsentform-save').click();
  await expect(consent).toBeHidden();
  await expect(panel.getByTestId('ccmconsentform-row')).toHaveCount(1);
  await expect(panel.getByTestId('ccmconsentform-row')).toContainText(`Obtenido por ${OBTAINED_BY}`);
  await expect(overview.getByTestId('ccm-consent-badge')).toContainText('Consentimiento verbal');

  // The care plan with every CMS element and two goals.
  await panel.getByTestId('ccmcareplan-add').click();
  const plan = page.getByRole('dialog', { name: 'Añadir plan de cuidados' });
  await plan.getByTestId('ccmcareplan-title').fill(PLAN_TITLE);
  await plan.getByTestId('ccmcareplan-problemList').fill('Diabetes mellitus tipo 2 (E11.9); hipertensión esencial (I10)');
  await plan.getByTestId('ccmcareplan-expectedOutcome').fill('Glucosa y presión arterial estables en casa');
  await plan.getByTestId('ccmcareplan-prognosis').fill('Buen pronóstico con adherencia');
  await plan.getByTestId('ccmcareplan-goals-0-description').fill('HbA1c por debajo de 7 %');
  await plan.getByTestId('ccmcareplan-goals-0-measure').fill('HbA1c');
  await plan.getByTestId('ccmcareplan-goals-add').click();
  await plan.getByTestId('ccmcareplan-goals-1-description').fill('Presión arterial por debajo de 130/80');
  await plan.getByTestId('ccmcareplan-symptomManagement').fill('Registrar hipoglucemias; llamar si hay mareos');
  await plan.getByTestId('ccmcareplan-interventions-0-description').fill('Revisión telefónica mensual de las lecturas');
  await plan.getByTestId('ccmcareplan-interventions-0-responsible').fill(OBTAINED_BY);
  await plan.getByTestId('ccmcareplan-medicationManagement').fill('Metformina 500 mg dos veces al día; lisinopril 10 mg una vez al día');
  await plan.getByTestId('ccmcareplan-communityServices').fill('Clase de educación diabetológica en el centro comunitario');
  await plan.getByTestId('ccmcareplan-coordination').fill('Derivación a endocrinología; resultados compartidos con cardiología');
  const review = localIn(OFFICE_TZ, new Date(Date.now() + 90 * 86_400_000)).day;
  await plan.getByTestId('ccmcareplan-reviewDate').fill(review.split('-').reverse().join('/'));
  await plan.getByTestId('ccmcareplan-reviewDate').press('Tab');
  await snap(page, 'ccm-record-2-care-plan-form', { fullPage: false });
  await plan.getByTestId('ccmcareplan-save').click();
  await expect(plan).toBeHidden();
  const planRow = panel.getByTestId('ccmcareplan-row');
  await expect(planRow).toHaveCount(1);
  await expect(planRow).toContainText(PLAN_TITLE);
  await expect(planRow).toContainText('2 objetivos: HbA1c por debajo de 7 %; Presión arterial por debajo de 130/80');

  // An allergy.
  await panel.getByTestId('allergy-add').click();
  const allergy = page.getByRole('dialog', { name: 'Añadir alergia' });
  await allergy.getByTestId('allergy-allergen').fill('Penicilina G');
  await allergy.getByTestId('allergy-reaction').fill('Urticaria');
  await allergy.getByTestId('allergy-save').click();
  await expect(allergy).toBeHidden();
  await expect(panel.getByTestId('allergy-row')).toHaveCount(1);

  // A vaccine given today.
  await panel.getByTestId('ccmvaccine-add').click();
  const vaccine = page.getByRole('dialog', { name: 'Añadir vacuna' });
  await pick(page, vaccine, 'ccmvaccine-cvxCode', 'Influenza, estacional, inyectable');
  await vaccine.getByTestId('ccmvaccine-lotNumber').fill(`L-${unique}`);
  await vaccine.getByTestId('ccmvaccine-save').click();
  await expect(vaccine).toBeHidden();
  await expect(panel.getByTestId('ccmvaccine-row')).toContainText('Influenza, estacional, inyectable');
  await expect(panel.getByTestId('ccmvaccine-row')).toContainText(`Lote L-${unique}`);

  // 25 minutes of CCM time with a call, started 40 minutes ago.
  await panel.getByTestId('ccmtimelogentry-add').click();
  const time = page.getByRole('dialog', { name: 'Registrar tiempo CCM' });
  await time.getByTestId('ccmtimelogentry-startedAt').fill(localIn(OFFICE_TZ, new Date(Date.now() - 40 * 60_000)).local);
  await time.getByTestId('ccmtimelogentry-minutes').fill('25');
  await time.getByTestId('ccmtimelogentry-activity').fill(ACTIVITY);
  await time.getByTestId('ccmtimelogentry-interactive').check();
  await snap(page, 'ccm-record-3-time-25-minutes-call', { fullPage: false });
  await time.getByTestId('ccmtimelogentry-save').click();
  await expect(time).toBeHidden();
  await expect(panel.getByTestId('ccmtimelogentry-row')).toContainText('25 minutos');
  await expect(panel.getByTestId('ccmtimelogentry-row')).toContainText('Llamada');

  // The header: consent on file, 25 minutes past the 20-minute mark.
  await expect(overview).toContainText('25 minutos de CCM este mes');
  await expect(overview).toContainText('Alcanzada la marca de 20 minutos');

  // The record's timeline, newest first; filtered to calls it shows the 25 minutes.
  const timeline = panel.getByTestId('ccm-timeline');
  await expect(timeline).toContainText('Inicio del registro CCM');
  await expect(timeline).toContainText('Añadido a Consentimientos');
  await pick(page, timeline, 'ccm-timeline-kind', 'Llamada');
  await expect(timeline).toContainText(ACTIVITY);
  await expect(timeline).toContainText('25 minutos');
  await expect(timeline).not.toContainText('Inicio del registro CCM');
  await timeline.scrollIntoViewIfNeeded();
  await snap(page, 'ccm-record-3b-timeline-calls', { fullPage: false });
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'ccm-record-4-record-filled');
  expect(await seriousViolations(page)).toEqual([]);
});

test('/billings shows 99490 for the patient with the consent and the 25 minutes as evidence', async ({ page }) => {
  test.slow(); // a generation run for the office
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/billings');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await settled(page);
  await page.getByTestId('generate-scope').click();
  await page.getByRole('dialog', { name: 'Generar la facturación' }).getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(page.getByTestId('generation-progress').getByTestId('generation-status')).toHaveText(/^Terminado: (\d+) de \1 pacientes$/, { timeout: 90_000 });
  await settled(page);

  await page.getByLabel('Buscar pacientes').fill(ctx.patient.lastName);
  const row = page.getByTestId(`billing-row-${ctx.patient.id}`);
  await expect(row).toBeVisible();
  await expect(row.locator('.mantine-Badge-root').filter({ hasText: /^99490$/ })).toHaveCount(1);
  await row.click();
  const details = page.getByTestId('billing-details');
  await expect(details).toBeVisible();
  const claim = details.getByTestId('claim-99490');
  await expect(claim).toBeVisible();
  await claim.getByRole('button').first().click();
  await expect(claim.getByTestId('evidence-consent')).toContainText(`Consentimiento verbal el`);
  await expect(claim.getByTestId('evidence-consent')).toContainText(`obtenido por ${OBTAINED_BY}`);
  await expect(claim.locator('tr', { hasText: 'Tiempo contado' })).toContainText('25:00');
  const timeRows = claim.getByTestId('time-entries').locator('tbody tr');
  await expect(timeRows.filter({ hasText: ACTIVITY })).toHaveCount(1);
  await expect(timeRows.filter({ hasText: ACTIVITY })).toContainText('25:00');
  await claim.getByTestId('evidence-consent').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await snap(page, 'ccm-record-5-billings-99490-consent-and-time', { fullPage: false });
  expect(await seriousViolations(page), '/billings patient details').toEqual([]);
});

test('the care plan PDF downloads with every CMS element, and deleting the older CCM record is refused with the spec’s message', async ({ page, request }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  // The selected mode is kept per browser (spec section 4 "Selected mode"): this is a new one, so RPM.
  await page.getByTestId('mode-switch').getByText('CCM', { exact: true }).click();
  const panel = page.getByTestId('ccm-panel');
  await expect(panel).toBeVisible();
  const planRow = panel.getByTestId('ccmcareplan-row');
  await expect(planRow).toContainText(PLAN_TITLE);

  // The PDF through the button: a download of a PDF whose text has every CMS element in the patient's language.
  const [download] = await Promise.all([page.waitForEvent('download'), planRow.getByTestId('ccmcareplan-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^care-plan-\d+\.pdf$/);
  const bytes = await fs.readFile(await download.path());
  const kept = test.info().outputPath(download.suggestedFilename());
  await fs.writeFile(kept, bytes);
  await test.info().attach(download.suggestedFilename(), { path: kept, contentType: 'application/pdf' });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(bytes).join('\n');
  const elements =
    ctx.patient.language === 'ENG'
      ? ['Problem list', 'Expected outcome', 'Prognosis', 'Measurable goals', 'Symptom management', 'Planned interventions', 'Medication management', 'Community and social services', 'Coordination with outside providers', 'Schedule for review']
      : ['Lista de problemas', 'Resultado esperado', 'Pronóstico', 'Objetivos medibles', 'Manejo de síntomas', 'Intervenciones planificadas', 'Manejo de medicamentos', 'Servicios comunitarios y sociales', 'Coordinación con proveedores externos', 'Calendario de revisión'];
  for (const element of elements) { expect(text, element).toContain(element); }
  for (const value of ['1. HbA1c por debajo de 7 %', '2. Presión arterial por debajo de 130/80', 'Revisión telefónica mensual de las lecturas', OBTAINED_BY]) { expect(text).toContain(value); }
  // The same endpoint answers application/pdf.
  const planId = Number(await planRow.getAttribute('data-row-id'));
  const res = await request.fetch('/api/ccmcareplan/getcareplanpdf', { headers: { SessionGuid: ctx.nurseSession, careplanid: String(planId) } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');

  // The older record cannot be deleted: the spec's message, and it stays.
  await panel.getByTestId('ccm-record-select').click();
  await page.getByRole('option', { name: new RegExp(`(#|n\\.º )${ctx.olderRecordId}\\)$`) }).click(); // "(n.º 1)" in Spanish
  await panel.getByTestId('ccm-record-delete').click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar registro CCM' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Este registro de CCM no es el más reciente: solo se puede eliminar el registro de CCM más reciente')).toBeVisible();
  const records = await api<{ id: number }[]>(request, 'GET', 'ccmrecord/getbypatientid', { headers: { SessionGuid: ctx.nurseSession, patientid: ctx.patient.id } });
  expect(records.map((r) => r.id)).toContain(ctx.olderRecordId);
  await snap(page, 'ccm-record-6-older-record-delete-refused', { fullPage: false });
});
