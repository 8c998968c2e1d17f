/**
 * The data layer's shared helpers, in one place: LIKE escaping, paging, sort keys and PostgreSQL
 * error codes. Every repo and service uses these instead of writing its own (HOUSE_STYLE section 8).
 */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` with LIKE's wildcards (`%`, `_`) and the escape character (`\`) escaped, for a literal match. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => '\\' + c);

/** The LIKE / ILIKE pattern that matches `term` anywhere in a text (`%term%`, wildcards escaped). */
export const likeTerm = (term: string): string => '%' + escapeLike(term) + '%';

/** The rows to skip for page `page` (1-based) of `pageSize` rows: the list's OFFSET. */
export const pageOffset = (q: { page: number; pageSize: number }): number => (q.page - 1) * q.pageSize;

/**
 * A list's `sort` value as the contract declares it (contract common/sorting.ts: a field, with a
 * leading '-' for descending) split into its field and direction; `fallback` when absent.
 */
export function parseSort<F extends string>(sort: `${F}` | `-${F}` | undefined, fallback: F): { field: F; descending: boolean } {
  if (!sort) { return { field: fallback, descending: false }; }
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as F, descending };
}

/** The PostgreSQL error codes the API answers with a 4xx (PostgreSQL manual, appendix A "Error codes"). */
export const PgErrorCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
} as const;

/** The PostgreSQL error code of `error` or of its cause (drizzle wraps the driver's error); undefined otherwise. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a unique-constraint violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === PgErrorCode.uniqueViolation;

/** Whether `error` is a foreign-key violation (23503): a row still in use, or a missing referenced row. */
export const isForeignKeyViolation = (error: unknown): boolean => pgCode(error) === PgErrorCode.foreignKeyViolation;

/**
 * An ORDER BY term from a sort key of a list call: `name` ascending, `-name` descending, over a
 * whitelist of sortable expressions (an unknown key sorts by `fallback`).
 */
export function orderOf(sort: string | undefined, columns: Record<string, AnyColumn | SQL>, fallback: string): SQL {
  const key = sort ?? fallback;
  const descending = key.startsWith('-');
  const column = columns[descending ? key.slice(1) : key] ?? columns[fallback]!;
  return descending ? desc(column) : asc(column);
}
