import { stringify } from 'csv-stringify/sync';

/** A number already formatted for a numeric column (e.g. dollars with two decimals: "-12.50"). */
export interface CsvNumberText {
  numeric: string;
}

/** A CSV cell as the exports build it: text, a number, formatted number text, or nothing (an empty cell). */
export type CsvValue = string | number | CsvNumberText | null | undefined;

/** Marks `text` as a formatted number of a numeric column: written as is when it is one ("-12.50"), else neutralised as text. */
export const numericText = (text: string): CsvNumberText => ({ numeric: text });

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, safe to open in a spreadsheet (docs/security.md "CSV exports", docs/billing-csv.md):
 * - text that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe
 *   (OWASP), so "=HYPERLINK(...)" typed as a patient's name stays text; so does "-5" sent as TEXT;
 * - a number (a JS `number`: units, reading values, or `numericText` such as an amount "-12.50")
 *   is written as the number, a negative one too ("-0.5" reads as a number, never as a formula);
 *   NaN and infinities become empty;
 * - null and undefined become an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) { return ''; }
  if (typeof value === 'number') { return Number.isFinite(value) ? String(value) : ''; }
  if (typeof value === 'object') { return /^-?\d+(\.\d+)?$/.test(value.numeric) ? value.numeric : csvCell(value.numeric); }
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The one CSV writer of every export (billing CSV and ZIP, device readings): a header row and
 * records, each cell through `csvCell`, quoted by csv-stringify where needed (RFC 4180), UTF-8 with
 * a byte-order mark so spreadsheets read accents right. `crlf` ends lines with CRLF (RFC 4180;
 * the billing CSV) instead of LF.
 */
export function buildCsv(header: readonly CsvValue[], records: ReadonlyArray<readonly CsvValue[]>, opts: { crlf?: boolean } = {}): string {
  const rows = [header, ...records].map((row) => row.map(csvCell));
  return '\uFEFF' + stringify(rows, opts.crlf ? { record_delimiter: 'windows' } : {});
}
