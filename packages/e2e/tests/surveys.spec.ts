import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, screenshotDir, seriousViolations, signIn, snap } from './helpers';

// The survey journey (assessments): a nurse assigns a monthly PHQ-9 to a demo patient of her care
// team and sends the patient a link; the patient answers in a fresh browser (phone-sized), saving
// part of it first, with a total of 17 and item 9 positive; the nurse's open /monitoring shows the
// urgent mental-health alert without a reload; the patient's trend chart shows the score. Then the
// /wellnessassessments screen: the locked PHQ-9, a template built and reordered by keyboard, and
// the mental-health list. Each step builds on the one before.
test.describe.configure({ mode: 'serial' });

const unique = Date.now().toString(36).slice(-5).toUpperCase();
/** PHQ-9 answers by item (scores 0-3): 3+3+3+3+3+1+0+0+1 = 17 (moderately severe), item 9 = 1 ("several days"); the difficulty question 1. */
const PHQ9_ANSWERS = [3, 3, 3, 3, 3, 1, 0, 0, 1, 1];

const ctx: { patient: { id: number; firstName: string; lastName: string }; link: string; revokedLink: string } = {} as never;

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(request: APIRequestContext, path: string, headers: Record<string, string | number>): Promise<T> {
  const res = await request.get(`/api/${path}`, { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])) });
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Resolves when the page's real-time socket has been accepted (the server answers init with `ready`). Call before the navigation that opens it. */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && /"type"\s*:\s*"ready"/.test(frame.payload)) { resolve(); }
      });
    });
  });
}

