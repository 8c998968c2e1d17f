import { defineFeature } from '../../lib/feature-module';
import { referenceDataRoutes } from './reference-data.routes';

/** The reference-data feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const referenceDataModule = defineFeature({
  name: 'reference-data',
  routes: referenceDataRoutes,
});
