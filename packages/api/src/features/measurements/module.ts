import { defineFeature } from '../../lib/feature-module';
import { measurementsRoutes } from './measurements.routes';

/** The measurements feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const measurementsModule = defineFeature({
  name: 'measurements',
  routes: measurementsRoutes,
});
