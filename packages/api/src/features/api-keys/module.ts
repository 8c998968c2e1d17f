import { defineFeature } from '../../lib/feature-module';
import { apiKeysRoutes } from './api-keys.routes';

/** The api-keys feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const apiKeysModule = defineFeature({
  name: 'api-keys',
  routes: apiKeysRoutes,
});
