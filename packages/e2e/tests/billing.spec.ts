import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, seriousViolations, signIn, snap } from './helpers';

// The billing browser journey (README "Care time, notes and billing"): a nurse tracks 20 minutes of
// RPM time including a call for a demo patient with 16 reading days; /billings shows 99454 and
// 99457 for that patient with their evidence; the office CSV downloads; a month to come refuses the
// download with the spec's rule. Each step builds on the one before (the same patient, hub,
// readings and time entry).
test.describe.configure({ mode: 'serial' });

/** The demo office's time zone (hospitals.time_zone): billing days and months are its calendar's. */
const OFFICE_TZ = 'America/New_York';
// The browser in the office's time zone, so that its "current month" (the /billings default) is the office's.
test.use({ timezoneId: OFFICE_TZ });

const unique = Date.now().toString(36).slice(-6).toUpperCase();
const HUB_IDENTIFIER = `E2E-BILL-HUB-${unique}`; // not 'SIM-': its readings are automatic, not simulated
const DEVICE_IDENTIFIER = `E2E-BILL-BP-${unique}`;
const NOTE = `Llamada con la paciente: revisamos juntas las lecturas de presión de este mes y la adherencia al plan (${unique}).`;
const ACTIVITY = 'Revisión de lecturas y llamada';
const DIAGNOSIS = 'I10';

const CSV_COLUMNS = [
  'Billing month',
  'Patient name',
  'Patient identifier',
  'MRN',
  'Date of birth',
  'Office',
  'Billing practitioner',
  'Billing practitioner NPI',
  'Program',
  'CPT/HCPCS code',
  'Units',
  'Dates of service',
  'ICD-10-CM diagnoses',
  'Amount (USD)',
];

/** What the setup builds and the later steps use. */
const ctx: {
  adminSession: string;
  officeId: number;
  officeName: string;
  patient: { id: number; firstName: string; lastName: string };
  doctor: { id: number; firstName: string; lastName: string };
  nurse: { firstName: string; lastName: string };
  /** The office's calendar days of the readings, oldest first; the last is the office's today. */
  readingDays: string[];
  today: string;
  year: number;
  month: number;
} = {} as never;

interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { headers?: Record<string, string | number>; data?: unknown; status?: number } = {},
): Promise<T> {
  const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await request.fetch(`/api/${path}`, { method, headers, data: opts.data });
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${method} ${path}: ${JSON.stringify(body).slice(0, 400)}`).toBe(opts.status ?? 200);
  expect(body.resFlag, `${method} ${path}: ${body.msg}`).toBe(true);
  return body.data;
}

type SignedIn = { session: { sessionGuid: string }; user: { id: number; firstName: string; lastName: string; hospitalAssignedData: { id: number; hospitalName?: string } | null } };

async function apiSignIn(request: APIRequestContext, username: string) {
  return api<SignedIn>(request, 'POST', 'auth/signinv3', { data: { username, password: DEMO_PASSWORD } });
}

/** A locally administered unicast MAC address (02:…), different on every run. */
function randomMac(): string {
  const bytes = [0x02, ...Array.from({ length: 5 }, () => Math.floor(Math.random() * 256))];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone. */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** An instant as ISO 8601 in a time zone, with its offset there ('2026-11-20T11:00:00-05:00'), as a hub in the office sends it. */
function isoIn(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** "Noviembre de 2026": the month as the Spanish month picker labels it. */
function spanishMonthLabel(year: number, month: number): string {
  const name = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${year}`;
}

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') { quoted = false; }
      else { field += c; }
    } else if (c === '"') { quoted = true; }
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else { field += c; }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Waits for a page to settle: its h1, no pending requests, no spinners. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

