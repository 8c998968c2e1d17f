/**
 * CMS Physician Fee Schedule importer (docs/billing-engine.md "Fee schedule import"): reads the
 * national RVU file (PPRRVU, the CSV of the "PFS Relative Value Files" release, e.g. RVU26A) and
 * the GPCI / locality file of the same release, and computes each code's non-facility and facility
 * payment amount per locality.
 *
 * Formula, from the RVU files' own README (CMS, "PFS Relative Value Files", section "Calculation
 * of the payment", and 42 CFR 414.22):
 *   Payment = [(Work RVU x Work GPCI) + (PE RVU x PE GPCI) + (MP RVU x MP GPCI)] x CF
 * with the non-facility PE RVU for the non-facility amount and the facility PE RVU for the
 * facility amount, rounded to cents (half up). The arithmetic is done on scaled integers (RVUs 2
 * decimals, GPCIs 3, CF 4 in the published files), so no binary-float rounding changes a cent.
 * The NATIONAL locality uses GPCIs of 1.000 (the national amount of the PFS look-up tool).
 */
import { parse } from 'csv-parse/sync';

/** One row of the PPRRVU file (global service only: rows with a modifier are skipped). */
export interface RvuRow {
  code: string;
  description: string;
  workRvu: string;
  nonFacilityPeRvu: string;
  facilityPeRvu: string;
  mpRvu: string;
}

/** One locality of the GPCI file: key `<carrier>-<locality>` (e.g. '01112-05'). */
export interface GpciRow {
  locality: string;
  name: string;
  work: string;
  pe: string;
  mp: string;
}

/** The amounts (cents) of one code in one locality. */
export interface LocalityAmount {
  code: string;
  locality: string;
  amountCents: number;
  facilityAmountCents: number;
  description: string;
}

/** A file that is not in the published layout: names what is wrong (not user input shown raw). */
export class FeeFileError extends Error {}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function readRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (e) {
    throw new FeeFileError(`not a CSV file (${(e as Error).message.split('\n', 1)[0]})`);
  }
}

/**
 * The header row (the first whose first cell matches `first`), joined with continuation rows
 * (CMS splits headers over lines: "WORK" / "RVU"; a continuation row has an empty first cell).
 */
function header(records: string[][], first: RegExp): { names: string[]; dataFrom: number } {
  const at = records.findIndex((r) => first.test(norm(r[0] ?? '')));
  if (at < 0) { throw new FeeFileError('no header row'); }
  const names = [...(records[at] ?? [])];
  let next = at + 1;
  while (next < records.length && (records[next]?.[0] ?? '') === '') {
    (records[next] ?? []).forEach((cell, i) => { names[i] = `${names[i] ?? ''} ${cell}`; });
    next += 1;
  }
  return { names: names.map(norm), dataFrom: next };
}

function column(names: string[], test: (n: string) => boolean, label: string): number {
  const at = names.findIndex(test);
  if (at < 0) { throw new FeeFileError(`no ${label} column`); }
  return at;
}

const DECIMAL = /^-?\d*(?:\.\d*)?$/;

/** '0.61' -> 61n at `places` decimals; throws on anything but a plain decimal. */
export function scaled(text: string, places: number, what: string): bigint {
  const t = text.trim() === '' ? '0' : text.trim();
  if (!DECIMAL.test(t) || t === '.' || t === '-') { throw new FeeFileError(`${what}: not a number`); }
  const neg = t.startsWith('-');
  const [int = '0', frac = ''] = t.replace('-', '').split('.');
  if (frac.length > places && /[1-9]/.test(frac.slice(places))) { throw new FeeFileError(`${what}: more than ${places} decimals`); }
  const v = BigInt(`${int || '0'}${frac.slice(0, places).padEnd(places, '0')}`);
  return neg ? -v : v;
}

/**
 * Reads a PPRRVU CSV: the published layout (title lines, then a header row starting HCPCS with
 * MOD, DESCRIPTION, WORK RVU, NON-FAC PE RVU, FACILITY PE RVU, MP RVU and CONV FACTOR columns).
 * Keeps global rows (empty MOD) of `codes` when given. The conversion factor is the CONV FACTOR
 * column (the same on every row) or a row whose first cell is "CONVERSION FACTOR" followed by the
 * value; `cf` is its text (4 decimals). Throws {@link FeeFileError} on another layout.
 */
