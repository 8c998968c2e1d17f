/**
 * A bounded fuzz test generated from the contract (docs/security.md "Bad input"): for EVERY declared
 * endpoint, malformed and edge-case path parameters, headers, query strings and bodies (wrong
 * types, ids past the int4 range, NUL bytes, booleans for ids, deep and long values, missing and
 * extra fields, bodies that are not objects) are sent through `app.inject`, as a system admin and
 * as an office user. No answer may be a 5xx: bad input gets a 4xx in the envelope.
 *
 * Two more lanes: every upload endpoint gets malformed multipart bodies (truncated files and parts,
 * wrong or missing boundaries, two files, NUL and bidirectional characters in names, too many
 * fields, an empty file, JSON nested 100,000 levels), and every endpoint with a body gets one nested
 * 10,000 levels deep.
 *
 * Bounded: a fixed seed and a few runs per endpoint and caller, so it is the same in CI every time
 * and takes well under 90 s on two busy cores. Raise FUZZ_RUNS locally to search harder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allEndpoints, type EndpointDef } from '@vigil/contract';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from './setup';
import { urlOf } from '../src/lib/route';

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
}, 120_000);
afterAll(async () => t?.close());

/** The keys of an object schema, looking through optional / nullable / default / pipe wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) { return []; }
  if ('shape' in schema && schema.shape && typeof schema.shape === 'object') { return Object.keys(schema.shape); }
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) { return []; }
  for (const inner of [def.in, def.innerType, def.schema, def.element]) {
    const keys = keysOf(inner, depth + 1);
    if (keys.length > 0) { return keys; }
  }
  if (Array.isArray(def.options)) { for (const option of def.options) {
    const keys = keysOf(option, depth + 1);
    if (keys.length > 0) { return keys; }
  } }
  return [];
}

/** Text that HTTP can carry in a path, a query string or a header (numbers as text included). */
const nastyText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('2147483648', '9007199254740991', '-1', '0', 'true', 'a\u0000b', '1.5') },
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '1.5',
    '1e3',
    '0x10',
    'true',
    'false',
    'null',
    '2147483647',
    '2147483648',
    '9007199254740991',
    '99999999999999999999999',
    'NaN',
    '[1,2]',
    '[true]',
    '{}',
    '1,2,3',
    "'; drop table users; --",
    '%',
    '..%2F..%2Fetc%2Fpasswd',
    '2026-13-45',
    '9999-12-31T99:99:99Z',
    'ENG',
    '-',
    ' 7 ',
    '\u0000',
    'a\u0000b',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc.integer().map(String),
);

/** Header values: HTTP forbids control characters there, so NUL is tried in query strings and bodies instead. */
const headerText = nastyText.map((v) => v.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 4000));

/** Any JSON value a hostile client could put in a body field. */
const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { weight: 4, arbitrary: fc.constantFrom(true, false, null, 0, -1, 1.5, 2_147_483_648, 9_007_199_254_740_991, 1e308, -1e308, '', 'a\u0000b', '\u0000') },
    nastyText,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A body very deep or very long. */
const extremeBody = fc.constantFrom<unknown>(
  JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown,
  { a: 'x'.repeat(200_000) },
  Array.from({ length: 5000 }, (_, i) => i),
  'text',
  42,
  null,
  [],
);

/**
 * A plausible value for a field, by its name, so that most fields of a request pass validation and
 * the one nasty field reaches deep (a NUL in a list search with every other field valid).
 */
function plausible(field: string, asText: boolean): unknown {
  const f = field.toLowerCase();
  const ids: Record<string, number> = {
    hospitalid: fx.a1.id,
    organizationid: fx.orgA.id,
    patientid: fx.patientA1.id,
    patientuserid: fx.patientA1.id,
    doctorid: fx.doctorA1.id,
    nurseid: fx.nurseA1.id,
    hospitaladminid: fx.officeAdminA1.id,
    userid: fx.nurseA1.id,
  };
  let value: unknown;
  if (f in ids) { value = ids[f]; }
  else if (f.endsWith('ids')) { value = [fx.a1.id]; }
  else if (f === 'id' || f.endsWith('id')) { value = 1; }
  else if (f.includes('month')) { value = 5; }
  else if (f.includes('year')) { value = 2026; }
  else if (f === 'page') { value = 1; }
  else if (f === 'pagesize') { value = 10; }
  else if (f.includes('email')) { value = 'fuzz@example.test'; }
  else if (f.includes('date') || f.endsWith('at')) { value = '2026-05-01T10:00:00Z'; }
  else if (f === 'language') { value = 'ENG'; }
  else { value = 'Fuzz'; }
  if (!asText) { return value; }
  return Array.isArray(value) ? value.join(',') : String(value);
}

