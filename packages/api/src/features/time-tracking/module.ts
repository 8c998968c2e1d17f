import { defineFeature } from '../../lib/feature-module';
import { timeTrackingRoutes } from './time-tracking.routes';
import { patientPresence, timeEntries } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The time-tracking feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const timeTrackingModule = defineFeature({
  name: 'time-tracking',
  routes: timeTrackingRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    timeEntry: own(timeEntries),
    patientPresence: own(patientPresence),
  },
});
