import { defineFeature } from '../../lib/feature-module';
import { chatRoutes } from './chat.routes';

/** The chat feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const chatModule = defineFeature({
  name: 'chat',
  routes: chatRoutes,
});
