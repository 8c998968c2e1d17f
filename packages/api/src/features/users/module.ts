import { and, eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { defineFeature } from '../../lib/feature-module';
import { usersRoutes } from './users.routes';
import { users } from '../../db/schema/index';
import { anyId, lookupOf } from '../../lib/audit-patients';

/** The users feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const usersModule = defineFeature({
  name: 'users',
  routes: usersRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    // Any user: recorded as the patient only when that user is one.
    user: lookupOf('id', (db, keys) => db.select({ key: users.id, patientId: users.id }).from(users).where(and(anyId(users.id, keys), eq(users.roleId, Role.PATIENT)))),
  },
});