/** Waits for a page to settle: its h1, no pending requests, no spinners. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

test('a nurse assigns a monthly PHQ-9 to a patient of her team and copies the answer link', async ({ page, request }) => {
  const res = await request.post('/api/auth/signinv3', { data: { username: 'nurse', password: DEMO_PASSWORD } });
  const nurse = ((await res.json()) as Envelope<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } } }>).data;
  const patients = await api<{ items: { id: number; firstName: string; lastName: string; medicalTeam: { lastName: string }[] }[] }>(
    request,
    'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=-id',
    { SessionGuid: nurse.session.sessionGuid, hospitalid: nurse.user.hospitalAssignedData.id },
  );
  const patient = patients.items.find((p) => p.medicalTeam.some((m) => m.lastName === 'Castillo'));
  expect(patient, 'a demo patient with the demo nurse (Nora Castillo) on the care team').toBeTruthy();
  ctx.patient = { id: patient!.id, firstName: patient!.firstName, lastName: patient!.lastName };

  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  const panel = page.getByTestId('patient-surveys');
  await expect(panel.getByRole('heading', { name: 'Evaluaciones' })).toBeVisible();

  await panel.getByTestId('patient-survey-assign').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('assign-template').click();
  await page.getByRole('option', { name: /^PHQ-9/ }).click();
  await expect(dialog.getByTestId('assign-recurrence')).toHaveValue('Mensual');
  await snap(page, 'surveys-01-assign', { fullPage: false });
  await dialog.getByTestId('assign-save').click();
  await expect(dialog).toBeHidden();

  // The first survey is due today: it is listed as open (oldest due first, so after any earlier
  // open PHQ-9 of the demo data), and the nurse makes a link for the patient.
  const row = panel.getByTestId('open-survey-row').filter({ hasText: 'PHQ-9' }).last();
  await expect(row).toBeVisible();
  await expect(row).toContainText('0/10');
  // A first link is revoked (after a confirmation) and stops working; a second one goes to the patient.
  await row.getByTestId('survey-link').click();
  const linkDialog = page.getByRole('dialog', { name: /Enlace para el paciente/ });
  await linkDialog.getByTestId('survey-link-create').click();
  const url = linkDialog.getByTestId('survey-link-url');
  await expect(url).toHaveValue(/\/survey#token=[A-Za-z0-9_-]+$/);
  ctx.revokedLink = await url.inputValue();
  await linkDialog.getByTestId('survey-link-revoke').click();
  await page.getByRole('dialog', { name: '¿Revocar este enlace?' }).getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(linkDialog.getByTestId('survey-link-row')).toContainText('Revocado');
  await linkDialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(linkDialog).toBeHidden();

  await row.getByTestId('survey-link').click();
  await linkDialog.getByTestId('survey-link-create').click();
  await expect(url).toHaveValue(/\/survey#token=[A-Za-z0-9_-]+$/);
  ctx.link = await url.inputValue();
  expect(ctx.link).not.toBe(ctx.revokedLink);
  await expect(linkDialog.getByTestId('survey-link-row')).toHaveCount(2);
  await expect(linkDialog.getByTestId('survey-link-row').first()).toContainText('Activo');
  await snap(page, 'surveys-02-link', { fullPage: false });
  await linkDialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the patient answers through the link in a fresh browser (17, item 9 positive); the nurse sees the urgent alert live; the trend shows the score', async ({
  page,
  browser,
}) => {
  // The nurse keeps /monitoring open; its socket is accepted before the patient answers.
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const ready = realtimeReady(page);
  await page.goto('/monitoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitorización' })).toBeVisible();
  await ready;
  const alerts = page.getByTestId('mental-health-alert').filter({ hasText: 'Puntuación 17' });
  await expect(alerts).toHaveCount(0);

  // A fresh browser, phone-sized, no session: the public page opens the one survey.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const patientPage = await phone.newPage();
  // The revoked link says so plainly.
  await patientPage.goto(ctx.revokedLink);
  await expect(patientPage.getByTestId('public-survey-unavailable')).toContainText('El enlace ha caducado o fue revocado');
  await snap(patientPage, 'surveys-03-public-revoked');
  await patientPage.goto(ctx.link);
  const form = patientPage.getByTestId('public-survey');
  await expect(patientPage.getByRole('heading', { level: 1, name: /PHQ-9/ })).toBeVisible();
  await expect(patientPage.getByText(`Hola, ${ctx.patient.firstName}`)).toBeVisible();
  const questions = form.getByTestId('survey-question');
  await expect(questions).toHaveCount(10);

  // Part of it, saved, survives a reload (partial answers are kept).
  for (let i = 0; i < 4; i++) { await questions.nth(i).getByRole('radio').nth(PHQ9_ANSWERS[i]!).check(); }
  await form.getByTestId('public-survey-save').click();
  await expect(form.getByTestId('public-survey-message')).toHaveText('Respuestas guardadas');
  await patientPage.reload();
  await expect(questions.nth(3).getByRole('radio').nth(3)).toBeChecked();
  await expect(form.getByText('4 de 10 respondidas')).toBeVisible();
  for (let i = 4; i < PHQ9_ANSWERS.length; i++) { await questions.nth(i).getByRole('radio').nth(PHQ9_ANSWERS[i]!).check(); }
  await expect(form.getByText('10 de 10 respondidas')).toBeVisible();
  await snap(patientPage, 'surveys-03-public-answering');
  expect(await seriousViolations(patientPage)).toEqual([]);
  await form.getByTestId('public-survey-submit').click();
  await patientPage.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
  await expect(patientPage.getByTestId('public-survey-done')).toBeVisible();
  await snap(patientPage, 'surveys-04-public-done');

  // The same link again: already submitted; the page speaks English too.
  await patientPage.reload();
  await expect(patientPage.getByTestId('public-survey-done')).toBeVisible();
  await patientPage.getByText('EN', { exact: true }).click();
  await expect(patientPage.getByTestId('public-survey-done')).toContainText('Your answers have been sent to your care team');
  await phone.close();

  // The nurse's open worklist shows the urgent alert, with the score and the item 9 answer, without a reload.
  await expect(alerts).toHaveCount(1, { timeout: 15_000 });
  await expect(alerts).toContainText('Urgente: respuesta de salud mental');
  // The item 9 answer as the alert carries it (additionalData.item9Answer: the API stores the English text).
  await expect(alerts).toContainText(/ítem 9: «.+»/);
  const alertRow = page.getByTestId('alert-row').filter({ has: alerts });
  await expect(alertRow).toContainText(ctx.patient.lastName);
  await snap(page, 'surveys-05-monitoring-alert');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', /sin leer/);

  // The patient's page: the PHQ-9 trend shows 17 as the latest score, in the moderately severe band.
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  const trend = page.getByTestId('score-trend').filter({ hasText: 'PHQ-9' });
  await expect(trend).toBeVisible();
  await expect(trend).toContainText('Última 17 / 27');
  await expect(trend.getByTestId('score-trend-table').getByRole('row').nth(1)).toContainText('17');
  await expect(trend.getByTestId('score-trend-table').getByRole('row').nth(1)).toContainText('Ítem 9 positivo');
  await settled(page);
  await snap(page, 'surveys-06-patient-page');
  // A tall viewport so the panel is captured whole (an element taller than the viewport is stitched under the fixed header).
  await page.setViewportSize({ width: 1366, height: 2400 });
  await page.getByTestId('patient-surveys').screenshot({ path: `${screenshotDir}/surveys-06-trend.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('/wellnessassessments: the locked PHQ-9, a template built and reordered by keyboard, and the mental-health list', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/wellnessassessments');
  await expect(page.getByRole('heading', { level: 1, name: 'Evaluaciones de bienestar' })).toBeVisible();
  const rows = page.getByTestId('template-row');
  await expect(rows.filter({ hasText: 'PHQ-9' }).first()).toBeVisible();
  await settled(page);
  await snap(page, 'surveys-07-templates');
  expect(await seriousViolations(page)).toEqual([]);

  // The validated instrument opens read-only, with its bands, and no delete button.
  await expect(rows.filter({ hasText: /^PHQ-9/ }).getByTestId('template-delete')).toHaveCount(0);
  await rows.filter({ hasText: /PHQ-9 \(/ }).first().click();
  const drawer = page.getByTestId('template-builder');
  await expect(drawer.getByTestId('template-locked')).toBeVisible();
  await expect(drawer.getByTestId('question-card')).toHaveCount(10);
  await expect(drawer.getByTestId('move-up')).toHaveCount(0);
  await expect(drawer.getByText('Depresión moderadamente grave (15-19)')).toBeVisible();
  await snap(page, 'surveys-08-phq9-locked', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A new office template with two questions, reordered with the move buttons from the keyboard.
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-name').fill(`Seguimiento ${unique}`);
  await page.getByTestId('template-create').click();
  await expect(drawer).toBeVisible();
  for (const text of ['¿Cómo ha dormido?', '¿Ha tomado la medicación?']) {
    await drawer.getByTestId('question-text').fill(text);
    await drawer.getByTestId('question-type').click();
    await page.getByRole('option', { name: 'Texto libre' }).click();
    await drawer.getByTestId('question-save').click();
    await expect(drawer.getByTestId('question-card').filter({ hasText: text })).toBeVisible();
  }
  const cards = drawer.getByTestId('question-card');
  await expect(cards.nth(0)).toContainText('dormido');
  await drawer.getByRole('button', { name: 'Bajar: ¿Cómo ha dormido?' }).focus();
  await page.keyboard.press('Enter');
  await expect(cards.nth(0)).toContainText('medicación');
  await expect(cards.nth(1)).toContainText('dormido');
  await drawer.getByRole('tab', { name: 'Vista previa' }).click();
  await expect(drawer.getByTestId('template-preview').getByTestId('survey-question').nth(0)).toContainText('1. ¿Ha tomado la medicación?');
  await snap(page, 'surveys-09-builder-preview', { fullPage: false });
  await page.keyboard.press('Escape');

  // The order was stored: reopening shows it. Then the template is deleted after a confirmation.
  const ours = rows.filter({ hasText: `Seguimiento ${unique}` });
  await ours.click();
  await expect(drawer.getByTestId('question-card').nth(0)).toContainText('medicación');
  await page.keyboard.press('Escape');
  await ours.getByTestId('template-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(ours).toHaveCount(0);

  // The mental-health list: ranked by latest risk (default sort); the patient who just scored 17
  // shows as moderately severe with item 9 positive.
  await page.getByTestId('tab-mental').click();
  await expect(page.getByRole('columnheader', { name: 'Último riesgo' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('mental-row').first()).toBeVisible();
  await snap(page, 'surveys-10-mental-health');
  await page.getByRole('textbox', { name: 'Buscar pacientes' }).fill(ctx.patient.lastName);
  const first = page.getByTestId('mental-row').filter({ hasText: ctx.patient.firstName }).first();
  await expect(first).toContainText(ctx.patient.lastName);
  await expect(first).toContainText('Moderadamente grave');
  await expect(first).toContainText('Ítem 9 positivo');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('staff enter answers with the patient on the phone: partial answers kept, submitted once', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  const panel = page.getByTestId('patient-surveys');
  // The nurse assigns a GAD-7 (its first occurrence is open at once), then answers it with the patient.
  await panel.getByTestId('patient-survey-assign').click();
  const assign = page.getByRole('dialog');
  await assign.getByTestId('assign-template').click();
  await page.getByRole('option', { name: /^GAD-7/ }).click();
  await assign.getByTestId('assign-save').click();
  await expect(assign).toBeHidden();
  const openGad7 = panel.getByTestId('open-survey-row').filter({ hasText: 'GAD-7' });
  await expect(openGad7.first()).toBeVisible();
  // A demo patient may already have an open GAD-7 of the demo data: the submitted one leaves the list.
  const openBefore = await openGad7.count();
  const row = openGad7.first();
  await row.getByTestId('survey-answer').click();
  const dialog = page.getByRole('dialog', { name: /GAD-7/ });
  const form = dialog.getByTestId('staff-survey');
  const questions = form.getByTestId('survey-question');
  // count() does not wait: the dialog's questions first (they load with the survey).
  await expect(questions.nth(6)).toBeVisible();
  const count = await questions.count();
  expect(count).toBeGreaterThanOrEqual(7);

  // Two answers saved, the dialog closed: the survey is in progress with them.
  for (let i = 0; i < 2; i++) { await questions.nth(i).getByRole('radio').nth(1).check(); }
  await form.getByTestId('staff-survey-save').click();
  await expect(form.getByTestId('staff-survey-message')).toHaveText('Respuestas guardadas');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(row).toContainText(`En curso · 2/${count}`);

  // Reopened, the saved answers are there; a submission without the required ones is stopped in the browser.
  await row.getByTestId('survey-answer').click();
  await expect(questions.nth(1).getByRole('radio').nth(1)).toBeChecked();
  await form.getByTestId('staff-survey-submit').click();
  await expect(form.getByTestId('staff-survey-message')).toContainText('obligatori');
  for (let i = 2; i < count; i++) { await questions.nth(i).getByRole('radio').nth(1).check(); }
  await snap(page, 'surveys-11-staff-entry', { fullPage: false });
  await form.getByTestId('staff-survey-submit').click();
  await page.getByRole('dialog', { name: '¿Enviar la encuesta?' }).getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(/Encuesta enviada\. Puntuación 7/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(openGad7).toHaveCount(openBefore - 1);
  expect(await seriousViolations(page)).toEqual([]);
});
