import type { z } from 'zod';
import { fieldErrors } from '@vigil/contract';
import { currentLang } from './i18n';
import { ApiError } from './api-client';

/**
 * A @mantine/form `validate` function from a contract schema: the same rule gives the same
 * message in the browser as from the server (spec section 5's table, in the UI language).
 */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error, values, currentLang());
  };
}

/** Field errors of a failed call, for `form.setErrors`. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fieldErrors : {};
}
