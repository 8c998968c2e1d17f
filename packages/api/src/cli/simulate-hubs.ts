/**
 * `npm run simulate-hubs [-- --days N]`: a lively demo (README "Remote monitoring",
 * docs/demo-data.md "Simulated readings"). Against the running portal at VIGIL_URL (default
 * http://localhost:8080), signed in as the demo `sysadmin` (VIGIL_DEMO_PASSWORD, default the demo
 * password), for every active patient with a medical team: ensures a simulated hub
 * `SIM-P<patientId>` in the team's office assigned to the patient, issues it a fresh ingestion
 * credential, ensures its four devices (blood pressure, weight, glucose, SpO2), then posts the
 * readings of the last N days (default 30) through the real ingestion path
 * (`POST medicaldevicesdata` with the hub's `HubToken`), marked simulated. Values follow the
 * patient's own baseline (their latest imported readings, else their metadata weight, else typical
 * values) with some abnormal values and some missed days. Re-running repeats nothing: readings are
 * deterministic per patient and day, and the server stores each identity once.
 *
 * Prints counts and patient ids only (no names). Exit code 1 when the portal cannot be reached or
 * sign-in fails.
 */
import {
  isMfaChallenge,
  auth,
  buildPath,
  devices,
  measurements,
  medicalTeams,
  metadata,
  users,
  type EndpointDef,
  type EndpointResponse,
  type IngestResponse,
} from '@vigil/contract';
import { DEMO_PASSWORD } from '../seed/demo';
import { planReadings, simulatedIdentifiers, simulatedMac, typicalBaseline, type Baseline } from './simulate-hubs.plan';

const BASE = (process.env.VIGIL_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const SIM_TYPES = ['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2'] as const;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
  }
}

interface CallOptions {
  params?: Record<string, string | number>;
  headers?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  auth: { sessionguid: string } | { hubtoken: string } | null;
}

/** Calls one contract endpoint (path from its declaration), retrying network errors; answers `data`. */
async function call<D extends EndpointDef>(def: D, opts: CallOptions): Promise<EndpointResponse<D>> {
  const qs = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  const url = `${BASE}/api/${buildPath(def.path, opts.params)}${qs}`;
  const headers: Record<string, string> = { 'accept-language': 'en', ...(opts.auth ?? {}) };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  if (opts.body !== undefined) { headers['content-type'] = 'application/json'; }
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { method: def.method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      if (attempt >= 5) { throw err; }
      await new Promise((r) => setTimeout(r, 500 * attempt));
      continue;
    }
    const text = await res.text();
    if (!res.ok) { throw new HttpError(res.status, text.slice(0, 300)); }
    return (JSON.parse(text) as { data: EndpointResponse<D> }).data;
  }
}

type Auth = { sessionguid: string };

async function allPatients(session: Auth) {
  const out: { id: number; userTimezone: string }[] = [];
  for (let page = 1; ; page++) {
    const data = await call(users.getHospitalPatients, { auth: session, query: { page, pageSize: 200, status: 1 } });
    out.push(...data.items.map((u) => ({ id: u.id, userTimezone: u.userTimezone })));
    if (page * data.pageSize >= data.total || data.items.length === 0) { return out; }
  }
}

/** The hub `identifier` (exact), created in the office for the patient when missing. */
async function ensureHub(session: Auth, patientId: number, hospitalId: number): Promise<{ id: number; created: boolean }> {
  const identifier = simulatedIdentifiers(patientId).hub;
  const find = async () => (await call(devices.getHubs, { auth: session, query: { search: identifier, pageSize: 50 } })).items.find((h) => h.hubIdentifier === identifier);
  const existing = await find();
  if (existing) { return { id: existing.id, created: false }; }
  try {
    const hub = await call(devices.createHub, {
      auth: session,
      body: { hubIdentifier: identifier, hubMAC: simulatedMac(patientId), hubName: `Simulated hub ${patientId}`, hospitalId, assignedToUserId: patientId },
    });
    return { id: hub.id, created: true };
  } catch (err) {
    const again = err instanceof HttpError && err.status === 409 ? await find() : undefined;
    if (again) { return { id: again.id, created: false }; }
    throw err;
  }
}

/** The patient's simulated device of `deviceType`, created on the hub when missing; true when created. */
async function ensureDevice(session: Auth, patientId: number, hospitalId: number, hubId: number, deviceType: (typeof SIM_TYPES)[number]): Promise<boolean> {
  const deviceIdentifier = simulatedIdentifiers(patientId)[deviceType];
  try {
    await call(devices.getMedicalDeviceByDeviceIdentifier, { auth: session, headers: { deviceidentifier: deviceIdentifier } });
    return false;
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 404) { throw err; }
  }
  await call(devices.createMedicalDevice, { auth: session, body: { deviceIdentifier, deviceType, hospitalId, hubId, patientId } });
  return true;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * The patient's baseline: latest imported (not simulated) readings, else metadata weight, else
 * typical values. Pulse, glucose and SpO2 are kept in a plausible everyday band so that the
 * planned abnormal values stand out rather than every reading.
 */
