/**
 * Readers of the ICD-10-CM code files (docs/diagnoses.md "Loading a release"). Pure: text in, code
 * rows out, no database.
 *
 * - The vendored FY2025 list (`packages/api/data/icd10cm`, CSV `Code,Description,ChapterID,SectionID`)
 *   carries no billable flag: a code is billable when no other code of the list extends it (a leaf),
 *   except in the categories whose codes need a 7th character (`needsSeventhCharacter`), which the
 *   list leaves out.
 * - The vendored alphabetic index (CSV `RowID,Letter,Level,Term,See,SeeAlso,NonEssModif,Code`) gives
 *   each code the index paths that lead to it ("Diabetes, diabetic type 2" -> E11.9).
 * - The official CDC/CMS files (https://www.cms.gov/medicare/coding-billing/icd-10-codes, "Code
 *   Descriptions in Tabular Order"): the order file `icd10cm_order_YYYY.txt` (fixed width: order
 *   number 1-5, code 7-13 without its dot, valid-for-HIPAA flag 15 (1 billable, 0 header), short
 *   description 17-76, long description 78 on; as described in the release's
 *   icd10cm_order_YYYY.pdf) and the codes file `icd10cm_codes_YYYY.txt` (billable codes only: the
 *   code, spaces, the long description).
 */
import { parse } from 'csv-parse/sync';

/** One code as stored in `icd10cm_codes`. */
export interface Icd10cmCodeRow {
  code: string;
  codeCompact: string;
  description: string;
  billable: boolean;
  category: string;
  chapter: number | null;
  terms: string;
}

/** A code file that cannot be read: `line` is 1-based (0 for the file as a whole). */
export class Icd10cmFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
  }
}

/** ICD-10-CM code without its dot: a letter, a digit, a digit or letter, then up to four more. */
const COMPACT_CODE = /^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$/;

/** "E119" -> "E11.9"; "I10" -> "I10". */
export function withDot(compact: string): string {
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/** "e11.9" / "E119" / " E11.9 " -> "E119" (upper case, no dot, no spaces). */
export function compactCode(code: string): string {
  return code.trim().toUpperCase().replace(/\./g, '');
}

/**
 * Code prefixes whose codes need a 7th character (an encounter or a fetus / stage / coma-scale
 * extension) in the FY2025 tabular list: injuries and poisonings S00-T88 (but not T30-T32, burn
 * extent), external causes V00-Y38, pathological and stress fractures (M48.4, M48.5, M80,
 * M84.3-M84.6, M84.75, M97), glaucoma stage (H40.10-H40.15, H40.20-H40.22, H40.3-H40.6), coma scale
 * R40.21-R40.24, and the pregnancy categories with a fetus character (O31-O36 parts, O40, O41,
 * O60.1, O60.2, O64, O69). Used only for the vendored list, which has no flag and no extended codes;
 * the official order file says it for every code.
 */
const SEVENTH_CHARACTER_PREFIXES = [
  'M484', 'M485', 'M80', 'M843', 'M844', 'M845', 'M846', 'M8475', 'M97',
  'H4010', 'H4011', 'H4012', 'H4013', 'H4014', 'H4015', 'H4020', 'H4021', 'H4022', 'H403', 'H404', 'H405', 'H406',
  'R4021', 'R4022', 'R4023', 'R4024',
  'O31', 'O32', 'O333', 'O334', 'O335', 'O336', 'O337', 'O35', 'O36', 'O40', 'O41', 'O601', 'O602', 'O64', 'O69',
];

/** Whether the vendored list's code `compact` needs a 7th character to be billable (see SEVENTH_CHARACTER_PREFIXES). */
export function needsSeventhCharacter(compact: string): boolean {
  const letter = compact[0]!;
  const two = Number(compact.slice(1, 3));
  if (letter === 'S') { return true; }
  if (letter === 'T') { return !(two >= 30 && two <= 32); }
  if (letter === 'V' || letter === 'W' || letter === 'X') { return true; }
  if (letter === 'Y') { return two <= 38; }
  return SEVENTH_CHARACTER_PREFIXES.some((p) => compact.startsWith(p));
}

type CsvRecord = Record<string, string>;

function readCsv(text: string): CsvRecord[] {
  try {
    return parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true, trim: false }) as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new Icd10cmFileError(line, 'malformed CSV');
  }
}

/**
 * The alphabetic index as code -> terms: each entry's path from its main term ("Diabetes,
 * diabetic" > "type 2"), joined with spaces, for every entry that names a code. Cross-references
 * (See / See also) name no code and add nothing.
 */
export function indexTermsByCode(indexCsv: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const path: string[] = [];
  for (const r of readCsv(indexCsv)) {
    const level = Number(r.Level);
    if (!Number.isInteger(level) || level < 0) { continue; }
    path.length = level;
    path[level] = (r.Term ?? '').trim();
    const code = (r.Code ?? '').trim().toUpperCase();
    if (!code) { continue; }
    const key = code.replace(/[-.]+$/, '');
    const terms = out.get(key) ?? [];
    const text = path.join(' ').replace(/\s+/g, ' ').trim();
    if (!terms.includes(text)) { terms.push(text); }
    out.set(key, terms);
  }
  return out;
}

