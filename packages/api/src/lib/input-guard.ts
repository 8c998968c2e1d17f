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
