import { defineFeature } from '../../lib/feature-module';
import { fhirApiRoutes } from './fhir-api.routes';

/** The fhir-api feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const fhirApiModule = defineFeature({
  name: 'fhir-api',
  routes: fhirApiRoutes,
});
