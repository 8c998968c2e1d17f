import { defineFeature } from '../../lib/feature-module';
import { officesRoutes } from './offices.routes';

/** The offices feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const officesModule = defineFeature({
  name: 'offices',
  routes: officesRoutes,
});
