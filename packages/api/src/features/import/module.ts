import { defineFeature } from '../../lib/feature-module';
import { importRunJobDefinition, importRunFailedJobDefinition } from './import-runs';

/** The import feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const importModule = defineFeature({
  name: 'import',
  jobs: (ctx) => [importRunJobDefinition(ctx), importRunFailedJobDefinition(ctx)],
});