test('setup through the API: a non-simulated hub posts 16 reading days of a 30-day device period ending today, and the patient bills RPM with an authorised doctor', async ({
  request,
}) => {
  // The office admin picks a patient of office #1 whose team has the demo nurse (Nora Castillo)
  // and doctor (Diana Reyes). The monitoring journey uses the first such patient; this one the last.
  const admin = await apiSignIn(request, 'officeadmin');
  ctx.adminSession = admin.session.sessionGuid;
  ctx.officeId = admin.user.hospitalAssignedData!.id;
  const asAdmin = { SessionGuid: ctx.adminSession };
  const office = await api<{ hospitalName: string; timeZone: string }>(request, 'GET', `hospital/${ctx.officeId}`, { headers: asAdmin });
  expect(office.timeZone).toBe(OFFICE_TZ);
  ctx.officeName = office.hospitalName;

  const doctor = await apiSignIn(request, 'doctor');
  ctx.doctor = { id: doctor.user.id, firstName: doctor.user.firstName, lastName: doctor.user.lastName };
  const nurse = await apiSignIn(request, 'nurse');
  ctx.nurse = { firstName: nurse.user.firstName, lastName: nurse.user.lastName };

  const patients = await api<{
    items: {
      id: number;
      firstName: string;
      lastName: string;
      status: number;
      patientIdentifier: string;
      medicalTeam: { firstName: string; lastName: string }[];
    }[];
  }>(request, 'GET', 'hospital/getrelatedpatientsforhospitalv4?pageSize=100&sort=id', {
    headers: { ...asAdmin, hospitalid: ctx.officeId },
  });
  const onTeam = (p: (typeof patients.items)[number], who: { lastName: string }) => p.medicalTeam.some((m) => m.lastName === who.lastName);
  // Imported demo patients carry an identifier; patients other journeys register may not.
  const candidates = patients.items.filter((p) => p.status === 1 && p.patientIdentifier !== '' && onTeam(p, ctx.nurse) && onTeam(p, ctx.doctor));
  expect(candidates.length, 'an active demo patient of office #1 with the demo nurse and doctor on the team').toBeGreaterThan(0);
  const patient = candidates[candidates.length - 1]!;
  ctx.patient = { id: patient.id, firstName: patient.firstName, lastName: patient.lastName };

  // A hub (not 'SIM-'), its credential and a blood-pressure device for the patient.
  const hub = await api<{ id: number }>(request, 'POST', 'hub', {
    headers: asAdmin,
    status: 201,
    data: { hubIdentifier: HUB_IDENTIFIER, hubMAC: randomMac(), hubName: `Hub facturación e2e ${unique}`, hospitalId: ctx.officeId, assignedToUserId: ctx.patient.id },
  });
  const credential = await api<{ credential: string }>(request, 'POST', `hub/${hub.id}/credential`, { headers: asAdmin });
  await api<{ id: number }>(request, 'POST', 'medicaldevice', {
    headers: asAdmin,
    status: 201,
    data: { deviceIdentifier: DEVICE_IDENTIFIER, deviceType: 'BLOOD_PRESSURE', hospitalId: ctx.officeId, hubId: hub.id, patientId: ctx.patient.id },
  });

  // 16 distinct days in the office's calendar: the first 29 days ago, then every other day up to
  // today. The 30-day device period starts at the first automatic reading and ends today, so it is
  // billed in the current month (docs/billing-engine.md, "Windows").
  const todayReading = new Date(Date.now() - 2 * 60_000);
  ctx.today = dayIn(OFFICE_TZ, todayReading);
  const offsets = [29, ...Array.from({ length: 15 }, (_, i) => 28 - 2 * i)]; // 29, 28, 26, ..., 2, 0
  ctx.readingDays = offsets.map((k) => addDays(ctx.today, -k));
  expect(new Set(ctx.readingDays).size).toBe(16);
  [ctx.year, ctx.month] = ctx.today.split('-').slice(0, 2).map(Number) as [number, number];
  const readings = offsets.map((k, i) => ({
    deviceIdentifier: DEVICE_IDENTIFIER,
    deviceType: 'BLOOD_PRESSURE',
    // Past days at 16:00 UTC (11:00 or 12:00 in New York: the same calendar day); today two minutes ago.
    measuredAt: isoIn(OFFICE_TZ, k === 0 ? todayReading : new Date(`${ctx.readingDays[i]}T16:00:00Z`)),
    values: [
      { code: '8480-6', value: 118 + (i % 7), unit: 'mm[Hg]' },
      { code: '8462-4', value: 76 + (i % 5), unit: 'mm[Hg]' },
      { code: '8867-4', value: 68 + (i % 9), unit: '/min' },
    ],
  }));
  const ingest = await api<{ stored: number; results: { status: string }[] }>(request, 'POST', 'medicaldevicesdata', {
    headers: { HubToken: credential.credential },
    data: readings,
  });
  expect(ingest.results.map((r) => r.status)).toEqual(Array(16).fill('stored'));

  // The doctor may bill RPM in the office (user billing authorization), and is the patient's
  // billing practitioner for RPM (the profile's one billing type). A rerun on the same database
  // finds the authorization already there (409) and makes sure it includes RPM.
  const authorization = await request.fetch('/api/billingusersauthorization', {
    method: 'POST',
    headers: asAdmin,
    data: { userId: ctx.doctor.id, hospitalId: ctx.officeId, programs: ['RPM'] },
  });
  if (authorization.status() === 409) {
    const existing = await api<{ items: { id: number; programs: string[] }[] }>(
      request,
      'GET',
      `billingusersauthorization?hospitalid=${ctx.officeId}&userid=${ctx.doctor.id}`,
      { headers: asAdmin },
    );
    const row = existing.items[0]!;
    if (!row.programs.includes('RPM')) {
      await api(request, 'PUT', `billingusersauthorization/${row.id}`, { headers: asAdmin, data: { programs: [...row.programs, 'RPM'] } });
    }
  } else {
    expect(authorization.status(), await authorization.text()).toBe(201);
  }
  const profile = await api<{ billingType: string; billingPractitionerId: number; billingPractitionerName: string }>(request, 'PUT', 'billing/patientbillingprofile', {
    headers: { ...asAdmin, patientid: ctx.patient.id },
    data: { billingType: 'RPM', billingPractitionerId: ctx.doctor.id, diagnoses: [DIAGNOSIS] },
  });
  expect(profile).toMatchObject({ billingType: 'RPM', billingPractitionerId: ctx.doctor.id });

  // The live preview already has the device code for the period ending today, and no management time yet.
  const preview = await api<{
    readingDays: number;
    claims: { code: string; evidence: { period?: { start: string; end: string }; deviceDays?: number } }[];
    suppressed: { code: string; reasonText?: string }[];
  }>(request, 'GET', 'billing/getbillingdetailsforpatientformonth', {
    headers: { ...asAdmin, patientid: ctx.patient.id, hospitalid: ctx.officeId, month: ctx.month, year: ctx.year },
  });
  const device = preview.claims.find((c) => c.code === '99454');
  expect(device, `99454 in the preview: ${JSON.stringify(preview).slice(0, 600)}`).toBeTruthy();
  expect(device!.evidence.period).toMatchObject({ start: ctx.readingDays[0], end: ctx.today, complete: true });
  expect(device!.evidence.deviceDays).toBe(16);
  expect(preview.claims.map((c) => c.code)).not.toContain('99457');
});

