import { defineFeature } from '../../lib/feature-module';
import { mfaRoutes } from './mfa.routes';

/** The mfa feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const mfaModule = defineFeature({
  name: 'mfa',
  routes: mfaRoutes,
});
