import { and, eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { defineFeature } from '../../lib/feature-module';
import { metadataRoutes } from './metadata.routes';
import { patientMetadata, users } from '../../db/schema/index';
import { lookupOf, type PatientOfRecord, texts } from '../../lib/audit-patients';

/** The metadata feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const metadataModule = defineFeature({
  name: 'metadata',
  routes: metadataRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    // "<organization id>:<identifier>": the one patient of that organization with that identifier,
    // else (a number) the patient with that user id, as features/measurements resolves it.
    patientIdentifier: lookupOf('text', async (db, keys) => {
      const out: PatientOfRecord[] = [];
      for (const key of texts(keys)) {
        const colon = key.indexOf(':');
        const organizationId = Number(key.slice(0, colon));
        const identifier = key.slice(colon + 1);
        const byIdentifier = await db
          .select({ patientId: users.id })
          .from(patientMetadata)
          .innerJoin(users, eq(users.id, patientMetadata.userId))
          .where(
            and(
              eq(patientMetadata.patientIdentifier, identifier),
              eq(users.roleId, Role.PATIENT),
              organizationId > 0 ? eq(users.organizationId, organizationId) : undefined,
            ),
          )
          .limit(2);
        if (byIdentifier.length === 1) { out.push({ key, patientId: byIdentifier[0]!.patientId }); }
        else if (byIdentifier.length === 0 && /^\d{1,9}$/.test(identifier)) {
          const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, Number(identifier)), eq(users.roleId, Role.PATIENT)));
          if (user) { out.push({ key, patientId: user.id }); }
        }
      }
      return out;
    }),
  },
});