function requestArbitrary(def: EndpointDef) {
  const pathNames = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const headerKeys = keysOf(def.headers);
  const queryKeys = keysOf(def.query);
  const bodyKeys = keysOf(def.body);
  /** Every field plausible but a few: those get a nasty value, or are left out. */
  const fields = (keys: string[], nasty: fc.Arbitrary<unknown>, asText: boolean) =>
    fc.record(
      Object.fromEntries(
        [...keys, 'extraField'].map((k) => [
          k,
          fc.oneof({ weight: 3, arbitrary: fc.constant(plausible(k, asText)) }, { weight: 2, arbitrary: nasty }, { weight: 1, arbitrary: fc.constant(undefined) }),
        ]),
      ) as Record<string, fc.Arbitrary<unknown>>,
    );
  return fc.record({
    params: fc.tuple(...pathNames.map((name) => fc.oneof(fc.constant(String(plausible(name, true))), nastyText))),
    headers: fields(headerKeys, headerText, true),
    query: fields(queryKeys, nastyText, true),
    body: fc.oneof({ weight: 6, arbitrary: fields(bodyKeys, nastyJson, false) }, { weight: 1, arbitrary: extremeBody }, { weight: 1, arbitrary: nastyJson }),
    asText: fc.boolean(),
  });
}

