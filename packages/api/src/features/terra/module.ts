import { defineFeature } from '../../lib/feature-module';
import { terraRoutes } from './terra.routes';
import { terraEventJobDefinition } from './terra-events';

/** The terra feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const terraModule = defineFeature({
  name: 'terra',
  routes: terraRoutes,
  jobs: (ctx) => [terraEventJobDefinition(ctx)],
});
