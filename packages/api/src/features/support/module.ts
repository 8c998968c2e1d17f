import { defineFeature } from '../../lib/feature-module';
import { supportRoutes } from './support.routes';

/** The support feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const supportModule = defineFeature({
  name: 'support',
  routes: supportRoutes,
});