/** The terms text of a code (at most 20 paths, so one common code does not carry a page of text). */
const termsText = (terms: string[] | undefined) => (terms ?? []).slice(0, 20).join(' | ');

/**
 * The vendored code list (CSV) with its index terms. Billable: a leaf not under a 7th-character
 * category. Throws Icd10cmFileError for a row without a well-formed code or a description.
 */
export function parseVendoredCodes(codesCsv: string, indexCsv: string): Icd10cmCodeRow[] {
  const records = readCsv(codesCsv);
  const terms = indexTermsByCode(indexCsv);
  const compacts = records.map((r, i) => {
    const compact = compactCode(r.Code ?? '');
    if (!COMPACT_CODE.test(compact) || !(r.Description ?? '').trim()) { throw new Icd10cmFileError(i + 2, 'a code and its description are required'); }
    return compact;
  });
  const sorted = [...compacts].sort();
  const hasChild = new Set<string>();
  for (let i = 0; i + 1 < sorted.length; i++) { if (sorted[i + 1]!.startsWith(sorted[i]!)) { hasChild.add(sorted[i]!); } }
  return records.map((r, i) => {
    const compact = compacts[i]!;
    const code = withDot(compact);
    const chapter = Number(r.ChapterID);
    return {
      code,
      codeCompact: compact,
      description: r.Description!.trim(),
      billable: !hasChild.has(compact) && !needsSeventhCharacter(compact),
      category: compact.slice(0, 3),
      chapter: Number.isInteger(chapter) && chapter >= 1 && chapter <= 22 ? chapter : null,
      terms: termsText(terms.get(code)),
    };
  });
}

/**
 * An official CDC/CMS code file, order or codes format (told apart by the first line: an order
 * file's lines begin with a five-digit order number). `terms` (from the vendored index) adds the
 * index paths; `chapters` maps a category to its chapter when known. At most 200,000 lines.
 * Throws Icd10cmFileError naming the first bad line (a wrong layout, a malformed code, a flag other
 * than 0/1, a missing description, a repeated code) or an empty file.
 */
export function parseOfficialCodeFile(text: string, terms: Map<string, string[]>, chapters: Map<string, number>): Icd10cmCodeRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const firstLine = lines.find((l) => l.trim() !== '');
  if (firstLine === undefined) { throw new Icd10cmFileError(0, 'the file is empty'); }
  if (lines.length > 200_000) { throw new Icd10cmFileError(0, 'more than 200,000 lines'); }
  const orderFormat = /^\d{5} /.test(firstLine);
  const rows: Icd10cmCodeRow[] = [];
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (line.trim() === '') { return; }
    let compact: string;
    let billable: boolean;
    let description: string;
    if (orderFormat) {
      if (!/^\d{5} /.test(line) || line.length < 17 || line[13] !== ' ' || line[15] !== ' ') { throw new Icd10cmFileError(i + 1, 'not in the order file layout'); }
      compact = line.slice(6, 13).trim();
      const flag = line[14];
      if (flag !== '0' && flag !== '1') { throw new Icd10cmFileError(i + 1, 'the billable flag must be 0 or 1'); }
      billable = flag === '1';
      description = (line.length > 77 ? line.slice(77) : line.slice(16)).trim();
    } else {
      const match = /^(\S+)\s+(.+)$/.exec(line.trim());
      if (!match) { throw new Icd10cmFileError(i + 1, 'a code and its description are required'); }
      compact = match[1]!;
      billable = true;
      description = match[2]!.trim();
    }
    compact = compact.toUpperCase();
    if (!COMPACT_CODE.test(compact)) { throw new Icd10cmFileError(i + 1, 'not an ICD-10-CM code'); }
    if (!description) { throw new Icd10cmFileError(i + 1, 'the description is missing'); }
    if (seen.has(compact)) { throw new Icd10cmFileError(i + 1, 'the code is listed twice'); }
    seen.add(compact);
    const code = withDot(compact);
    const category = compact.slice(0, 3);
    rows.push({ code, codeCompact: compact, description, billable, category, chapter: chapters.get(category) ?? null, terms: termsText(terms.get(code)) });
  });
  return rows;
}

/**
 * The text the word search reads: the description and index terms in lower case, every run of
 * characters other than letters and digits made one space, with a space in front: each word then
 * follows a space, so `LIKE '% hyper%'` finds words starting with "hyper", and pg_trgm's index
 * reads it as word-start trigrams (selective even for three typed letters).
 */
export function searchTextOf(row: Pick<Icd10cmCodeRow, 'description' | 'terms'>): string {
  return ` ${`${row.description} ${row.terms}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}
