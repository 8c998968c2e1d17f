/**
 * JSON equality regardless of object key order (jsonb stores keys in its own order), for "did a
 * re-imported record change?" (features/import, features/measurements imported-readings.ts).
 * Arrays compare in order; numbers, strings, booleans and null by value.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, canonical(x)]))
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
