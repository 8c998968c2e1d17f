import { defineFeature } from '../../lib/feature-module';
import { invoicesRoutes } from './invoices.routes';

/** The invoices feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const invoicesModule = defineFeature({
  name: 'invoices',
  routes: invoicesRoutes,
});
