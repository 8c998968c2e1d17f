import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The layout and accessibility pass (docs/accessibility.md): the skip link is the first Tab stop
// and lands in the main region; /patients fits 1280 and 1440 px and a tablet, with a column
// chooser that is remembered; the monitoring worklist has one too; the "to confirm" badges of
// /billingsettings pass axe's colour-contrast rule made strict; chart axes fit their numbers on
// /OaReports and /dashboardsystemadmin; staff have a visible way out of the video room.

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

async function signedIn(page: Page, username: string) {
  await signIn(page, username);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await settled(page);
}

/** The header cell's box is inside the viewport (not cut off on the right, no horizontal scroll needed). */
async function inViewport(page: Page, cell: Locator) {
  const box = await cell.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the column header is rendered').toBeTruthy();
  expect(box!.x + box!.width, `${await cell.textContent()} ends within ${width} px`).toBeLessThanOrEqual(width);
}

test('the skip link is the first Tab stop and moves focus to the main region', async ({ page }) => {
  await signedIn(page, 'nurse');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await snap(page, 'layout-1-skip-link', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  // The next Tab stop is inside the main region, not in the header or the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('/patients shows minutes, open alerts, programs and actions at 1280 and 1440 px and on a tablet; the column chooser is remembered', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, 'nurse');
  await page.goto('/patients');
  await settled(page);
  const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
  await expect(header('Minutos de atención')).toBeVisible();
  for (const name of ['Nombre', 'Minutos de atención', 'Alertas abiertas', 'Programas', 'Acciones']) { await inViewport(page, header(name)); }
  await snap(page, 'layout-2-patients-1280', { fullPage: false });

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(header('Equipo de atención')).toBeVisible();
  for (const name of ['Nombre', 'Equipo de atención', 'Minutos de atención', 'Alertas abiertas', 'Programas', 'Acciones']) { await inViewport(page, header(name)); }
  await snap(page, 'layout-3-patients-1440', { fullPage: false });

  // A tablet held landscape: the name, minutes, alerts, programs and actions still fit.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(header('Equipo de atención')).toBeHidden();
  for (const name of ['Nombre', 'Minutos de atención', 'Alertas abiertas', 'Programas', 'Acciones']) { await inViewport(page, header(name)); }
  await snap(page, 'layout-4-patients-tablet', { fullPage: false });

  // The column chooser: the care team back on, programs off; kept after a reload.
  await page.getByTestId('column-chooser').click();
  await page.getByRole('checkbox', { name: 'Equipo de atención' }).check();
  await page.getByRole('checkbox', { name: 'Programas' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(header('Equipo de atención')).toBeVisible();
  await expect(header('Programas')).toHaveCount(0);
  await page.reload();
  await settled(page);
  await expect(header('Equipo de atención')).toBeVisible();
  await expect(header('Programas')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'layout-5-patients-columns-chosen', { fullPage: false });
});

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const text = await res.text();
  expect(res.status(), `${method} ${path}: ${text.slice(0, 400)}`).toBe(opts.status ?? 200);
  return (JSON.parse(text) as { data: T }).data;
}

/** A hub posts an abnormal blood pressure for a patient of office #1 whose team has the demo nurse: one open alert on her worklist. */
async function abnormalReading(request: APIRequestContext) {
  const unique = Date.now().toString(36).slice(-6).toUpperCase();
  const mac = [0x02, ...Array.from({ length: 5 }, () => Math.floor(Math.random() * 256))].map((b) => b.toString(16).padStart(2, '0')).join(':');
  const admin = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } } }>(request, 'POST', 'auth/signinv3', { data: { username: 'officeadmin', password: DEMO_PASSWORD } });
  const asAdmin = { SessionGuid: admin.session.sessionGuid };
  const officeId = admin.user.hospitalAssignedData.id;
  const patients = await api<{ items: { id: number; medicalTeam: { lastName: string }[] }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', { headers: { ...asAdmin, hospitalid: officeId } });
  const patient = patients.items.find((p) => p.medicalTeam.some((m) => m.lastName === 'Castillo'))!;
  const hub = await api<{ id: number }>(request, 'POST', 'hub', { headers: asAdmin, status: 201, data: { hubIdentifier: `E2E-LAYOUT-HUB-${unique}`, hubMAC: mac, hubName: `Hub layout ${unique}`, hospitalId: officeId, assignedToUserId: patient.id } });
  const credential = await api<{ credential: string }>(request, 'POST', `hub/${hub.id}/credential`, { headers: asAdmin });
  const deviceIdentifier = `E2E-LAYOUT-BP-${unique}`;
  await api(request, 'POST', 'medicaldevice', { headers: asAdmin, status: 201, data: { deviceIdentifier, deviceType: 'BLOOD_PRESSURE', hospitalId: officeId, hubId: hub.id, patientId: patient.id } });
  await api(request, 'POST', 'medicaldevicesdata', {
    headers: { HubToken: credential.credential },
    data: {
      deviceIdentifier,
      deviceType: 'BLOOD_PRESSURE',
      measuredAt: new Date().toISOString(),
      values: [
        { code: '8480-6', value: 188, unit: 'mm[Hg]' },
        { code: '8462-4', value: 126, unit: 'mm[Hg]' },
        { code: '8867-4', value: 80, unit: '/min' },
      ],
    },
  });
}