test('the nurse adds 20:00 of RPM time with the real-time call on the patient’s page', async ({ page }) => {
  await signIn(page, 'nurse');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/patientdetails/${ctx.patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(ctx.patient.lastName) })).toBeVisible();
  const panel = page.getByTestId('care-time-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('tab-time')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByText('No hay tiempo registrado este mes')).toBeVisible();
  await snap(page, 'billing-1-nurse-patient-before');

  // "Add time manually": the timer cannot run 20 real minutes in a test.
  await panel.getByTestId('manual-open').click();
  const modal = page.getByRole('dialog', { name: 'Añadir tiempo manualmente' });
  await expect(modal).toBeVisible();
  await modal.getByTestId('manual-duration').fill('20:00');
  await expect(modal.getByTestId('manual-program')).toHaveValue(/^RPM/);
  // Spanish dates read day first (docs/dates.md): the office's today as dd/mm/aaaa.
  await expect(modal.getByTestId('manual-date')).toHaveValue(ctx.today.split('-').reverse().join('/'));
  await modal.getByTestId('manual-interactive').check();
  await modal.getByLabel('Actividad', { exact: true }).fill(ACTIVITY);
  await modal.getByTestId('manual-note').fill(NOTE);
  await snap(page, 'billing-2-nurse-manual-time-with-call', { fullPage: false });
  await modal.getByTestId('manual-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Tiempo añadido: 20:00').first()).toBeVisible();

  // The entry: 20:00, RPM, with the interactive call, manual, her name and the note.
  const entries = panel.getByTestId('time-entry');
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry.getByTestId('entry-time')).toHaveText('20:00');
  await expect(entry).toContainText('RPM');
  await expect(entry.getByTestId('entry-interactive')).toHaveText('Llamada interactiva');
  await expect(entry.getByTestId('entry-kind')).toHaveText('Manual');
  await expect(entry).toContainText(`${ctx.nurse.firstName} ${ctx.nurse.lastName} · ${ACTIVITY}`);
  await expect(entry.getByTestId('entry-note')).toContainText(unique);
  await snap(page, 'billing-3-nurse-entry-20-minutes-interactive');
});

