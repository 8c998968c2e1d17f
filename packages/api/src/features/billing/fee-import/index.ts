/** CMS Physician Fee Schedule import (RVU + GPCI files): see pfs.ts and import.ts. */
export { computeAmounts, FeeFileError, parseGpci, parsePprrvu } from './pfs';
export type { GpciRow, LocalityAmount, RvuRow } from './pfs';
export { importPfs } from './import';
export type { PfsImportResult } from './import';
