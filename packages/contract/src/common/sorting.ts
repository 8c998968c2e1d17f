import { z } from 'zod';

/** The sort keys of a list over `fields`: each field ascending, and with a leading '-' descending. */
export type SortKey<F extends string> = F | `-${F}`;

/** Every sort key of `fields`, ascending keys first ('name', ..., '-name', ...). */
export function sortKeysOf<const F extends readonly [string, ...string[]]>(fields: F): [SortKey<F[number]>, ...SortKey<F[number]>[]] {
  return [...fields, ...fields.map((f) => `-${f}` as const)] as [SortKey<F[number]>, ...SortKey<F[number]>[]];
}

/**
 * The optional `sort` query parameter of a list endpoint: one of `fields`, with a leading '-' for
 * descending (the API's `parseSort` in db/query-helpers.ts reads it back). An unknown key answers
 * 400 through the contract's validation, so repos sort only by whitelisted fields. Typed as a
 * string (the web's shared table state passes any sort string; the server checks the key).
 */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.enum(sortKeysOf(fields) as unknown as [string, ...string[]]).optional();
}
