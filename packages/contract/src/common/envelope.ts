import { z } from 'zod';
import { intTextSchema } from './ids';

/**
 * The spec's response envelope (section 7): `{ resFlag, data, msg }`. A failed call has
 * resFlag false, data null and a message; validation failures add `errors`, a per-field map of
 * messages from the form-message table, and a `code` naming the catalogue entry.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    resFlag: z.boolean(),
    data,
    msg: z.string(),
  });
}

export const errorEnvelopeSchema = z.object({
  resFlag: z.literal(false),
  data: z.null(),
  msg: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  resFlag: boolean;
  data: T;
  msg: string;
}

/** A page of a server-side paged, sorted and filtered list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Query for paged lists: page is 1-based; sort is a field name, optionally prefixed with '-' for descending. */
export const pageQuerySchema = z.object({
  page: intTextSchema(1, 100_000).default(1),
  pageSize: intTextSchema(1, 200).default(25),
  sort: z.string().max(40).optional(),
  search: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
