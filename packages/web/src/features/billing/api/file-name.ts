/** A name for a file name: lower case, accents dropped, words joined by hyphens (docs/billing-csv.md "File names"). */
export function slug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'billing'
  );
}

/** `2026-03`: a billing month in file names (docs/billing-csv.md "File names"). */
export const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
