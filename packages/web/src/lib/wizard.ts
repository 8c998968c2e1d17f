import type { z } from 'zod';
import { zodValidate } from './forms';

/**
 * The errors of one wizard step: the whole body is checked against the contract schema (so the
 * messages are the server's), and only the errors of `fields` (the step's fields) are kept. An
 * error on a nested path ('hospitalIds.0') is reported on its step field ('hospitalIds').
 */
export function stepErrors<T>(schema: z.ZodType<unknown, T>, body: T, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(zodValidate(schema)(body))) {
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && !(field in out)) out[field] = text;
  }
  return out;
}
