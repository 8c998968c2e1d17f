import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { verifiers } from '../schema/index';
import { icd10cmChapters } from './data/icd10cm';
import { referenceValuesByDomain } from './data/reference-values';

type VerifierRow = typeof verifiers.$inferInsert;

/**
 * Every seeded verifier row: the eight listed domains (data/reference-values.ts, sortOrder = list
 * position from 1) and ICD_10_MAIN_CODES (data/icd10cm.ts): each chapter with lowValue = its range
 * and sortOrder = chapter x 1000, each category with parentLowValue = its chapter's range and
 * sortOrder = chapter x 1000 + position, so "sortOrder then description" lists a chapter followed
 * by its categories.
 */
export function seedVerifierRows(): VerifierRow[] {
  const rows: VerifierRow[] = [];
  for (const [rvDomain, values] of Object.entries(referenceValuesByDomain)) {
    values.forEach((v, i) =>
      rows.push({
        rvDomain,
        lowValue: v.lowValue,
        highValue: v.highValue ?? '',
        longDescription: v.en,
        longDescriptionEsp: v.es,
        parentLowValue: '',
        sortOrder: i + 1,
        status: 1,
      }),
    );
  }
  for (const chapter of icd10cmChapters) {
    rows.push({
      rvDomain: 'ICD_10_MAIN_CODES',
      lowValue: chapter.range,
      highValue: '',
      longDescription: chapter.en,
      longDescriptionEsp: chapter.es,
      parentLowValue: '',
      sortOrder: chapter.chapter * 1000,
      status: 1,
    });
    chapter.categories.forEach((category, i) =>
      rows.push({
        rvDomain: 'ICD_10_MAIN_CODES',
        lowValue: category.code,
        highValue: '',
        longDescription: category.en,
        longDescriptionEsp: category.es,
        parentLowValue: chapter.range,
        sortOrder: chapter.chapter * 1000 + i + 1,
        status: 1,
      }),
    );
  }
  return rows;
}

/**
 * Seeds the reference values of every verifier domain the spec names (portal-spec.md section 7).
 * Runs at every start: one batched upsert on (rv_domain, low_value) that rewrites a seeded row only
 * when its seeded fields differ, so a restart with unchanged data writes nothing. Seeded rows are
 * the product's reference data: an edit of a seeded description, highValue, parent or sortOrder,
 * or the deletion of a seeded row, is undone at the next start. `status` is set on insert only, so
 * an administrator may deactivate a seeded value for good; values administrators add are never
 * touched.
 */
export async function seedVerifiers(db: Db): Promise<void> {
  const changed = sql`(${verifiers.highValue}, ${verifiers.longDescription}, ${verifiers.longDescriptionEsp}, ${verifiers.parentLowValue}, ${verifiers.sortOrder})
    is distinct from (excluded.high_value, excluded.long_description, excluded.long_description_esp, excluded.parent_low_value, excluded.sort_order)`;
  await db
    .insert(verifiers)
    .values(seedVerifierRows())
    .onConflictDoUpdate({
      target: [verifiers.rvDomain, verifiers.lowValue],
      set: {
        highValue: sql`excluded.high_value`,
        longDescription: sql`excluded.long_description`,
        longDescriptionEsp: sql`excluded.long_description_esp`,
        parentLowValue: sql`excluded.parent_low_value`,
        sortOrder: sql`excluded.sort_order`,
      },
      setWhere: changed,
    });
}
