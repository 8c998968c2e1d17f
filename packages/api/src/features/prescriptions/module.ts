import { defineFeature } from '../../lib/feature-module';
import { prescriptionsRoutes } from './prescriptions.routes';
import { drugImportJobDefinition } from './drug-import';
import { prescriptions } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The prescriptions feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const prescriptionsModule = defineFeature({
  name: 'prescriptions',
  routes: prescriptionsRoutes,
  jobs: (ctx) => [drugImportJobDefinition(ctx)],
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    prescription: own(prescriptions),
  },
});
