/**
 * The FDA NDC Directory's product file (https://www.fda.gov/drugs/drug-approvals-and-databases/
 * national-drug-code-directory, "NDC Database File - Text Version": product.txt, and
 * unfinished_product.txt for unfinished drugs), read into drug-product rows. Pure: bytes in, rows
 * and problems out, no database.
 *
 * The file is tab-separated with a header line naming the columns (PRODUCTID, PRODUCTNDC,
 * PRODUCTTYPENAME, PROPRIETARYNAME, PROPRIETARYNAMESUFFIX, NONPROPRIETARYNAME, DOSAGEFORMNAME,
 * ROUTENAME, STARTMARKETINGDATE, ENDMARKETINGDATE, MARKETINGCATEGORYNAME, APPLICATIONNUMBER,
 * LABELERNAME, SUBSTANCENAME, ACTIVE_NUMERATOR_STRENGTH, ACTIVE_INGRED_UNIT, PHARM_CLASSES,
 * DEASCHEDULE, ...); the unfinished file lacks the proprietary name and route columns. Columns are
 * found by name, so an added column or a new order does not break the load. Multi-valued fields are
 * separated by ';' (substances, strengths, units, routes) or ',' (pharmacologic classes).
 *
 * Bad input is reported, never fatal (docs/prescriptions.md "Import"): a row that cannot be a
 * product (wrong number of fields, no PRODUCTID, an NDC not in labeler-product form, no name, a NUL
 * character) is an `error` and left out; a row loaded with something left out is a `warning`
 * (bytes that are not UTF-8, read as Windows-1252; substances, strengths and units whose counts
 * differ, whose strengths are then left blank rather than paired wrongly; a date not YYYYMMDD; a
 * repeated PRODUCTID, the later row kept). Only a file that is not a product file at all (no header
 * with the needed columns) throws `ProductFileError`.
 */
import { parse } from 'csv-parse/sync';
import type { DrugImportProblem } from '@vigil/contract';
import type { StoredIngredient } from '../../db/schema/index';
import { moietiesOf } from './ingredients';

/** A drug product as stored (features/prescriptions/prescriptions.tables.ts `drug_products`, without ids and times). */
export interface DrugProductValues {
  source: 'fda-ndc' | 'vigil-default';
  sourceKey: string;
  productNdc: string;
  rxcui: string;
  brandName: string;
  brandNameBase: string;
  brandNameSuffix: string;
  genericName: string;
  labelerName: string;
  activeIngredients: StoredIngredient[];
  ingredientKeys: string[];
  dosageForm: string;
  routes: string[];
  productType: string;
  marketingCategory: string;
  applicationNumber: string;
  marketingStartDate: string;
  marketingEndDate: string;
  pharmClasses: string[];
  deaSchedule: string;
  finished: boolean;
  searchText: string;
}

