import { defineFeature } from '../../lib/feature-module';
import { publicLinksRoutes } from './public-links.routes';
import { publicLinks } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The public-links feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const publicLinksModule = defineFeature({
  name: 'public-links',
  routes: publicLinksRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    publicLink: own(publicLinks),
  },
});
