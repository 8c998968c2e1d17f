/**
 * Request input that no field may carry (docs/security.md "Bad input"): the NUL character. PostgreSQL
 * text cannot hold it (the driver fails with 22021 and the request would answer 500), and no field of
 * the spec (section 5) has a use for it. Checked once for every contract endpoint in `route.ts`,
 * before the schemas run, over headers, query, path parameters and body.
 */
const NUL = '\u0000';

/** How deep a body is walked; deeper structures are refused by the schemas anyway. */
const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (or object key) holding a NUL character in `value`, or null.
 * `prefix` names the request part ('headers', 'query', ...). Arrays and objects are walked to
 * MAX_DEPTH levels; a structure nested deeper is reported at the level where the walk stopped.
 */
export function findNulCharacter(value: unknown, prefix: string, depth = 0): string | null {
  if (typeof value === 'string') { return value.includes(NUL) ? prefix : null; }
  if (value === null || typeof value !== 'object') { return null; }
  if (depth >= MAX_DEPTH) { return prefix; }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (key.includes(NUL)) { return prefix || '_'; }
    const found = findNulCharacter(item, path, depth + 1);
    if (found !== null) { return found; }
  }
  return null;
}

/** How deeply nested a JSON document from outside (webhook, file, socket frame) may be. */
export const MAX_JSON_NESTING = 64;

/**
 * Whether the arrays and objects of the JSON `text` nest deeper than `maxNesting` levels, measured
 * on the text itself by one pass that skips string literals, before anything is built: a body nested
 * 100,000 levels deep (a signed webhook, an uploaded FHIR file) is found without walking it
 * recursively, which would exhaust the stack in JSON.stringify or jsonb (docs/security.md "Bad input").
 */
export function jsonNestingExceeds(text: string, maxNesting = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) { i++; } // backslash: skip the escaped character
      else if (c === 0x22) { inString = false; }
      continue;
    }
    if (c === 0x22) { inString = true; }
    else if (c === 0x5b || c === 0x7b) { if (++depth > maxNesting) { return true; } }
    else if (c === 0x5d || c === 0x7d) { depth--; }
  }
  return false;
}

/**
 * `JSON.parse(text)` for a document from outside, or undefined when it is not JSON or nests deeper
 * than `maxNesting` levels (`jsonNestingExceeds`).
 */
export function parseJsonWithin(text: string, maxNesting = MAX_JSON_NESTING): unknown {
  if (jsonNestingExceeds(text, maxNesting)) { return undefined; }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
