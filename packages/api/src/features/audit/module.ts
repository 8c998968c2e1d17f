import { defineFeature } from '../../lib/feature-module';
import { auditRoutes } from './audit.routes';
import { auditJobDefinitions } from './checkpoints.service';

/** The audit feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const auditModule = defineFeature({
  name: 'audit',
  routes: auditRoutes,
  jobs: auditJobDefinitions,
});
