import { defineFeature } from '../../lib/feature-module';
import { notificationsRoutes } from './notifications.routes';
import { notifications } from '../../db/schema/index';
import { direct } from '../../lib/audit-patients';

/** The notifications feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const notificationsModule = defineFeature({
  name: 'notifications',
  routes: notificationsRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    notification: direct(notifications, notifications.id, notifications.relatedPatientId),
  },
});
