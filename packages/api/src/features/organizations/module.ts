import { defineFeature } from '../../lib/feature-module';
import { organizationsRoutes } from './organizations.routes';

/** The organizations feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const organizationsModule = defineFeature({
  name: 'organizations',
  routes: organizationsRoutes,
});
