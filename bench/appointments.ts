/**
 * Appointments day-view benchmark (docs/benchmarks.md "Appointments day view"). Prints figures;
 * asserts nothing.
 *
 * GET appointments/appointmentsforhospitalfordate (headers hospitalId, paramDate) for an office in
 * Los Angeles with 2,000 appointments on one local day (40 doctors x 50 visits of 10 minutes, a
 * fifth with an attendee), 20 concurrent callers back to back, on PostgreSQL. Target: p99 < 50 ms.
 * Printed beside a same-run baseline: a trivial authenticated GET (verifier/dinstinctDomains) at
 * the same concurrency, and the ratio. The day view is read four ways: as a browser reads it (Accept-Encoding
 * as Chromium sends it; the brotli answer decoded within the time, as the browser must before it
 * can use it), the same to its last byte without decoding (the server's part), with
 * `Accept-Encoding: gzip` only, and without Accept-Encoding (identity, the 1.36 MB
 * answer as is); each row gives the API process's CPU per request too. Then re-read with
 * its ETag (If-None-Match: 304, as the browser revalidates its copy); then one caller alone (the
 * cost of one request); then the compression of the answer, made once per version by the API
 * (lib/versioned-answers.ts), timed here on the same answer.
 *
 * Set-up: a fresh database on BENCH_DATABASE_URL (else DATABASE_URL, else the local `test`
 * database's server), migrated, rows written directly, then the API in a child process bundled and
 * started as `npm start` runs it (bench/api-process.ts).
 * Usage: npm run bench:appointments   (BENCH_SECONDS, default 10; BENCH_KEEP_DB=1 keeps the database;
 *        BENCH_CPU_PROF=<dir> writes the API process's CPU profile, bench/api-process.ts)
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import { appointmentAttendees, appointments, hospitals, organizations, userHospitals, users } from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { addDays, localDateOf, localTimeToInstant } from '../packages/api/src/lib/office-calendar';
import { encodeAnswer } from '../packages/api/src/lib/versioned-answers';
import { ApiProcess } from './api-process';
import { BROWSER_ACCEPT_ENCODING, agent, createBenchDatabase, get, latencyLine, loadGet, ms, request, signIn, stats } from './lib';

const CALLERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench#Password1';
const ZONE = 'America/Los_Angeles';
const DOCTORS = 40;
const VISITS_PER_DOCTOR = 50;
const PATIENTS = 500;

/** `callers` users for `seconds`, back to back, each on `path` with `headers`; a compressed answer is decoded within the time. */
const load = (port: number, path: string, headers: Record<string, string>, seconds: number, callers = CALLERS) => loadGet(port, path, headers, seconds, { callers, decode: true });
const fmt = (xs: number[]) => latencyLine(xs, { p95: false });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The median milliseconds of `runs` runs of `f` (after one warm-up). */
async function timed(runs: number, f: () => unknown): Promise<number> {
  await f();
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    took.push(performance.now() - t0);
  }
  return stats(took).p50;
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_appt');
  const url = bench.url;
  let api: ApiProcess | null = null;
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const d = database.db;
    await seedReferenceData(d);
    const [org] = await d.insert(organizations).values({ institutionName: 'Bench Appointments Health' }).returning();
    const [office] = await d.insert(hospitals).values({ organizationId: org!.id, hospitalName: 'Bench Clinic LA', timeZone: ZONE }).returning();
    const passwordHash = await hashPassword(PASSWORD);
    const [caller] = await d
      .insert(users)
      .values({ roleId: Role.HOSPITAL_ADMIN, organizationId: org!.id, firstName: 'Bench', lastName: 'Admin', username: 'benchappointments', passwordHash })
      .returning();
    const doctors = await d
      .insert(users)
      .values(Array.from({ length: DOCTORS }, (_, i) => ({ roleId: Role.DOCTOR, organizationId: org!.id, firstName: `Doc${i}`, lastName: `Bench${i}`, username: `benchdoc${i}` })))
      .returning({ id: users.id });
    const nurses = await d
      .insert(users)
      .values(Array.from({ length: 10 }, (_, i) => ({ roleId: Role.NURSE, organizationId: org!.id, firstName: `Nurse${i}`, lastName: `Bench${i}`, username: `benchnurse${i}` })))
      .returning({ id: users.id });
    const patients = await d
      .insert(users)
      .values(Array.from({ length: PATIENTS }, (_, i) => ({ roleId: Role.PATIENT, organizationId: org!.id, firstName: `Pat${i}`, lastName: `Bench${i}`, username: `benchpat${i}` })))
      .returning({ id: users.id });
    await d.insert(userHospitals).values([caller!, ...doctors, ...nurses, ...patients].map((u) => ({ userId: u.id, hospitalId: office!.id, isAdmin: u.id === caller!.id })));

    // The office's tomorrow, 08:00 local onwards: each doctor 50 visits of 10 minutes.
    const day = addDays(localDateOf(new Date(), ZONE), 1);
    const dayStart = localTimeToInstant(day, '08:00', ZONE).getTime();
    const rows = doctors.flatMap((doc, di) =>
      Array.from({ length: VISITS_PER_DOCTOR }, (_, k) => {
        const startsAt = new Date(dayStart + k * 10 * 60_000);
        return {
          hospitalId: office!.id,
          patientId: patients[(di * VISITS_PER_DOCTOR + k) % PATIENTS]!.id,
          doctorId: doc.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 10 * 60_000),
          durationMinutes: 10,
          kind: k % 3 === 0 ? 'VIDEO' : 'IN_PERSON',
          status: 'SCHEDULED',
          reason: 'Follow-up',
        };
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) { ids.push(...(await d.insert(appointments).values(rows.slice(i, i + 500)).returning({ id: appointments.id })).map((r) => r.id)); }
    await d.insert(appointmentAttendees).values(ids.filter((_, i) => i % 5 === 0).map((appointmentId, i) => ({ appointmentId, userId: nurses[i % nurses.length]!.id })));
    await database.pool!.query('vacuum analyze appointments');
    await database.pool!.query('vacuum analyze appointment_attendees');
    await database.close();
    console.log(`office ${ZONE}: ${rows.length} appointments on ${day}, ${ids.length / 5} with an attendee`);

    api = await ApiProcess.start(url);
    const sessionGuid = await signIn(api.port, 'benchappointments', PASSWORD);
    // Every request as a browser sends it (Accept-Encoding); the identity rows leave it out.
    const headers = { SessionGuid: sessionGuid, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const dayPath = '/api/appointments/appointmentsforhospitalfordate';
    const dayHeaders = { ...headers, hospitalid: String(office!.id), paramdate: day };
    const { 'accept-encoding': _, ...identityHeaders } = dayHeaders;
    const baselinePath = '/api/verifier/dinstinctDomains';

    await load(api.port, dayPath, dayHeaders, 2);
    await load(api.port, dayPath, identityHeaders, 1);
    await load(api.port, baselinePath, headers, 1);

    // The API process's CPU (user + system) per request of a phase: what the server pays, apart from the client.
    const apiCpu = async <T extends { latencies: number[] }>(phase: () => Promise<T>): Promise<T & { cpu: string }> => {
      const before = (await api!.memory()).cpuMicros;
      const result = await phase();
      const after = (await api!.memory()).cpuMicros;
      return { ...result, cpu: `API CPU ${((after - before) / 1000 / result.latencies.length).toFixed(2)} ms/request` };
    };
    const baseline = await apiCpu(() => load(api!.port, baselinePath, headers, SECONDS));
    const dayView = await apiCpu(() => load(api!.port, dayPath, dayHeaders, SECONDS));
    const undecoded = await apiCpu(() => loadGet(api!.port, dayPath, dayHeaders, SECONDS, { callers: CALLERS }));
    const gzipOnly = await apiCpu(() => load(api!.port, dayPath, { ...dayHeaders, 'accept-encoding': 'gzip' }, SECONDS));
    const identity = await apiCpu(() => load(api!.port, dayPath, identityHeaders, SECONDS));
    const encoding = (await get(api.port, dayPath, dayHeaders)).encoding ?? 'identity';
    const b = stats(baseline.latencies);
    const ratios = (xs: number[]) => {
      const v = stats(xs);
      return `ratio to baseline p50 ${(v.p50 / b.p50).toFixed(1)}x, p99 ${(v.p99 / b.p99).toFixed(1)}x`;
    };
    console.log(`\n${CALLERS} concurrent callers, back to back, ${SECONDS} s each`);
    console.log(`  baseline GET verifier/dinstinctDomains: ${fmt(baseline.latencies)}, ${baseline.rate.toFixed(0)} req/s, errors ${baseline.errors}; ${baseline.cpu}`);
    console.log(
      `  day view as a browser reads it (${encoding}, ${kb(dayView.wireBytes)} on the wire, ${kb(dayView.bytes)} decoded): ${fmt(dayView.latencies)}, ${dayView.rate.toFixed(0)} req/s, errors ${dayView.errors}; ${ratios(dayView.latencies)}; ${dayView.cpu} (target: p99 < 50 ms)`,
    );
    console.log(`  day view, br, to its last byte (not decoded: the server's part): ${fmt(undecoded.latencies)}, ${undecoded.rate.toFixed(0)} req/s, errors ${undecoded.errors}; ${ratios(undecoded.latencies)}; ${undecoded.cpu}`);
    console.log(`  day view, gzip only (${kb(gzipOnly.wireBytes)} on the wire, decoded): ${fmt(gzipOnly.latencies)}, ${gzipOnly.rate.toFixed(0)} req/s, errors ${gzipOnly.errors}; ${ratios(gzipOnly.latencies)}; ${gzipOnly.cpu}`);
    console.log(`  day view, identity (no Accept-Encoding, ${kb(identity.bytes)}): ${fmt(identity.latencies)}, ${identity.rate.toFixed(0)} req/s, errors ${identity.errors}; ${ratios(identity.latencies)}; ${identity.cpu}`);
    // The web's callers keep their copy and ask again with its ETag (If-None-Match): 304, no body.
    const etag = (await get(api.port, dayPath, dayHeaders)).etag ?? '';
    const revalidated = await apiCpu(() => loadGet(api!.port, dayPath, { ...dayHeaders, 'if-none-match': etag }, SECONDS, { callers: CALLERS, expect: 304 }));
    console.log(
      `  day view re-read with its ETag (304): ${fmt(revalidated.latencies)}, ${revalidated.rate.toFixed(0)} req/s, errors ${revalidated.errors}, p99 ratio ${(stats(revalidated.latencies).p99 / b.p99).toFixed(1)}x; ${revalidated.cpu}`,
    );
    const one = await load(api.port, dayPath, dayHeaders, SECONDS / 2, 1);
    const oneIdentity = await load(api.port, dayPath, identityHeaders, SECONDS / 2, 1);
    const oneBase = await load(api.port, baselinePath, headers, SECONDS / 2, 1);
    console.log('  one caller alone (the cost of one request, without queueing):');
    console.log(`    baseline: ${fmt(oneBase.latencies)}`);
    console.log(`    day view (${encoding}, decoded): ${fmt(one.latencies)}, ratio p50 ${(stats(one.latencies).p50 / stats(oneBase.latencies).p50).toFixed(1)}x`);
    console.log(`    day view, identity: ${fmt(oneIdentity.latencies)}, ratio p50 ${(stats(oneIdentity.latencies).p50 / stats(oneBase.latencies).p50).toFixed(1)}x`);

    // What the API pays once per version (lib/versioned-answers.ts), on this answer, median of 10 (one core each).
    const text = (await request(api.port, 'GET', dayPath, identityHeaders)).text;
    const json = text.slice('{"resFlag":true,"data":'.length, -',"msg":"OK"}'.length);
    const encoded = await encodeAnswer(json);
    const envelope = encoded.envelope;
    const brotliAt = (quality: number) => () =>
      zlib.brotliCompressSync(envelope, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: envelope.length } });
    const pct = (n: number) => `${((n / envelope.length) * 100).toFixed(1)} %`;
    console.log(`\ncompression of the ${kb(envelope.length)} answer (once per version; median of 10):`);
    console.log(`  gzip level 6: ${ms(await timed(10, () => zlib.gzipSync(envelope, { level: 6 })))}, ${kb(encoded.gzip?.length ?? 0)} (${pct(encoded.gzip?.length ?? 0)})`);
    console.log(`  brotli quality 5: ${ms(await timed(10, brotliAt(5)))}, ${kb(encoded.br?.length ?? 0)} (${pct(encoded.br?.length ?? 0)})`);
    console.log(`  brotli quality 9 (not used): ${ms(await timed(3, brotliAt(9)))}, ${kb(brotliAt(9)().length)}`);
    console.log(`  both, as set() makes them (thread pool, wall time): ${ms(await timed(10, () => encodeAnswer(json)))}`);
    const gunzip = promisify(zlib.gunzip);
    const unbrotli = promisify(zlib.brotliDecompress);
    console.log(`  decoding, as the browser does: gzip ${ms(await timed(10, () => gunzip(encoded.gzip!)))}, brotli ${ms(await timed(10, () => unbrotli(encoded.br!)))}`);
  } finally {
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

await main();
