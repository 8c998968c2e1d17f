import { eq } from 'drizzle-orm';
import type { SystemDb } from '../../db/handles';
import { userHospitals, users } from '../../db/schema/index';

/**
 * Users brought in by the FHIR importer (Practitioners and Patients, features/import;
 * docs/architecture.md "Table ownership"): system work inside the importer's transaction, which
 * spans tenants by design.
 */

/** Creates a user; answers the stored row. */
export async function createImportedUser(sys: SystemDb, values: typeof users.$inferInsert): Promise<typeof users.$inferSelect> {
  const [row] = await sys.db.insert(users).values(values).returning();
  return row!;
}

/** Replaces the given fields of user `id` (and its `updatedAt`). */
export async function updateImportedUser(sys: SystemDb, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await sys.db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Assigns user `userId` to office `hospitalId` unless already assigned; true when a row was added. */
export async function ensureImportedOfficeAssignment(sys: SystemDb, userId: number, hospitalId: number, isAdmin = false): Promise<boolean> {
  const rows = await sys.db.insert(userHospitals).values({ userId, hospitalId, isAdmin }).onConflictDoNothing().returning({ userId: userHospitals.userId });
  return rows.length > 0;
}
