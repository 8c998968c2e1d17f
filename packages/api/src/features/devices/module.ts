import { defineFeature } from '../../lib/feature-module';
import { devicesRoutes } from './devices.routes';
import { hubs, medicalDevices } from '../../db/schema/index';
import { anyText, direct, lookupOf, own } from '../../lib/audit-patients';

/** The devices feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const devicesModule = defineFeature({
  name: 'devices',
  routes: devicesRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    hub: direct(hubs, hubs.id, hubs.assignedToUserId),
    medicalDevice: own(medicalDevices),
    deviceIdentifier: lookupOf('text', (db, keys) =>
      db
        .select({ key: medicalDevices.deviceIdentifier, patientId: medicalDevices.patientId })
        .from(medicalDevices)
        .where(anyText(medicalDevices.deviceIdentifier, keys))),
  },
});
