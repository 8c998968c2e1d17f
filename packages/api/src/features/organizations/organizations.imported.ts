import { eq } from 'drizzle-orm';
import type { SystemDb } from '../../db/handles';
import { organizations } from '../../db/schema/index';

/**
 * Organizations brought in by the FHIR importer (features/import; docs/architecture.md "Table
 * ownership"): system work inside the importer's transaction (`sys.db`), which spans tenants by
 * design (the caller is the system or a system admin, checked by the import service).
 */

/** Creates an organization; answers the stored row. */
export async function createImportedOrganization(sys: SystemDb, values: typeof organizations.$inferInsert): Promise<typeof organizations.$inferSelect> {
  const [row] = await sys.db.insert(organizations).values(values).returning();
  return row!;
}

/** Replaces the given fields of organization `id` (and its `updatedAt`). */
export async function updateImportedOrganization(sys: SystemDb, id: number, values: Partial<typeof organizations.$inferInsert>): Promise<void> {
  await sys.db.update(organizations).set({ ...values, updatedAt: new Date() }).where(eq(organizations.id, id));
}
