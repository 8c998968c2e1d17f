import { z } from 'zod';

/** Database ids are positive integers; they arrive as numbers in bodies and as text in headers and paths. */
export const idSchema = z.coerce.number().int().positive();
export type Id = z.infer<typeof idSchema>;

/** Booleans passed as headers or query text ('true' / 'false' / '1' / '0'). */
export const boolTextSchema = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** An id list passed as a header: "1,2,3" or a JSON array. */
export const idListTextSchema = z.union([
  z.array(idSchema),
  z.string().transform((text, ctx) => {
    const parts = text.trim().startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split(',');
    const ids = parts.map((p) => Number(String(p).trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'regex' });
      return z.NEVER;
    }
    return ids;
  }),
]);
