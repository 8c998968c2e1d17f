import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { message, type Lang } from './messages';

/**
 * Maps a zod issue to the spec's form message (portal-spec.md section 5), so that the browser and
 * the server give the same message for the same mistake. Custom rules carry their rule name as the
 * issue message ('phone', 'alphanumeric', 'lettersOnly', 'required'; 'timeLimit' on a maximum).
 */
export function fieldMessage(issue: z.core.$ZodIssue, lang: Lang, input?: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return input === undefined || input === null || input === '' ? message('required', lang) : message('regex', lang);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? message('required', lang) : message('min', lang, { length: Number(issue.minimum) });
      }
      if (issue.origin === 'array' || issue.origin === 'set') { return message('required', lang); }
      return message('regex', lang);
    case 'too_big':
      // A length of care time past the 2-hour limit (spec section 9) says so, as the server's rule does.
      if (issue.message === 'timeLimit') { return message('timeLimit', lang); }
      return issue.origin === 'string' ? message('max', lang, { length: Number(issue.maximum) }) : message('regex', lang);
    case 'invalid_format':
      return issue.format === 'email' ? message('email', lang) : message('regex', lang);
    case 'custom':
      if (issue.message === 'phone' || issue.message === 'alphanumeric' || issue.message === 'lettersOnly' || issue.message === 'required' || issue.message === 'endBeforeStart' || issue.message === 'mbi' || issue.message === 'duplicate') {
        return message(issue.message, lang);
      }
      return message('regex', lang);
    default:
      return message('regex', lang);
  }
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') { return undefined; }
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * Turns a zod error into `{ "field.path": message }`, first message per field, in `lang`.
 * `prefix` names the request part ('body', 'headers', ...) when several are validated together.
 */
export function fieldErrors(error: z.ZodError, input: unknown, lang: Lang, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    if (!(key in out)) { out[key] = fieldMessage(issue, lang, valueAt(input, issue.path)); }
  }
  return out;
}

// Field builders shared by API and web forms -------------------------------------------------

/** A required text field of at most `max` characters (trimmed). */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** An optional text field; empty text is kept as ''. */
export const optionalText = (max: number) => z.string().trim().max(max).optional();

const lettersOnlyPattern = /^[\p{L}][\p{L}\p{M}' .-]*$/u;
/** A person's name: letters (any script), spaces, apostrophes, hyphens and dots. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((v) => v === '' || lettersOnlyPattern.test(v), { message: 'lettersOnly' });

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(50)
  .refine((v) => /^[A-Za-z0-9._-]+$/.test(v), { message: 'alphanumeric' });

export const emailSchema = z.string().trim().min(1).max(100).pipe(z.email());

/** Passwords: 10 to 128 characters. */
export const passwordSchema = z.string().min(10).max(128);

/**
 * A phone number checked for validity in `country` (ISO 3166-1 alpha-2, default US) with
 * libphonenumber-js; empty is allowed and stored as ''. Use `toE164` to store it.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .optional();

/** Whether `phone` is valid for `country` (or in international form when it starts with '+'). */
export function isValidPhone(phone: string, country: string = 'US'): boolean {
  if (!phone) { return true; }
  try {
    return isValidPhoneNumber(phone, country.toUpperCase() as CountryCode);
  } catch {
    return false;
  }
}

/** Formats a valid phone into E.164 ('+16175551234'); a missing phone becomes ''. */
export function toE164(phone: string | null | undefined, country: string = 'US'): string {
  if (!phone) { return ''; }
  const parsed = parsePhoneNumberFromString(phone, country.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : '';
}

/** Adds a 'phone' issue at `path` when the phone is not valid for the object's country field. */
export function refinePhone<T extends { country?: string | null }>(field: keyof T & string, countryField: keyof T & string = 'country') {
  return (value: T, ctx: z.RefinementCtx) => {
    const phone = value[field] as unknown as string | undefined;
    const country = (value[countryField] as unknown as string | undefined) || 'US';
    if (phone && !isValidPhone(phone, country)) { ctx.addIssue({ code: 'custom', path: [field], message: 'phone' }); }
  };
}

/**
 * Lower-case particles of Spanish, Portuguese, Dutch and German surnames, kept lower case inside a
 * name ("Pérez de la Cruz", "van Dijk"); the first word of a name is capitalised even when it is one.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'da', 'van', 'von']);

/**
 * The spec's name normalisation (section 3: "an initial capital with the rest lowercase"), applied
 * to each word of the name, so that compound names read as people write them: every word, and every
 * part after a hyphen or an apostrophe, gets its initial capital ("ana maría pérez de la cruz" ->
 * "Ana María Pérez de la Cruz", "jean-luc o'brien" -> "Jean-Luc O'Brien"), except the particles of
 * NAME_PARTICLES after the first word. Runs of white space become one space. docs/names.md says why
 * per word rather than once per name.
 */
export function normaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      const lower = word.toLocaleLowerCase('es');
      if (index > 0 && NAME_PARTICLES.has(lower)) { return lower; }
      return lower.replace(/(^|[-'’])(\p{L})/gu, (_m, separator: string, letter: string) => separator + letter.toLocaleUpperCase('es'));
    })
    .join(' ');
}
