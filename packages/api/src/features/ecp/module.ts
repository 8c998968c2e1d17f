import { sql } from 'drizzle-orm';
import { defineFeature } from '../../lib/feature-module';
import { ecpRoutes } from './ecp.routes';
import { ecpSendJobDefinition } from './ecp-send';
import { ecpLogs, ecpOutbound, measurements } from '../../db/schema/index';
import { anyId, lookupOf, viaParent } from '../../lib/audit-patients';

/** The ecp feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const ecpModule = defineFeature({
  name: 'ecp',
  routes: ecpRoutes,
  jobs: (ctx) => [ecpSendJobDefinition(ctx)],
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    // A resident's log names the patient it was mapped to; a staff member's log names none.
    ecpLog: lookupOf('id', (db, keys) =>
      db
        .select({ key: ecpLogs.id, patientId: sql<number | null>`case when ${ecpLogs.kind} = 'resident' then ${ecpLogs.vigilUserId} end` })
        .from(ecpLogs)
        .where(anyId(ecpLogs.id, keys))),
    // An outbound reading to the ECP names its reading's patient.
    ecpOutbound: viaParent(ecpOutbound, ecpOutbound.id, ecpOutbound.measurementId, measurements, measurements.id, measurements.patientId),
  },
});
