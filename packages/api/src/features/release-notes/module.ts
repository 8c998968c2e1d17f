import { defineFeature } from '../../lib/feature-module';
import { releaseNotesRoutes } from './release-notes.routes';

/** The release-notes feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const releaseNotesModule = defineFeature({
  name: 'release-notes',
  routes: releaseNotesRoutes,
});
