/**
 * The full vendored FY2025 code set as the search holds it (icd10cm-index.ts), for the tests of
 * the search's rules on real codes (icd10cm-ranking.test.ts, icd10cm-benchmark-set.test.ts). Built
 * once per test file (a few seconds: parsing the code list and the alphabetic index).
 */
import { readVendoredFiles } from './icd10cm.loader';
import { parseVendoredCodes, searchTextOf, type Icd10cmCodeRow } from './icd10cm.parse';
import { Icd10cmIndex } from './icd10cm-index';

/** The full vendored code set's rows and its search index. */
export function fullCodeSet(): { rows: Icd10cmCodeRow[]; index: Icd10cmIndex } {
  const { codes, index } = readVendoredFiles('full');
  const rows = parseVendoredCodes(codes, index);
  return { rows, index: new Icd10cmIndex(rows.map((r) => ({ ...r, searchText: searchTextOf(r) }))) };
}
