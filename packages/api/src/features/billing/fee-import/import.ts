/**
 * Loads a CMS PFS release (PPRRVU + GPCI CSVs) into the fee schedule (fee_schedule, reference
 * data with no tenant): the amounts of the codes the engine bills (engine/codes.ts), in NATIONAL
 * and in every locality of the GPCI file. See pfs.ts for the layout and the formula (CMS).
 */
import type { Executor } from '../../../db/client';
import { catalogueDb } from '../../../db/handles';
import { codeCatalogue } from '../engine/codes';
import { upsertFees } from '../billing-settings.repo';
import { computeAmounts, FeeFileError, parseGpci, parsePprrvu } from './pfs';

/** What an import did: the codes found, the localities (with NATIONAL), the rows written. */
export interface PfsImportResult {
  year: number;
  conversionFactor: string;
  codes: string[];
  /** Billed codes the RVU file does not have: they keep their saved amount, or stay "amount not loaded". */
  missingCodes: string[];
  localities: number;
  inserted: number;
  updated: number;
}

/**
 * Parses both files, computes the amounts and upserts them for `year` in one transaction (a file
 * in another layout changes nothing). `conversionFactor` (dollars, e.g. '33.4009') wins over the
 * file's CONV FACTOR; without either, throws. Throws {@link FeeFileError} on a layout problem.
 */
export async function importPfs(db: Executor, year: number, rvuCsv: string, gpciCsv: string, conversionFactor?: string): Promise<PfsImportResult> {
  if (!Number.isInteger(year) || year < 1992 || year > 2100) { throw new FeeFileError('year: not a calendar year'); }
  const billed = new Set(codeCatalogue.map((c) => c.code));
  const { rows, cf: fileCf } = parsePprrvu(rvuCsv, billed);
  const cf = conversionFactor ?? fileCf;
  if (!cf) { throw new FeeFileError('no conversion factor (CONV FACTOR column, CONVERSION FACTOR row or --cf)'); }
  const gpcis = parseGpci(gpciCsv);
  const amounts = computeAmounts(rows, gpcis, cf);
  const { inserted, updated } = await upsertFees(catalogueDb(db), year, amounts);
  const found = new Set(rows.map((r) => r.code));
  return {
    year,
    conversionFactor: cf,
    codes: [...found].sort(),
    missingCodes: [...billed].filter((c) => !found.has(c)).sort(),
    localities: gpcis.length + 1,
    inserted,
    updated,
  };
}
