/**
 * Invoice benchmark (issue "Proof": an invoice for an organization of 5,000 patients generated and
 * its PDF rendered in under 5 s). Prints figures; asserts nothing.
 *
 * One organization with 10 offices and 5,000 patients, each with a billable RPM month (two codes:
 * 99454 and 99457) in last month's billing results (billing_claims, as a billing run writes them).
 * Measured through the API as an organization admin, each 5 times: POST
 * invoice/generateinvoicefororganization (reads the billable patients per office and writes the
 * draft), then GET invoice/getinvoicepdf (renders the PDF), then DELETE invoice/{id}. The baseline,
 * in the same run on the same PostgreSQL: 5,000 plain INSERTs of one row each into a scratch table
 * in one transaction, and a trivial authenticated GET (GET country). Each figure is printed with its
 * ratio to the baseline.
 *
 * Usage: npm run bench:invoices   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { newToken, tokenHash } from '../packages/api/src/lib/crypto';
import { createBenchDatabase, median, ms } from './lib';

const PATIENTS = 5_000;
const OFFICES = 10;
const RUNS = 5;

const bench = await createBenchDatabase('vigil_bench_invoices');
const { url } = bench;
const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
const { app } = await buildApp(loadTestConfig({ validateResponses: false }), database);
await app.ready();
const q = (text: string, params: unknown[] = []) => database.pool!.query(text, params);

try {
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const year = last.getUTCFullYear();
  const month = last.getUTCMonth() + 1;

  const org = (await q(`insert into organizations (institution_name, address, city, state, zip) values ('Bench Health', '1 Main St', 'Springfield', 'IL', '62701') returning id`)).rows[0].id as number;
  await q(`insert into hospitals (organization_id, hospital_name) select $1, 'Bench Clinic ' || g from generate_series(1, ${OFFICES}) g`, [org]);
  const offices = (await q(`select id from hospitals where organization_id = $1 order by id`, [org])).rows.map((r) => r.id as number);
  await q(`insert into users (role_id, organization_id, first_name, last_name, username) select ${Role.PATIENT}, $1, 'Pat' || g, 'Bench' || g, 'benchp' || g from generate_series(1, ${PATIENTS}) g`, [org]);
  await q(
    `insert into user_hospitals (user_id, hospital_id) select u.id, ($2::int[])[1 + (u.id % ${OFFICES})] from users u where u.role_id = ${Role.PATIENT} and u.organization_id = $1`,
    [org, offices],
  );
  await q(
    `insert into billing_claims (patient_id, hospital_id, year, month, program, code, status)
     select uh.user_id, uh.hospital_id, $1, $2, 'RPM', c.code, 'billable' from user_hospitals uh cross join (values ('99454'), ('99457')) c(code)
      where uh.hospital_id = any($3::int[])`,
    [year, month, offices],
  );
  const orgAdmin = (await q(`insert into users (role_id, organization_id, first_name, last_name, username) values (${Role.ORGANIZATION_ADMIN}, $1, 'Bench', 'Admin', 'benchorgadmin') returning id`, [org])).rows[0].id as number;
  const token = newToken();
  await q(`insert into sessions (token_hash, user_id, session_type, ip, expires_at) values ($1, $2, 'BENCH', '127.0.0.1', now() + interval '1 hour')`, [tokenHash(token), orgAdmin]);
  await q('analyze');
  const headers = { sessionguid: token, 'accept-language': 'en' };

  // Baselines.
  await q('create table bench_rows (id serial primary key, patient_id int, hospital_id int, amount_cents int)');
  const insertTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const client = await database.pool!.connect();
    const t0 = performance.now();
    await client.query('begin');
    for (let n = 0; n < PATIENTS; n++) { await client.query('insert into bench_rows (patient_id, hospital_id, amount_cents) values ($1, $2, $3)', [n, n % OFFICES, 4999]); }
    await client.query('commit');
    insertTimes.push(performance.now() - t0);
    client.release();
  }
  const getTimes: number[] = [];
  for (let run = 0; run < 50; run++) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/country', headers });
    getTimes.push(performance.now() - t0);
  }
  const baseInsert = median(insertTimes);
  const baseGet = median(getTimes);

  const gen: number[] = [];
  const pdf: number[] = [];
  let bytes = 0;
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const g = await app.inject({
      method: 'POST',
      url: '/api/invoice/generateinvoicefororganization',
      headers,
      payload: { organizationId: org, year, month, unitPriceCents: 4_999, discountPercent: 5, taxPercent: 8.25, paymentMethods: 'ACH', terms: 'Net 30' },
    });
    const t1 = performance.now();
    if (g.statusCode !== 201) { throw new Error(`generation refused: ${g.statusCode} ${g.body}`); }
    const invoice = g.json().data as { id: number; grandTotalCents: number; lines: { quantity: number }[] };
    total = invoice.lines.reduce((s, l) => s + l.quantity, 0);
    const p = await app.inject({ method: 'GET', url: '/api/invoice/getinvoicepdf', headers: { ...headers, invoiceid: String(invoice.id) } });
    const t2 = performance.now();
    if (p.statusCode !== 200) { throw new Error(`pdf refused: ${p.statusCode}`); }
    bytes = p.rawPayload.length;
    gen.push(t1 - t0);
    pdf.push(t2 - t1);
    await app.inject({ method: 'DELETE', url: `/api/invoice/${invoice.id}`, headers });
  }
  const both = gen.map((g, k) => g + pdf[k]!);
  console.log(`organization: ${PATIENTS} patients in ${OFFICES} offices, ${total} billable patients on the invoice; ${RUNS} runs, medians`);
  console.log(`baseline: ${PATIENTS} plain INSERTs in one transaction ${ms(baseInsert)}; trivial authenticated GET ${ms(baseGet)}`);
  console.log(`generate invoice:       ${ms(median(gen))}  (x${(median(gen) / baseInsert).toFixed(3)} of the INSERT baseline, x${(median(gen) / baseGet).toFixed(1)} of the GET)`);
  console.log(`render PDF (${(bytes / 1024).toFixed(1)} KB): ${ms(median(pdf))}  (x${(median(pdf) / baseInsert).toFixed(3)} of the INSERT baseline, x${(median(pdf) / baseGet).toFixed(1)} of the GET)`);
  console.log(`generate + PDF:         ${ms(median(both))}  (x${(median(both) / baseInsert).toFixed(3)} of the INSERT baseline; target under 5000 ms)`);
} finally {
  await app.close();
  await database.close();
  await bench.drop();
}