function urlFor(def: EndpointDef, params: string[], query: Record<string, unknown>): string {
  let i = 0;
  const path = urlOf(def).replace(/:(\w+)/g, () => encodeURIComponent(params[i++] ?? '1'));
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  const qs = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

describe('contract fuzz: no input answers 5xx', () => {
  const callers = () => [
    { name: 'system admin', userId: fx.sysadmin.id },
    { name: 'office admin', userId: fx.officeAdminA1.id },
  ];

  it('covers every declared endpoint', () => {
    expect(allEndpoints.length).toBeGreaterThanOrEqual(88);
  });

  it('answers every malformed request to every endpoint with less than 500', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const caller of callers()) {
      for (const def of allEndpoints) {
        // A fresh session per endpoint: sign-out and password changes may end the previous one.
        const session = await sessionFor(t, caller.userId);
        await fc.assert(
          fc.asyncProperty(requestArbitrary(def), async (r) => {
            const url = urlFor(def, r.params, r.query);
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(r.headers)) { if (v !== undefined) { headers[k] = String(v); } }
            let res;
            try {
              res = await t.app.inject({
                method: def.method,
                url,
                headers: { ...headers, ...session, ...(r.asText ? { 'content-type': 'application/json' } : {}) },
                payload: def.method === 'GET' ? undefined : r.asText ? JSON.stringify(r.body) : (r.body as object),
              });
            } catch {
              return; // refused by the HTTP layer itself (an invalid header): never reached the app
            }
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) { failures.push(`${def.method} ${def.path} as ${caller.name}: ${res.statusCode} ${url} ${JSON.stringify(r.body)?.slice(0, 300)}`); }
            expect(res.statusCode, `${def.method} ${def.path}`).toBeLessThan(500);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        ).catch(() => undefined);
      }
    }
    expect(failures).toEqual([]);
    // The requests reached the handlers and their validation, not only the session guard.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(allEndpoints.length);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
  }, 600_000);

  /** Multipart bodies a hostile client could send to an upload endpoint (boundary B unless it says otherwise). */
  const B = 'fuzzboundary';
  const part = (name: string, filename: string | null, type: string, bytes: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`),
      Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${B}--\r\n`);
  const deepJson = '['.repeat(100_000) + ']'.repeat(100_000);
  const multipartCases: Array<{ name: string; contentType: string; payload: Buffer }> = [
    { name: 'truncated zip', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.zip', 'application/zip', Buffer.from('504b0304140000000800', 'hex')), end]) },
    { name: 'truncated png', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.png', 'image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')), end]) },
    { name: 'truncated jpeg', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.jpg', 'image/jpeg', Buffer.from('ffd8ffe000104a464946', 'hex')), end]) },
    { name: 'gzip header only', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.json', 'application/json', Buffer.from('1f8b0800', 'hex')), end]) },
    { name: 'json nested 100,000 levels', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'deep.json', 'application/json', deepJson), end]) },
    { name: 'object nested 100,000 levels', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'deep.json', 'application/json', `{"resourceType":"Bundle","entry":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`), end]) },
    { name: 'csv of NULs and quotes', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.csv', 'text/csv', 'name,"a\u0000\n""",'.repeat(200)), end]) },
    { name: 'bytes that are not UTF-8', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.txt', 'text/plain', Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1])), end]) },
    { name: 'empty file', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.png', 'image/png', ''), end]) },
    { name: 'two files', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a.json', 'application/json', '{}'), part('file', 'b.json', 'application/json', '{}'), end]) },
    { name: 'file in another field', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('other', 'a.json', 'application/json', '{}'), end]) },
    { name: 'NUL in the file name', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'a\u0000.json', 'application/json', '{}'), end]) },
    { name: 'bidi and control characters in the file name', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'gpj.\u202eexe\u0007.json', 'application/json', '{}'), end]) },
    { name: 'a 2,000-character file name', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('file', 'x'.repeat(2000), 'application/json', '{}'), end]) },
    { name: 'eleven text fields', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([...Array.from({ length: 11 }, (_, i) => part(`f${i}`, null, 'text/plain', 'v')), end]) },
    { name: 'a text field with NUL', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.concat([part('title', null, 'text/plain', 'a\u0000b'), end]) },
    { name: 'no closing boundary', contentType: `multipart/form-data; boundary=${B}`, payload: part('file', 'a.json', 'application/json', '{"resourceType":') },
    { name: 'wrong boundary', contentType: 'multipart/form-data; boundary=other', payload: Buffer.concat([part('file', 'a.json', 'application/json', '{}'), end]) },
    { name: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.concat([part('file', 'a.json', 'application/json', '{}'), end]) },
    { name: 'garbage part headers', contentType: `multipart/form-data; boundary=${B}`, payload: Buffer.from(`--${B}\r\nContent-Disposition\r\n\r\n\u0000\r\n--${B}--\r\n`) },
    { name: 'not multipart at all', contentType: 'application/json', payload: Buffer.from('{"file":"x"}') },
  ];

  it('answers every malformed upload to every upload endpoint with less than 500', async () => {
    const uploads = allEndpoints.filter((def) => def.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    let refused = 0;
    for (const caller of callers()) {
      for (const def of uploads) {
        const session = await sessionFor(t, caller.userId);
        const pathNames = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const headers: Record<string, string> = {};
        for (const k of keysOf(def.headers)) { headers[k] = String(plausible(k, true)); }
        const url = urlFor(def, pathNames.map((n) => String(plausible(n, true))), {});
        for (const c of multipartCases) {
          const res = await t.app.inject({ method: def.method, url, headers: { ...headers, ...session, 'content-type': c.contentType }, payload: c.payload });
          if (res.statusCode >= 500) { failures.push(`${def.method} ${def.path} as ${caller.name}, ${c.name}: ${res.statusCode}`); }
          if (res.statusCode >= 400) { refused++; }
        }
      }
    }
    expect(failures).toEqual([]);
    // Most of these reached the upload reader and were refused there.
    expect(refused).toBeGreaterThan(uploads.length * multipartCases.length);
  }, 300_000);

  it('answers a body nested 10,000 levels deep to every endpoint that takes a body with less than 500', async () => {
    const failures: string[] = [];
    const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const session = await sessionFor(t, fx.sysadmin.id);
    for (const def of allEndpoints) {
      if (def.method === 'GET' || def.multipart) { continue; }
      const pathNames = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const headers: Record<string, string> = {};
      for (const k of keysOf(def.headers)) { headers[k] = String(plausible(k, true)); }
      const url = urlFor(def, pathNames.map((n) => String(plausible(n, true))), {});
      const res = await t.app.inject({ method: def.method, url, headers: { ...headers, ...session, 'content-type': 'application/json' }, payload: deep });
      if (res.statusCode >= 500) { failures.push(`${def.method} ${def.path}: ${res.statusCode}`); }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
