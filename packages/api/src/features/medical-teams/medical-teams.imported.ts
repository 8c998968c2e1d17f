import { and, eq } from 'drizzle-orm';
import type { SystemDb } from '../../db/handles';
import { medicalTeamMembers, medicalTeams } from '../../db/schema/index';

/**
 * Medical teams the FHIR importer makes for its patients (a team per patient and office, with a
 * doctor and a nurse of the office; features/import, docs/architecture.md "Table ownership"):
 * system work inside the importer's transaction.
 */

/** The patient's medical team in an office, created when missing. */
export async function ensureImportedMedicalTeam(sys: SystemDb, patientId: number, hospitalId: number): Promise<{ id: number; created: boolean }> {
  const inserted = await sys.db.insert(medicalTeams).values({ patientId, hospitalId }).onConflictDoNothing().returning({ id: medicalTeams.id });
  if (inserted[0]) { return { id: inserted[0].id, created: true }; }
  const [row] = await sys.db
    .select({ id: medicalTeams.id })
    .from(medicalTeams)
    .where(and(eq(medicalTeams.patientId, patientId), eq(medicalTeams.hospitalId, hospitalId)))
    .limit(1);
  return { id: row!.id, created: false };
}

/** Adds user `userId` to team `teamId` unless already in it; true when added. */
export async function addImportedTeamMember(sys: SystemDb, teamId: number, userId: number): Promise<boolean> {
  const rows = await sys.db.insert(medicalTeamMembers).values({ medicalTeamId: teamId, userId }).onConflictDoNothing().returning({ userId: medicalTeamMembers.userId });
  return rows.length > 0;
}
