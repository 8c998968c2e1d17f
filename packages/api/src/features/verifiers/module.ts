import { defineFeature } from '../../lib/feature-module';
import { verifiersRoutes } from './verifiers.routes';

/** The verifiers feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const verifiersModule = defineFeature({
  name: 'verifiers',
  routes: verifiersRoutes,
});
