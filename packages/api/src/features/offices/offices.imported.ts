import { eq } from 'drizzle-orm';
import type { SystemDb } from '../../db/handles';
import { hospitals } from '../../db/schema/index';

/**
 * Offices (the spec's hospitals) brought in by the FHIR importer's Locations (features/import;
 * docs/architecture.md "Table ownership"): system work inside the importer's transaction.
 */

/** Creates an office; answers the stored row. */
export async function createImportedOffice(sys: SystemDb, values: typeof hospitals.$inferInsert): Promise<typeof hospitals.$inferSelect> {
  const [row] = await sys.db.insert(hospitals).values(values).returning();
  return row!;
}

/** Replaces the given fields of office `id` (and its `updatedAt`). */
export async function updateImportedOffice(sys: SystemDb, id: number, values: Partial<typeof hospitals.$inferInsert>): Promise<void> {
  await sys.db.update(hospitals).set({ ...values, updatedAt: new Date() }).where(eq(hospitals.id, id));
}