/** What the search matches: brand, generic, ingredient names and strengths, dosage form, NDC (both forms) and RxCUI, lower case. */
export function searchTextOf(p: Omit<DrugProductValues, 'searchText' | 'ingredientKeys'>): string {
  const parts = [p.brandName, p.genericName, ...p.activeIngredients.flatMap((i) => [i.name, i.strength]), p.dosageForm, p.productNdc, p.productNdc.replace(/-/g, ''), p.rxcui];
  return parts
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Completes a product with its ingredient keys and search text. */
export function withDerived(p: Omit<DrugProductValues, 'searchText' | 'ingredientKeys'>): DrugProductValues {
  return { ...p, ingredientKeys: moietiesOf(p.activeIngredients.map((i) => i.name)), searchText: searchTextOf(p) };
}

/** The whole file cannot be read as a product file. */
export class ProductFileError extends Error {}

export interface ProductFile {
  kind: 'finished' | 'unfinished';
  /** Data rows read (lines after the header that are not empty). */
  rowsTotal: number;
  products: DrugProductValues[];
  rejected: number;
  warnings: number;
  /** The first MAX_PROBLEMS problems, in file order. */
  problems: DrugImportProblem[];
}

/** Problems kept in the report (the counts are always complete). */
export const MAX_PROBLEMS = 200;
const REQUIRED_COLUMNS = ['PRODUCTID', 'PRODUCTNDC', 'NONPROPRIETARYNAME', 'DOSAGEFORMNAME', 'SUBSTANCENAME', 'ACTIVE_NUMERATOR_STRENGTH', 'ACTIVE_INGRED_UNIT'];
/** The NDC Directory's product NDC: labeler-product, 4-4, 5-3 or 5-4 digits. */
const PRODUCT_NDC = /^(\d{4}-\d{4}|\d{5}-\d{3,4})$/;
const MAX_FIELD = 4000;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/** The file's lines decoded: UTF-8, or Windows-1252 for a line that is not valid UTF-8 (its number is returned). */
function decodeLines(data: Uint8Array): { lines: string[]; notUtf8: Set<number> } {
  const lines: string[] = [];
  const notUtf8 = new Set<number>();
  let start = 0;
  for (let i = 0; i <= data.length; i++) {
    if (i < data.length && data[i] !== 0x0a) { continue; }
    let end = i;
    if (end > start && data[end - 1] === 0x0d) { end--; }
    const bytes = data.subarray(start, end);
    try {
      lines.push(utf8.decode(bytes));
    } catch {
      notUtf8.add(lines.length + 1);
      lines.push(cp1252.decode(bytes));
    }
    start = i + 1;
  }
  if (lines.length > 0 && lines[lines.length - 1] === '') { lines.pop(); }
  if (lines[0]?.startsWith('\uFEFF')) { lines[0] = lines[0].slice(1); }
  return { lines, notUtf8 };
}

const splitList = (text: string, sep: string) =>
  text
    .split(sep)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Reads a product.txt / unfinished_product.txt. Throws ProductFileError when the first line is not its header. */
export function parseProductFile(data: Uint8Array): ProductFile {
  const { lines, notUtf8 } = decodeLines(data);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim().toUpperCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new ProductFileError(`not an FDA NDC Directory product file: the first line lacks the column(s) ${missing.join(', ')}`);
  }
  const col = new Map(header.map((h, i) => [h, i]));
  const kind = col.has('PROPRIETARYNAME') ? 'finished' : 'unfinished';
  const records = parse(lines.slice(1).join('\n'), { delimiter: '\t', quote: false, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];

  const out: ProductFile = { kind, rowsTotal: records.length, products: [], rejected: 0, warnings: 0, problems: [] };
  const byKey = new Map<string, number>();
  const problem = (line: number, productId: string, level: 'error' | 'warning', reason: string) => {
    if (level === 'error') { out.rejected++; }
    else { out.warnings++; }
    if (out.problems.length < MAX_PROBLEMS) { out.problems.push({ line, productId: productId.slice(0, 100), level, reason }); }
  };

  for (const { record, info } of records) {
    const line = info.lines + 1; // the header is line 1
    const field = (name: string) => (record[col.get(name) ?? -1] ?? '').trim();
    const productId = field('PRODUCTID');
    if (record.length !== header.length) {
      problem(line, productId, 'error', `has ${record.length} field(s), the header has ${header.length}`);
      continue;
    }
    if (record.some((v) => v.includes('\u0000'))) {
      problem(line, productId, 'error', 'contains a NUL character');
      continue;
    }
    if (record.some((v) => v.length > MAX_FIELD)) {
      problem(line, productId, 'error', `a field is longer than ${MAX_FIELD} characters`);
      continue;
    }
    if (!productId) {
      problem(line, '', 'error', 'PRODUCTID is empty');
      continue;
    }
    const productNdc = field('PRODUCTNDC');
    if (!PRODUCT_NDC.test(productNdc)) {
      problem(line, productId, 'error', `PRODUCTNDC "${productNdc.slice(0, 20)}" is not a labeler-product NDC (4-4, 5-3 or 5-4 digits)`);
      continue;
    }
    const brandNameBase = field('PROPRIETARYNAME').replace(/\s+/g, ' ');
    const brandNameSuffix = field('PROPRIETARYNAMESUFFIX').replace(/\s+/g, ' ');
    const genericName = field('NONPROPRIETARYNAME').replace(/\s+/g, ' ');
    if (!brandNameBase && !genericName) {
      problem(line, productId, 'error', 'neither PROPRIETARYNAME nor NONPROPRIETARYNAME is given');
      continue;
    }
    const warnings: string[] = [];
    if (notUtf8.has(line)) { warnings.push('bytes that are not UTF-8 were read as Windows-1252'); }
    const substances = splitList(field('SUBSTANCENAME'), ';');
    const strengths = splitList(field('ACTIVE_NUMERATOR_STRENGTH'), ';');
    const units = splitList(field('ACTIVE_INGRED_UNIT'), ';');
    let activeIngredients: StoredIngredient[];
    if (substances.length === strengths.length && strengths.length === units.length) {
      activeIngredients = substances.map((name, i) => ({ name, strength: `${strengths[i]} ${units[i]}` }));
    } else {
      activeIngredients = substances.map((name) => ({ name, strength: '' }));
      warnings.push(`${substances.length} substance(s), ${strengths.length} strength(s) and ${units.length} unit(s): strengths left blank rather than paired`);
    }
    if (substances.length === 0) { warnings.push('no active ingredient is listed'); }
    const date = (name: string) => {
      const v = field(name);
      if (v === '' || /^\d{8}$/.test(v)) { return v; }
      warnings.push(`${name} "${v.slice(0, 20)}" is not YYYYMMDD: left blank`);
      return '';
    };
    const values = withDerived({
      source: 'fda-ndc',
      sourceKey: productId,
      productNdc,
      rxcui: '',
      brandName: [brandNameBase, brandNameSuffix].filter(Boolean).join(' '),
      brandNameBase,
      brandNameSuffix,
      genericName,
      labelerName: field('LABELERNAME'),
      activeIngredients,
      dosageForm: field('DOSAGEFORMNAME').replace(/\s+/g, ' '),
      routes: splitList(field('ROUTENAME'), ';'),
      productType: field('PRODUCTTYPENAME'),
      marketingCategory: field('MARKETINGCATEGORYNAME'),
      applicationNumber: field('APPLICATIONNUMBER'),
      marketingStartDate: date('STARTMARKETINGDATE'),
      marketingEndDate: date('ENDMARKETINGDATE'),
      pharmClasses: splitList(field('PHARM_CLASSES'), ','),
      deaSchedule: field('DEASCHEDULE'),
      finished: kind === 'finished',
    });
    const seen = byKey.get(productId);
    if (seen !== undefined) {
      warnings.push(`PRODUCTID repeats line ${seen}: this later row is kept`);
      const at = out.products.findIndex((p) => p.sourceKey === productId);
      out.products.splice(at, 1);
    }
    byKey.set(productId, line);
    out.products.push(values);
    for (const w of warnings) { problem(line, productId, 'warning', w); }
  }
  return out;
}
