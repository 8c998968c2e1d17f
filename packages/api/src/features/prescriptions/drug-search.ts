/**
 * How a drug search text is read (docs/prescriptions.md "Search"). Pure: the repo turns the
 * parsed query into SQL. A query is either an NDC / RxCUI (digits and hyphens) or words; words are
 * lower-cased, split on spaces and commas, at most MAX_TOKENS of them, each at most 40 characters.
 */

export const MAX_TOKENS = 6;

export type DrugQuery =
  /** Digits (and hyphens): an NDC prefix (hyphens ignored) or an RxCUI. */
  | { kind: 'code'; text: string; digits: string }
  /** Words: every token must match (brand, generic, ingredient, strength, form, NDC). */
  | { kind: 'words'; text: string; tokens: string[] }
  | { kind: 'empty' };

/** Parses a search text. */
export function parseDrugQuery(search: string): DrugQuery {
  const text = search
    .toLowerCase()
    .replace(/[\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') { return { kind: 'empty' }; }
  if (/^[\d-]+$/.test(text)) {
    const digits = text.replace(/-/g, '');
    if (digits.length > 0) { return { kind: 'code', text, digits }; }
  }
  const tokens = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((t) => t.slice(0, 40))
        .filter(Boolean),
    ),
  ].slice(0, MAX_TOKENS);
  return tokens.length === 0 ? { kind: 'empty' } : { kind: 'words', text: tokens.join(' '), tokens };
}

/** Words of a search text worth a typo match: letters only (no strengths or codes), 3 characters or more. */
export function dictionaryWords(searchText: string): string[] {
  return [...new Set(searchText.split(/[^a-z]+/).filter((w) => w.length >= 3))];
}

/** `text` quoted for a PostgreSQL regular expression (ARE), to match literally. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
