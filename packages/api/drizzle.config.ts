import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/api/src/db/schema/index.ts',
  out: './packages/api/src/db/migrations',
});
