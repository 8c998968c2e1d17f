import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The facility dashboard's journey (docs/dashboards.md): the demo nurse opens /dashboardFacility
// from the navigation; a hub posts an abnormal blood pressure for a patient of her office; the
// readings today and the open alerts rise on the open page, without a reload.

const unique = Date.now().toString(36).slice(-6).toUpperCase();

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {}): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const text = await res.text();
  expect(res.status(), `${method} ${path}: ${text.slice(0, 400)}`).toBe(opts.status ?? 200);
  return (JSON.parse(text) as { data: T }).data;
}

function randomMac(): string {
  const bytes = [0x02, ...Array.from({ length: 5 }, () => Math.floor(Math.random() * 256))];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** Resolves when the page's real-time socket has been accepted (the server's `ready`). */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && /"type"\s*:\s*"ready"/.test(frame.payload)) { resolve(); }
      });
    });
  });
}

const figure = (page: Page, id: string) => page.getByTestId(`${id}-value`);

test('the facility dashboard shows live figures after a hub posts readings', async ({ page, request }) => {
  test.slow();
  // A hub and a blood-pressure device for a patient of office #1 whose team has the demo nurse.
  const admin = await api<{ session: { sessionGuid: string }; user: { hospitalAssignedData: { id: number } | null } }>(request, 'POST', 'auth/signinv3', {
    data: { username: 'officeadmin', password: DEMO_PASSWORD },
  });
  const asAdmin = { SessionGuid: admin.session.sessionGuid };
  const officeId = admin.user.hospitalAssignedData!.id;
  const patients = await api<{ items: { id: number; medicalTeam: { lastName: string }[] }[] }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', {
    headers: { ...asAdmin, hospitalid: officeId },
  });
  const patient = patients.items.find((p) => p.medicalTeam.some((m) => m.lastName === 'Castillo'));
  expect(patient, 'a demo patient with the demo nurse on the team').toBeTruthy();
  const hub = await api<{ id: number }>(request, 'POST', 'hub', {
    headers: asAdmin,
    status: 201,
    data: { hubIdentifier: `E2E-DASH-HUB-${unique}`, hubMAC: randomMac(), hubName: `Hub dashboard ${unique}`, hospitalId: officeId, assignedToUserId: patient!.id },
  });
  const credential = await api<{ credential: string }>(request, 'POST', `hub/${hub.id}/credential`, { headers: asAdmin });
  const deviceIdentifier = `E2E-DASH-BP-${unique}`;
  await api(request, 'POST', 'medicaldevice', {
    headers: asAdmin,
    status: 201,
    data: { deviceIdentifier, deviceType: 'BLOOD_PRESSURE', hospitalId: officeId, hubId: hub.id, patientId: patient!.id },
  });

  // The nurse opens the facility dashboard from the navigation, in English.
  await page.goto('/auth/login');
  await page.context().addCookies([{ name: 'vigil_lang', value: 'en', url: new URL(page.url()).origin }]);
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const ready = realtimeReady(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Facility dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Facility dashboard' })).toBeVisible();
  await ready;
  await expect(figure(page, 'fig-readings')).toHaveText(/^\d+$/);
  const readingsBefore = Number(await figure(page, 'fig-readings').textContent());
  const alertsBefore = Number(await figure(page, 'fig-alerts').textContent());
  await expect(page.getByTestId('chart-programs')).toBeVisible();
  await snap(page, 'dashboards-1-facility-before');
  await page.screenshot({ path: '/tmp/audit-dashboard-before.png', fullPage: true });

  // The hub posts two readings, the second abnormal; the nurse's page gets the alert on its socket
  // and the figures follow without a reload.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  for (const [minutesAgo, sys, dia] of [
    [1, 128, 82],
    [0, 188, 126],
  ] as const) {
    await api(request, 'POST', 'medicaldevicesdata', {
      headers: { HubToken: credential.credential },
      data: {
        deviceIdentifier,
        deviceType: 'BLOOD_PRESSURE',
        measuredAt: at(minutesAgo),
        values: [
          { code: '8480-6', value: sys, unit: 'mm[Hg]' },
          { code: '8462-4', value: dia, unit: 'mm[Hg]' },
          { code: '8867-4', value: 80, unit: '/min' },
        ],
      },
    });
  }
  await expect(figure(page, 'fig-readings')).toHaveText(String(readingsBefore + 2), { timeout: 15_000 });
  await expect(figure(page, 'fig-alerts')).toHaveText(String(alertsBefore + 1));
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'dashboards-2-facility-after-readings');
  await page.screenshot({ path: '/tmp/audit-dashboard-after.png', fullPage: true });

  // The open alerts figure leads to the worklist of the office.
  await page.getByTestId('fig-alerts').getByRole('link').click();
  await expect(page).toHaveURL(/\/monitoring\?period=ALL&office=\d+/);
});
