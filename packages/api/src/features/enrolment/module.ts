import { defineFeature } from '../../lib/feature-module';
import { enrolmentRoutes } from './enrolment.routes';

/** The enrolment feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const enrolmentModule = defineFeature({
  name: 'enrolment',
  routes: enrolmentRoutes,
});
