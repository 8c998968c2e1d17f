import { z } from 'zod';

/**
 * The largest id a column can hold: ids are PostgreSQL `integer` (int4) columns, so anything past
 * 2^31-1 can name no row and must be refused before it reaches the database (docs/security.md).
 */
export const MAX_ID = 2_147_483_647;

/** Whole decimal text as sent in headers, query strings and paths: digits only, at most 10 of them. */
const decimalText = /^\d{1,10}$/;

/**
 * An id in a request body: a JSON integer from 1 to MAX_ID and nothing else (no `true`, no
 * fractions, no text; docs/security.md "Ids").
 */
export const bodyIdSchema = z.number().int().min(1).max(MAX_ID);

/**
 * An id in a header, query string or path (where HTTP carries text): a JSON integer or whole
 * decimal text ("42"), from 1 to MAX_ID. Booleans, '1e3', '0x10', ' 7 ' and anything longer than
 * ten digits are refused (400 with the form message), never coerced (docs/security.md "Ids").
 */
export const idSchema = z.union([bodyIdSchema, z.string().regex(decimalText).transform(Number).pipe(bodyIdSchema)]);
export type Id = z.infer<typeof idSchema>;

/**
 * A whole number passed as a header or query text or as a JSON number (months, years, statuses,
 * page numbers): the same rules as `idSchema` (no booleans, no fractions, whole decimal text only,
 * an optional leading '-'), bounded by `min` and `max`.
 */
export const intTextSchema = (min: number, max: number) => {
  const bounded = z.number().int().min(min).max(max);
  return z.union([bounded, z.string().regex(/^-?\d{1,10}$/).transform(Number).pipe(bounded)]);
};

/** Booleans passed as headers or query text ('true' / 'false' / '1' / '0'). */
export const boolTextSchema = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** An id list passed as a header: "1,2,3" or a JSON array; every id bounded as `idSchema`. */
export const idListTextSchema = z.union([
  z.array(bodyIdSchema).max(1000),
  z.string().max(20_000).transform((text, ctx) => {
    let parts: unknown[];
    try {
      const parsed: unknown = text.trim().startsWith('[') ? JSON.parse(text) : text.split(',');
      parts = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      ctx.addIssue({ code: 'custom', message: 'regex' });
      return z.NEVER;
    }
    const ids = parts.map((p) => (typeof p === 'number' ? p : typeof p === 'string' && decimalText.test(p.trim()) ? Number(p.trim()) : NaN));
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: 'regex' });
      return z.NEVER;
    }
    return ids;
  }),
]);
