import { defineFeature } from '../../lib/feature-module';
import { authRoutes } from './auth.routes';

/** The auth feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const authModule = defineFeature({
  name: 'auth',
  routes: authRoutes,
});
