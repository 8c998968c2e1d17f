import { defineFeature } from '../../lib/feature-module';
import { adminRoutes } from './admin.routes';

/** The admin feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const adminModule = defineFeature({
  name: 'admin',
  routes: adminRoutes,
});
