import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The visits journey: a doctor's calendar with a video visit of a demo patient; a second visit at
// the same time is refused with the clash named; the appointment drawer; the patient's visits on
// /patientdetails. Each step builds on the one before.
test.describe.configure({ mode: 'serial' });

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

const ctx: { session: string; officeId: number; doctorId: number; patient: { id: number; firstName: string; lastName: string }; day: string; appointmentId: number } = {} as never;

async function signInApi(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/signinv3', { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as Envelope<{ session: { sessionGuid: string }; user: { id: number; hospitalAssignedData: { id: number } } }>).data;
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

/** A day two days ahead, as YYYY-MM-DD (the office's local day is the same calendar day at 10:00). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a doctor schedules a video visit for a demo patient; the same time again is refused naming the clash', async ({ page, request }) => {
  const doctor = await signInApi(request, 'doctor');
  ctx.session = doctor.session.sessionGuid;
  ctx.officeId = doctor.user.hospitalAssignedData.id;
  ctx.doctorId = doctor.user.id;
  const patients = await request.get('/api/hospital/getrelatedpatientsforhospitalv4?pageSize=5&sort=lastName', { headers: { SessionGuid: ctx.session, hospitalid: String(ctx.officeId) } });
  const first = ((await patients.json()) as Envelope<{ items: { id: number; firstName: string; lastName: string }[] }>).data.items[0]!;
  ctx.patient = first;
  ctx.day = dayAhead(2);

  await signIn(page, 'doctor');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto('/appointments');
  await settled(page);
  await page.getByTestId('appointment-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('appointment-patient').click();
  await page.getByRole('option', { name: `${first.firstName} ${first.lastName}` }).first().click();
  const [y, m, d] = ctx.day.split('-');
  const date = dialog.getByTestId('appointment-date');
  await date.fill(`${d}/${m}/${y}`);
  await date.press('Tab');
  await dialog.getByTestId('appointment-time').fill('10:00');
  await dialog.getByTestId('appointment-save').click();
  await expect(dialog).toBeHidden();

  // The same doctor at 10:15 the same day: refused, naming the doctor and the booked time.
  await page.getByTestId('appointment-new').click();
  await dialog.getByTestId('appointment-patient').click();
  await page.getByRole('option', { name: `${first.firstName} ${first.lastName}` }).first().click();
  await date.fill(`${d}/${m}/${y}`);
  await date.press('Tab');
  await dialog.getByTestId('appointment-time').fill('10:15');
  await dialog.getByTestId('appointment-save').click();
  await expect(dialog.getByTestId('appointment-error')).toContainText('10:00');
  await expect(dialog.getByTestId('appointment-error')).toContainText('10:30');
  await snap(page, 'visits-clash', { fullPage: false });
  await page.screenshot({ path: '/tmp/visits-clash.png' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The calendar's day view of that day shows the visit; the drawer opens from it.
  await page.getByRole('button', { name: /next|siguiente/i }).click();
  await page.getByRole('button', { name: /next|siguiente/i }).click();
  const event = page.getByRole('button', { name: new RegExp(`${first.lastName}, ${first.firstName}`) }).first();
  await expect(event).toBeVisible();
  await page.screenshot({ path: '/tmp/visits-calendar.png', fullPage: true });
  await snap(page, 'visits-calendar');
  expect(await seriousViolations(page)).toEqual([]);
  await event.click();
  await expect(page.getByTestId('appointment-drawer')).toBeVisible();
  const list = await request.get(`/api/appointments?doctorId=${ctx.doctorId}&status=SCHEDULED`, { headers: { SessionGuid: ctx.session } });
  const found = ((await list.json()) as Envelope<{ appointmentId: number; localDate: string; localTime: string; patient: { id: number } }[]>).data.find(
    (a) => a.localDate === ctx.day && a.localTime === '10:00' && a.patient.id === first.id,
  );
  expect(found).toBeTruthy();
  ctx.appointmentId = found!.appointmentId;
  await page.screenshot({ path: '/tmp/visits-drawer.png' });
});

test("the patient's page lists the visit", async ({ page }) => {
  await signIn(page, 'doctor');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  await settled(page);
  const panel = page.getByTestId('patient-visits');
  await expect(panel).toContainText(`${ctx.day} 10:00`);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/visits-patient.png' });
});

test('a tampered invitation link and a staff member of another office are refused with a clear page', async ({ page, request, browser }) => {
  // A real invitation for the visit, created by its doctor; the patient's link opens the waiting room.
  const res = await request.post('/api/appointments/invitations', { headers: { SessionGuid: ctx.session }, data: { appointmentId: ctx.appointmentId, send: true } });
  const body = (await res.json()) as Envelope<{ url: string }>;
  expect(res.status(), body.msg).toBe(201);
  const guest = await browser.newContext({ locale: 'es-ES' });
  const guestPage = await guest.newPage();
  await guestPage.goto(body.data.url);
  await expect(guestPage.getByTestId('visit-waiting')).toBeVisible();
  await guestPage.screenshot({ path: '/tmp/visits-waiting.png' });
  // The same link with one character changed: refused, nothing of the visit shown.
  const token = body.data.url.split('#invite=')[1]!;
  const tampered = body.data.url.replace(token, token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
  await guestPage.goto('about:blank');
  await guestPage.goto(tampered);
  await expect(guestPage.getByTestId('visit-refused')).toContainText('no es válido');
  await guestPage.screenshot({ path: '/tmp/visits-tampered.png' });
  await guest.close();
  // doctor2 works in another office: the visit reads as not found.
  await signIn(page, 'doctor2');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(new URL(body.data.url).pathname);
  await expect(page.getByTestId('visit-refused')).toBeVisible();
  await page.screenshot({ path: '/tmp/visits-foreign-staff.png' });
});