export function parsePprrvu(text: string, codes?: ReadonlySet<string>): { rows: RvuRow[]; cf: string | null } {
  const records = readRecords(text);
  let cf: string | null = null;
  for (const r of records) {
    if (norm(r[0] ?? '') === 'conversion factor') { cf = (r.slice(1).find((c) => c !== '') ?? '').replace(/^\$/, ''); }
  }
  const { names, dataFrom } = header(records, /^hcpcs/);
  const col = {
    code: 0,
    mod: column(names, (n) => n === 'mod' || n === 'modifier', 'MOD'),
    description: column(names, (n) => n.startsWith('description'), 'DESCRIPTION'),
    work: column(names, (n) => n === 'work rvu' || n === 'work rvus', 'WORK RVU'),
    nonFacPe: column(names, (n) => /^non fac(ility)? pe rvus?$/.test(n), 'NON-FAC PE RVU'),
    facPe: column(names, (n) => /^facility pe rvus?$/.test(n), 'FACILITY PE RVU'),
    mp: column(names, (n) => n === 'mp rvu' || n === 'mp rvus' || n === 'malpractice rvu', 'MP RVU'),
    cf: names.findIndex((n) => n === 'conv factor' || n === 'conversion factor'),
  };
  const rows: RvuRow[] = [];
  for (const r of records.slice(dataFrom)) {
    const code = (r[col.code] ?? '').toUpperCase();
    if (!/^[A-Z0-9]{5}$/.test(code)) { continue; }
    if (col.cf >= 0 && (r[col.cf] ?? '') !== '' && cf === null) { cf = r[col.cf] ?? null; }
    if ((r[col.mod] ?? '') !== '' || (codes && !codes.has(code))) { continue; }
    rows.push({ code, description: r[col.description] ?? '', workRvu: r[col.work] ?? '', nonFacilityPeRvu: r[col.nonFacPe] ?? '', facilityPeRvu: r[col.facPe] ?? '', mpRvu: r[col.mp] ?? '' });
  }
  return { rows, cf };
}

/**
 * Reads a GPCI CSV: the published layout (title lines, then a header row starting with the MAC /
 * carrier column, with the locality number, locality name and the PW (work), PE and MP GPCI
 * columns). Locality keys are `<carrier>-<2-digit locality>`. Throws {@link FeeFileError}.
 */
export function parseGpci(text: string): GpciRow[] {
  const records = readRecords(text);
  const { names, dataFrom } = header(records, /^(medicare administrative contractor|mac|carrier|contractor)/);
  const col = {
    carrier: 0,
    locality: column(names, (n) => n === 'locality' || n === 'locality number', 'locality number'),
    name: names.findIndex((n) => n === 'locality name'),
    work: column(names, (n) => /\b(pw|work) gpci\b/.test(n), 'work GPCI'),
    pe: column(names, (n) => /\bpe gpci\b/.test(n), 'PE GPCI'),
    mp: column(names, (n) => /\bmp gpci\b/.test(n), 'MP GPCI'),
  };
  const out: GpciRow[] = [];
  for (const r of records.slice(dataFrom)) {
    const carrier = r[col.carrier] ?? '';
    const loc = r[col.locality] ?? '';
    if (!/^\d{5}$/.test(carrier) || !/^\d{1,2}$/.test(loc)) { continue; }
    out.push({ locality: `${carrier}-${loc.padStart(2, '0')}`, name: col.name >= 0 ? (r[col.name] ?? '') : '', work: r[col.work] ?? '', pe: r[col.pe] ?? '', mp: r[col.mp] ?? '' });
  }
  if (out.length === 0) { throw new FeeFileError('no locality rows'); }
  return out;
}

/** RVU (2 dp) x GPCI (3 dp) x CF (4 dp) -> 1e-9 dollars; cents = round half up of that / 1e7. */
function cents(rvu: [bigint, bigint, bigint], gpci: [bigint, bigint, bigint], cf: bigint): number {
  const sum = rvu[0] * gpci[0] + rvu[1] * gpci[1] + rvu[2] * gpci[2]; // 1e-5
  const v = sum * cf; // 1e-9 dollars = 1e-7 cents
  const q = 10_000_000n;
  return Number(v >= 0n ? (v + q / 2n) / q : -((-v + q / 2n) / q));
}

/**
 * The non-facility and facility amounts (cents) of every RVU row in NATIONAL (GPCIs 1.000) and in
 * each GPCI locality, with conversion factor `cf` (dollars, up to 4 decimals). Source of the
 * formula: see the file comment. Throws {@link FeeFileError} on a value that is not a number.
 */
export function computeAmounts(rvus: RvuRow[], gpcis: GpciRow[], cf: string): LocalityAmount[] {
  const factor = scaled(cf, 4, 'conversion factor');
  if (factor <= 0n) { throw new FeeFileError('conversion factor: not positive'); }
  const one = 1000n;
  const localities = [
    { locality: 'NATIONAL', g: [one, one, one] as [bigint, bigint, bigint] },
    ...gpcis.map((g) => ({ locality: g.locality, g: [scaled(g.work, 3, `${g.locality} work GPCI`), scaled(g.pe, 3, `${g.locality} PE GPCI`), scaled(g.mp, 3, `${g.locality} MP GPCI`)] as [bigint, bigint, bigint] })),
  ];
  const out: LocalityAmount[] = [];
  for (const r of rvus) {
    const w = scaled(r.workRvu, 2, `${r.code} work RVU`);
    const mp = scaled(r.mpRvu, 2, `${r.code} MP RVU`);
    const nf = scaled(r.nonFacilityPeRvu, 2, `${r.code} non-facility PE RVU`);
    const f = scaled(r.facilityPeRvu, 2, `${r.code} facility PE RVU`);
    for (const l of localities) {
      out.push({
        code: r.code,
        locality: l.locality,
        amountCents: cents([w, nf, mp], l.g, factor),
        facilityAmountCents: cents([w, f, mp], l.g, factor),
        description: `CMS PFS RVU file; CF ${cf}; ${r.description}`.slice(0, 200),
      });
    }
  }
  return out;
}
