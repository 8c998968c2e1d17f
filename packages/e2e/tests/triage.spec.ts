import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The triage journey (docs/patient-list.md, docs/dates.md): a hub that was offline uploads
// a patient's readings of the last days, including an abnormal one measured three hours ago; the
// nurse sorts /patients by reading days, saves it as her default view and finds it again after a
// reload; the worklist's Today shows the late reading marked "late" with both times.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// Generous waits: the journey uploads 21 readings through the hub endpoint first, and runs on a shared machine.
const expect = baseExpect.configure({ timeout: 60_000 });

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const HUB_IDENTIFIER = `E2E-TRIAGE-HUB-${unique}`;
const DEVICE_IDENTIFIER = `E2E-TRIAGE-BP-${unique}`;

const ctx: { patient: { id: number; lastName: string } } = {} as never;

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {},
): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${method} ${path}: ${JSON.stringify(body).slice(0, 400)}`).toBe(opts.status ?? 200);
  return body.data;
}

/** A locally administered unicast MAC address (02:…), different on every run. */
function randomMac(): string {
  const bytes = [0x02, ...Array.from({ length: 5 }, () => Math.floor(Math.random() * 256))];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** An instant as ISO 8601 with this machine's UTC offset ('2026-03-01T07:30:00-05:00'). */
function withOffset(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset >= 0 ? '+' : '-'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

test('a hub that was offline uploads its readings: the late abnormal one is on the worklist (Today, when the office\'s day is old enough for a reading to be both today and late) with both times', async ({ page, request }) => {
  const signInApi = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'officeadmin', password: DEMO_PASSWORD },
  });
  const asAdmin = { SessionGuid: signInApi.session.sessionGuid };
  const officeId = signInApi.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number; lastName: string; medicalTeam: { lastName: string }[] }[] }>(
    request,
    'GET',
    'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id',
    { headers: { ...asAdmin, hospitalid: officeId } },
  );
  const patient = patients.items.find((p) => p.medicalTeam.some((m) => m.lastName === 'Castillo'));
  expect(patient, 'a demo patient of office #1 with the demo nurse on the team').toBeTruthy();
  ctx.patient = { id: patient!.id, lastName: patient!.lastName };
  const hub = await api<{ id: number }>(request, 'POST', 'hub', {
    headers: asAdmin,
    status: 201,
    data: { hubIdentifier: HUB_IDENTIFIER, hubMAC: randomMac(), hubName: `Hub triage ${unique}`, hospitalId: officeId, assignedToUserId: ctx.patient.id },
  });
  const credential = await api<{ credential: string }>(request, 'POST', `hub/${hub.id}/credential`, { headers: asAdmin });
  await api(request, 'POST', 'medicaldevice', {
    headers: asAdmin,
    status: 201,
    data: { deviceIdentifier: DEVICE_IDENTIFIER, deviceType: 'BLOOD_PRESSURE', hospitalId: officeId, hubId: hub.id, patientId: ctx.patient.id },
  });

  // The hub reconnects and uploads what it stored: a normal reading on each of the last 20 days,
  // and a critical one measured three hours ago (received now: late).
  const reading = (at: Date, systolic: number) => ({
    deviceIdentifier: DEVICE_IDENTIFIER,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: withOffset(at),
    values: [
      { code: '8480-6', value: systolic, unit: 'mm[Hg]' },
      { code: '8462-4', value: systolic > 150 ? 124 : 78, unit: 'mm[Hg]' },
      { code: '8867-4', value: 72, unit: '/min' },
    ],
  });
  const now = Date.now();
  // "Today" is the office's calendar day (issue "a clinic's first day" section 4) and "late" is more
  // than LATE_READING_MINUTES (60) after measuring: three hours ago when that is still today in the
  // office, 65 minutes ago when only that is, and in the first 70 minutes of the office's day (no
  // reading can be both) three hours ago, looked for in the worklist's week.
  const office = await api<{ timeZone: string }>(request, 'GET', `hospital/${officeId}`, { headers: asAdmin });
  const [hh, mm] = new Intl.DateTimeFormat('en-GB', { timeZone: office.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now).split(':').map(Number);
  const minutesIntoDay = hh! * 60 + mm!;
  const lateAgoMs = minutesIntoDay >= 185 || minutesIntoDay < 70 ? 3 * 3_600_000 : 65 * 60_000;
  const worklistPath = minutesIntoDay < 70 ? '/monitoring?period=week' : '/monitoring';
  for (let d = 20; d >= 1; d--) {
    await api(request, 'POST', 'medicaldevicesdata', { headers: { HubToken: credential.credential }, data: reading(new Date(now - d * 86_400_000), 118) });
  }
  const late = await api<{ results: { status: string; severity?: number }[] }>(request, 'POST', 'medicaldevicesdata', {
    headers: { HubToken: credential.credential },
    data: reading(new Date(now - lateAgoMs), 186),
  });
  expect(late.results[0]).toMatchObject({ status: 'stored', severity: 2 });

  // The nurse's worklist, Today (the default period): the late reading is there, marked late, with both times.
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(worklistPath);
  await settled(page);
  // The most recent measurement of this patient's critical readings comes first (a re-run adds its own).
  const row = page.getByTestId('alert-row').filter({ hasText: ctx.patient.lastName }).filter({ hasText: '186/124' }).first();
  await expect(row).toBeVisible();
  const lateCell = row.getByTestId('late-reading');
  await expect(lateCell).toContainText('Tardía');
  await expect(lateCell).toContainText('Medida');
  await expect(lateCell).toContainText('Recibida');
  await expect(row).toContainText('lpm');
  await snap(page, 'triage-1-worklist-today-late-reading');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the nurse sorts the patient list by reading days, saves it as her default view, and it survives a reload', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/patients');
  await settled(page);
  const header = page.getByRole('columnheader', { name: 'Días con lecturas' });
  await expect(header).toBeVisible();
  // Most reading days first: two clicks (ascending, then descending).
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // The rows' reading days, once the sorted page has replaced the previous one: most first.
  const readingDays = async () => (await page.locator('tbody tr').allInnerTexts()).map((text) => Number(/(\d+) \/ 16/.exec(text)?.[1] ?? -1));
  await expect.poll(async () => {
    const days = await readingDays();
    return days.length > 1 && days.every((d, i) => i === 0 || days[i - 1]! >= d);
  }).toBe(true);
  await expect(page.locator('tbody tr').filter({ hasText: ctx.patient.lastName }).first()).toContainText(/\d+ \/ 16/);
  await snap(page, 'triage-2-patients-sorted-by-reading-days');

  await page.getByTestId('save-view').click();
  await expect(page.getByText('Se guardó su vista predeterminada de la lista de pacientes')).toBeVisible();

  await page.reload();
  await settled(page);
  await expect(page.getByRole('columnheader', { name: 'Días con lecturas' })).toHaveAttribute('aria-sort', 'descending');
  await snap(page, 'triage-3-patients-view-restored-after-reload');
  expect(await seriousViolations(page)).toEqual([]);
});