test('the office admin generates the month on /billings: the patient has 99454 and 99457 with their evidence', async ({ page }) => {
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/billings');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  // The current month of the office by default, for the admin's office.
  await expect(page.getByTestId('billing-month')).toHaveValue(spanishMonthLabel(ctx.year, ctx.month));
  await expect(page.getByTestId('billing-scope')).toHaveValue(ctx.officeName);
  await settled(page);

  // Generate for the office, confirm, and follow the progress to the end.
  await page.getByTestId('generate-scope').click();
  const confirm = page.getByRole('dialog', { name: 'Generar la facturación' });
  await expect(confirm).toContainText(ctx.officeName);
  await confirm.getByRole('button', { name: 'Generar', exact: true }).click();
  const progress = page.getByTestId('generation-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(`Generación de ${ctx.officeName}`);
  // The bar stays with the result once the run ends, and a notification says so.
  const status = progress.getByTestId('generation-status');
  await expect(status).toHaveText(/^Terminado: (\d+) de \1 pacientes$/, { timeout: 60_000 });
  await expect(page.getByText(/^Facturación generada para \d+ pacientes?$/)).toBeVisible();
  await settled(page);
  await snap(page, 'billing-4-generation-finished');

  // The patient's row (searched by name): generated, with 99454 and 99457 (99453 may also appear).
  await page.getByLabel('Buscar pacientes').fill(ctx.patient.lastName);
  const row = page.getByTestId(`billing-row-${ctx.patient.id}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${ctx.patient.lastName}, ${ctx.patient.firstName}`);
  await expect(row).toContainText('RPM 20:00');
  await expect(row).toContainText('16');
  await expect(row).toContainText('Generado');
  const codes = row.locator('.mantine-Badge-root');
  await expect(codes.filter({ hasText: /^99454$/ })).toHaveCount(1);
  await expect(codes.filter({ hasText: /^99457$/ })).toHaveCount(1);
  // The notification of the run closes by itself (it would cover the details' title).
  await expect(page.getByText(/^Facturación generada para \d+ pacientes?$/)).toBeHidden();
  await settled(page);
  await snap(page, 'billing-5-summary-patient-row');
  expect(await seriousViolations(page), '/billings').toEqual([]);

  // The details with evidence: the practitioner, the codes, the reading days and the month's time.
  await row.click();
  const drawer = page.getByRole('dialog', { name: `${ctx.patient.firstName} ${ctx.patient.lastName} · ${spanishMonthLabel(ctx.year, ctx.month)}` });
  const details = drawer.getByTestId('billing-details');
  await expect(details).toBeVisible();
  await expect(details).toContainText(`Profesional de facturación: ${ctx.doctor.firstName} ${ctx.doctor.lastName}`);
  await expect(details).toContainText('Generado');
  const produced = details.getByRole('region', { name: /códigos? generados?$/ });
  await expect(produced.getByTestId('claim-99454')).toBeVisible();
  await expect(produced.getByTestId('claim-99457')).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Días con lecturas (16 días)' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Tiempo del mes: 20:00' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await snap(page, 'billing-6-details-practitioner-and-codes', { fullPage: false });

  // 99454: 16 device days in the period from the first reading to today, by the doctor (profile).
  const c99454 = produced.getByTestId('claim-99454');
  await c99454.getByRole('button').first().click();
  await expect(c99454.locator('tr', { hasText: 'Días de dispositivo' })).toContainText('16');
  await expect(c99454.locator('tr', { hasText: 'Profesional' })).toContainText(`${ctx.doctor.firstName} ${ctx.doctor.lastName} (perfil de facturación)`);
  const calendar = c99454.getByTestId('reading-days-calendar');
  await expect(calendar).toContainText(/16 días con lecturas/);
  await expect(calendar.getByRole('listitem')).toHaveCount(30);
  await expect(calendar.getByRole('listitem').filter({ hasText: ': Con lectura' })).toHaveCount(16);
  await calendar.scrollIntoViewIfNeeded();
  await snap(page, 'billing-7-details-99454-reading-days', { fullPage: false });

  // 99457: the nurse's 20-minute interactive entry with its note, by the same practitioner.
  const c99457 = produced.getByTestId('claim-99457');
  await c99457.getByRole('button').first().click();
  await expect(c99457.locator('tr', { hasText: 'Tiempo contado' })).toContainText('20:00');
  await expect(c99457.locator('tr', { hasText: 'Contacto interactivo' })).toContainText(new RegExp(`Sí, el .+ por ${ctx.nurse.firstName} ${ctx.nurse.lastName}$`));
  await expect(c99457.locator('tr', { hasText: 'Profesional' })).toContainText(`${ctx.doctor.firstName} ${ctx.doctor.lastName} (perfil de facturación)`);
  const timeRows = c99457.getByTestId('time-entries').locator('tbody tr');
  await expect(timeRows).toHaveCount(1);
  await expect(timeRows.first()).toContainText(`${ctx.nurse.firstName} ${ctx.nurse.lastName}`);
  await expect(timeRows.first()).toContainText(ACTIVITY);
  await expect(timeRows.first()).toContainText('20:00');
  await expect(timeRows.first()).toContainText('Sí');
  await expect(timeRows.first()).toContainText(/Nota n\.º \d+/);
  await c99457.getByTestId('time-entries').scrollIntoViewIfNeeded();
  await snap(page, 'billing-8-details-99457-time-entry', { fullPage: false });
  expect(await seriousViolations(page), '/billings patient details').toEqual([]);
});

test('the office CSV downloads with the documented columns and the patient’s 99454 and 99457', async ({ page }) => {
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/billings');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await settled(page);

  const downloadCsv = page.getByTestId('download-csv');
  await expect(downloadCsv).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadCsv.click()]);
  const ym = `${ctx.year}-${String(ctx.month).padStart(2, '0')}`;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^billing-${ym}-office-${ctx.officeId}-[a-z0-9-]+\\.csv$`));
  const bytes = await fs.readFile(await download.path());
  // Kept with the run's results (test-results/) for a reviewer to open.
  const kept = test.info().outputPath(download.suggestedFilename());
  await fs.writeFile(kept, bytes);
  await test.info().attach(download.suggestedFilename(), { path: kept, contentType: 'text/csv' });
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text).toContain('\r\n');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(CSV_COLUMNS);
  const col = (name: string) => CSV_COLUMNS.indexOf(name);
  const ours = rows.filter((r) => r[col('Patient name')] === `${ctx.patient.lastName}, ${ctx.patient.firstName}`);
  const byCode = new Map(ours.map((r) => [r[col('CPT/HCPCS code')]!, r]));
  expect([...byCode.keys()], 'the patient’s billable codes').toEqual(expect.arrayContaining(['99454', '99457']));
  for (const code of ['99454', '99457']) {
    const r = byCode.get(code)!;
    expect(r[col('Billing month')]).toBe(ym);
    expect(r[col('Patient identifier')]).not.toBe('');
    expect(r[col('Date of birth')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r[col('Office')]).toBe(ctx.officeName);
    expect(r[col('Billing practitioner')]).toBe(`${ctx.doctor.lastName}, ${ctx.doctor.firstName}`);
    expect(r[col('Program')]).toBe('RPM');
    expect(r[col('Units')]).toBe('1');
    expect(r[col('ICD-10-CM diagnoses')]).toBe(DIAGNOSIS);
    expect(r[col('Amount (USD)')]).toMatch(/^\d+\.\d{2}$/);
  }
  // 99454's date of service is the device period's last day: today.
  expect(byCode.get('99454')![col('Dates of service')]).toBe(ctx.today);
  await snap(page, 'billing-9-csv-downloaded');
});

test('a month to come refuses the CSV with the spec’s rule', async ({ page, request }) => {
  await signIn(page, 'officeadmin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/billings');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await settled(page);

  // Next month in the month picker.
  const next = ctx.month === 12 ? { year: ctx.year + 1, month: 1 } : { year: ctx.year, month: ctx.month + 1 };
  await page.getByTestId('billing-month').click();
  await page.getByRole('option', { name: spanishMonthLabel(next.year, next.month), exact: true }).click();
  await expect(page.getByTestId('billing-month')).toHaveValue(spanishMonthLabel(next.year, next.month));
  await expect(page).toHaveURL(new RegExp(`month=${next.year}-${String(next.month).padStart(2, '0')}`));

  // The rule, visible, and the download (and generation) disabled.
  const rule = page.getByTestId('upcoming-rule');
  await expect(rule).toBeVisible();
  await expect(rule.getByText('No se puede descargar el CSV de meses futuros', { exact: true })).toBeVisible();
  await expect(page.getByTestId('download-csv')).toBeDisabled();
  await expect(page.getByTestId('generate-scope')).toBeDisabled();
  await settled(page);
  await snap(page, 'billing-10-upcoming-month-refused');

  // The server refuses it too, with the spec's wording (HTTP 400).
  const res = await request.fetch('/api/billing/generatemultiplecsvhospitalpatientsformonthV2', {
    headers: { SessionGuid: ctx.adminSession, hospitalid: String(ctx.officeId), month: String(next.month), year: String(next.year), 'Accept-Language': 'en' },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as Envelope<unknown>;
  expect(body.resFlag).toBe(false);
  expect(body.msg).toBe('CSV cannot be downloaded for upcoming months');
});