async function baselineOf(session: Auth, patientId: number): Promise<Baseline> {
  const b: Baseline = { ...typicalBaseline };
  const page = await call(measurements.getMeasurementsForPatientByIdentifier, {
    auth: session,
    headers: { patientidentifier: String(patientId), filtercase: 'ALL' },
    query: { pageSize: 200, sort: '-measuredAt' },
  });
  const seen = new Set<string>();
  for (const m of page.items) {
    if (m.isSimulated || seen.has(m.deviceType)) { continue; }
    seen.add(m.deviceType);
    const v = Object.fromEntries(m.values.map((x) => [x.code, x.value]));
    if (m.deviceType === 'BLOOD_PRESSURE') {
      b.systolic = v['8480-6'] ?? b.systolic;
      b.diastolic = v['8462-4'] ?? b.diastolic;
      b.pulse = clamp(v['8867-4'] ?? b.pulse, 58, 92);
    }
    if (m.deviceType === 'WEIGHT') { b.weightKg = v['29463-7'] ?? b.weightKg; }
    if (m.deviceType === 'GLUCOSE') { b.glucoseMgDl = clamp(v['2339-0'] ?? b.glucoseMgDl, 95, 150); }
    if (m.deviceType === 'SPO2') { b.spo2 = clamp(v['59408-5'] ?? b.spo2, 96, 99); }
  }
  if (!seen.has('WEIGHT')) {
    const meta = await call(metadata.getMetadataForPatient, { auth: session, headers: { patientid: patientId } }).catch(() => null);
    if (meta?.weightInKg) { b.weightKg = meta.weightInKg; }
  }
  return b;
}

function parseDays(argv: string[]): number {
  const i = argv.indexOf('--days');
  const raw = i >= 0 ? argv[i + 1] : process.env.SIMULATE_DAYS;
  const n = raw === undefined ? 30 : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 365) { throw new Error('--days must be a whole number from 1 to 365'); }
  return n;
}

async function main(): Promise<number> {
  const days = parseDays(process.argv.slice(2));
  const password = process.env.VIGIL_DEMO_PASSWORD ?? DEMO_PASSWORD;
  let signIn: EndpointResponse<typeof auth.signInV3>;
  try {
    signIn = await call(auth.signInV3, { auth: null, body: { username: 'sysadmin', password, ip: '127.0.0.1' } });
  } catch (err) {
    process.stderr.write(`simulate-hubs: cannot sign in as sysadmin at ${BASE} (${err instanceof HttpError ? err.message : 'portal not reachable'})\n`);
    return 1;
  }
  if (isMfaChallenge(signIn)) {
    process.stderr.write('simulate-hubs: sysadmin holds a second factor; this tool signs in with the password only\n');
    return 1;
  }
  const session = { sessionguid: signIn.session.sessionGuid };
  const now = new Date();
  const totals = { patients: 0, skipped: 0, hubsCreated: 0, devicesCreated: 0, stored: 0, duplicates: 0, rejected: 0 };
  process.stdout.write(`Simulating ${days} day(s) of readings at ${BASE}\n`);

  for (const patient of await allPatients(session)) {
    const teams = await call(medicalTeams.getMedicalTeamsForPatient, { auth: session, headers: { patientid: patient.id } });
    const team = teams[0];
    if (!team) {
      totals.skipped++;
      continue;
    }
    totals.patients++;
    const hub = await ensureHub(session, patient.id, team.hospitalId);
    if (hub.created) { totals.hubsCreated++; }
    const { credential } = await call(devices.issueHubCredential, { auth: session, params: { id: hub.id } });
    for (const type of SIM_TYPES) { if (await ensureDevice(session, patient.id, team.hospitalId, hub.id, type)) { totals.devicesCreated++; } }

    const readings = planReadings(patient.id, await baselineOf(session, patient.id), days, patient.userTimezone || 'America/New_York', now);
    const result = { stored: 0, duplicates: 0, rejected: 0 };
    for (let i = 0; i < readings.length; i += 500) {
      const r: IngestResponse = await call(measurements.postMeasurements, { auth: { hubtoken: credential }, body: { readings: readings.slice(i, i + 500), simulated: true } });
      result.stored += r.stored;
      result.duplicates += r.duplicates;
      result.rejected += r.rejected;
      for (const x of r.results.filter((y) => y.status === 'rejected').slice(0, 3)) { process.stdout.write(`  patient ${patient.id}: reading refused: ${x.reason} ${x.detail ?? ''}\n`); }
    }
    totals.stored += result.stored;
    totals.duplicates += result.duplicates;
    totals.rejected += result.rejected;
    process.stdout.write(`  patient ${patient.id}: hub ${simulatedIdentifiers(patient.id).hub}, ${readings.length} readings: ${result.stored} stored, ${result.duplicates} already there, ${result.rejected} refused\n`);
  }

  process.stdout.write(
    `Done: ${totals.patients} patient(s) with a medical team (${totals.skipped} without one skipped), ${totals.hubsCreated} hub(s) and ${totals.devicesCreated} device(s) created; ` +
      `readings: ${totals.stored} stored, ${totals.duplicates} already there, ${totals.rejected} refused\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`simulate-hubs failed: ${err instanceof HttpError ? `${err.message} ${err.body}` : ((err as Error).stack ?? String(err))}\n`);
    process.exit(1);
  },
);