test('the monitoring worklist has a column chooser that is remembered', async ({ page, request }) => {
  await abnormalReading(request);
  await signedIn(page, 'nurse');
  // All periods and statuses: the demo data's alerts are not all of today.
  await page.goto('/monitoring?period=all&processed=all');
  await settled(page);
  await expect(page.getByTestId('alert-row').first()).toBeVisible();
  await page.getByTestId('column-chooser').click();
  await expect(page.getByRole('checkbox', { name: 'Hora' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Hora' }).uncheck();
  await snap(page, 'layout-6-monitoring-column-chooser', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.goto('/monitoring?period=all&processed=all');
  await settled(page);
  await expect(page.getByRole('columnheader', { name: 'Alerta', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hora', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the "to confirm" badges on /billingsettings pass the strict colour-contrast check', async ({ page }) => {
  await signedIn(page, 'orgadmin');
  await page.goto('/billingsettings');
  await settled(page);
  const badge = page.getByTestId('to-be-confirmed').first();
  await expect(badge).toBeVisible();
  expect(await page.getByTestId('to-be-confirmed').count()).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await badge.scrollIntoViewIfNeeded();
  await snap(page, 'layout-7-billing-settings-badges', { fullPage: false });
});

/** Each Y tick label of a chart starts inside the chart's drawing (none is cut at the left edge). */
async function yLabelsFit(chart: Locator) {
  const svg = await chart.locator('svg.recharts-surface').first().boundingBox();
  const labels = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  const n = await labels.count();
  expect(n, 'the Y axis has tick labels').toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const box = (await labels.nth(i).boundingBox())!;
    expect(box.x, `Y label "${await labels.nth(i).textContent()}" starts inside the chart`).toBeGreaterThanOrEqual(svg!.x - 0.5);
  }
  return labels.allTextContents();
}

/**
 * No two X tick labels of a chart overlap and none is cut at the chart's left edge. Straight labels:
 * their boxes do not meet. Slanted labels (all turned by the same angle) are parallel lines of text:
 * they stay apart when the distance between neighbouring ticks times sin(angle) exceeds the text's
 * height (the boxes of turned text always meet, so they are not compared).
 */
async function xLabelsApart(chart: Locator) {
  const svg = (await chart.locator('svg.recharts-surface').first().boundingBox())!;
  const labels = await chart.locator('.recharts-xAxis-tick-labels text.recharts-cartesian-axis-tick-value').evaluateAll((texts) =>
    texts.map((el) => {
      const r = el.getBoundingClientRect();
      const turn = /rotate\((-?[\d.]+)/.exec(el.getAttribute('transform') ?? '');
      return { x: Number(el.getAttribute('x')), angle: turn ? Number(turn[1]) : 0, left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: Number.parseFloat(getComputedStyle(el).fontSize) };
    }),
  );
  expect(labels.length).toBeGreaterThan(1);
  for (const l of labels) { expect(l.left, 'an X label starts inside the chart').toBeGreaterThanOrEqual(svg.x - 0.5); }
  for (let i = 1; i < labels.length; i++) {
    const [a, b] = [labels[i - 1]!, labels[i]!];
    if (a.angle === 0) {
      expect(a.right <= b.left + 0.5 || a.bottom <= b.top || b.bottom <= a.top, `X labels ${i} and ${i + 1} overlap`).toBe(true);
    } else {
      expect((b.x - a.x) * Math.abs(Math.sin((a.angle * Math.PI) / 180)), `slanted X labels ${i} and ${i + 1} are closer than a line of text`).toBeGreaterThanOrEqual(a.height);
    }
  }
}

test('chart axes fit their numbers on /OaReports', async ({ page }) => {
  await signedIn(page, 'orgadmin');
  await page.goto('/OaReports');
  await settled(page);
  const charts = page.locator('[data-testid^="chart-report-"]');
  await expect(charts.first()).toBeVisible();
  const all: string[] = [];
  for (let i = 0; i < (await charts.count()); i++) { all.push(...(await yLabelsFit(charts.nth(i)))); }
  // The largest tick is written whole: with its thousands separator when it has four digits.
  expect(all.some((l) => /^\d{1,3}([.,\s\u00a0]\d{3})+$/.test(l) || /^\d{1,3}$/.test(l))).toBe(true);
  await snap(page, 'layout-8-oa-reports-axes');
});

test('the job labels stay apart on /dashboardsystemadmin', async ({ page }) => {
  await signedIn(page, 'sysadmin');
  await page.goto('/dashboardsystemadmin');
  await settled(page);
  const jobs = page.getByTestId('chart-jobs');
  await expect(jobs).toBeVisible();
  await yLabelsFit(jobs);
  await xLabelsApart(jobs);
  await jobs.scrollIntoViewIfNeeded();
  await snap(page, 'layout-9-system-dashboard-jobs', { fullPage: false });
});

async function signInApi(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/signinv3', { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { session: { sessionGuid: string }; user: { id: number; hospitalAssignedData: { id: number } } } }).data;
}

test('staff see a back control and, in the call, a leave control in the video room', async ({ page, request }) => {
  test.slow();
  const doctor = await signInApi(request, 'doctor');
  const headers = { SessionGuid: doctor.session.sessionGuid, hospitalid: String(doctor.user.hospitalAssignedData.id) };
  const patients = await request.get('/api/hospital/getrelatedpatientsforhospitalv4?pageSize=5&sort=id', { headers });
  const patient = ((await patients.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
  // A video visit 40 to 60 days ahead at a random quarter hour: a rerun books a free slot.
  const at = new Date(Date.now() + (40 + Math.floor(Math.random() * 20)) * 86_400_000);
  at.setUTCHours(14, 15 * Math.floor(Math.random() * 4), 0, 0);
  const created = await request.post('/api/appointments', {
    headers,
    data: { hospitalId: doctor.user.hospitalAssignedData.id, patientId: patient.id, doctorId: doctor.user.id, appointmentDateTime: at.toISOString(), durationMinutes: 15, kind: 'VIDEO' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const appointmentId = ((await created.json()) as { data: { appointmentId: number } }).data.appointmentId;

  await signedIn(page, 'doctor');
  await page.goto(`/videoRoom/${doctor.user.hospitalAssignedData.id}/${patient.id}/${appointmentId}`);
  await expect(page.getByTestId('visit-staff')).toBeVisible();
  await expect(page.getByTestId('visit-back')).toBeVisible();
  await expect(page.getByTestId('visit-back')).toHaveText('Volver a las citas');
  await expect(page.getByTestId('visit-leave')).toBeVisible();
  await expect(page.getByTestId('visit-leave')).toHaveText('Salir de la visita');
  await snap(page, 'layout-10-video-room-leave', { fullPage: false });
  await page.getByTestId('visit-leave').click();
  await expect(page).toHaveURL(/\/appointments$/);
  await settled(page);
});
