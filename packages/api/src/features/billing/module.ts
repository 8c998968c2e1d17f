import { defineFeature } from '../../lib/feature-module';
import { billingRoutes } from './billing.routes';
import { billingRunJobDefinition } from './billing-runs';

/** The billing feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const billingModule = defineFeature({
  name: 'billing',
  routes: billingRoutes,
  jobs: (ctx) => [billingRunJobDefinition(ctx)],
});
