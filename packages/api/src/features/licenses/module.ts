import { and, desc, isNull } from 'drizzle-orm';
import { defineFeature } from '../../lib/feature-module';
import { licensesRoutes } from './licenses.routes';
import { licenseAssignments } from '../../db/schema/index';
import { anyId, lookupOf } from '../../lib/audit-patients';

/** The licenses feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const licensesModule = defineFeature({
  name: 'licenses',
  routes: licensesRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    // The licence's holder now; a licence no one holds names none.
    license: lookupOf('id', (db, keys) =>
      db
        .select({ key: licenseAssignments.licenseId, patientId: licenseAssignments.patientId })
        .from(licenseAssignments)
        .where(and(anyId(licenseAssignments.licenseId, keys), isNull(licenseAssignments.endedAt)))
        .orderBy(desc(licenseAssignments.assignedAt))),
  },
});
