import { defineFeature } from '../../lib/feature-module';
import { dashboardsRoutes } from './dashboards.routes';

/** The dashboards feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const dashboardsModule = defineFeature({
  name: 'dashboards',
  routes: dashboardsRoutes,
});
