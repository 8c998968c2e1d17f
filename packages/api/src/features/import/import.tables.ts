/**
 * `import`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * The FHIR importer's runs and uploaded bundles (docs/integrations.md).
 */
import { customType, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One FHIR import run and its per-record report. Imports from the web are queued jobs (README
 * "Jobs"): `queued` -> `running` (progress in `report`) -> `done` | `failed`; `input` says what the
 * job imports, `error` why an attempt (or the run) failed. The CLI and the demo seed run `running`.
 */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  status: text('status').notNull().default('running'), // queued | running | done | failed
  report: jsonb('report').$type<unknown>().notNull().default({}),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  /** What a queued run imports: a server path (resolved under the demo data folders) or its upload (import_uploads). */
  input: jsonb('input').$type<{ kind: 'path'; path: string } | { kind: 'upload'; name: string }>(),
  /** Why the last attempt failed ("Attempt 1 of 3 failed; retrying"), or the run did; no PHI. */
  error: text('error'),
});

/**
 * The file uploaded for a queued import run, kept in the database (not in a process's memory or
 * /tmp) so that any API process's worker can import it; deleted when the run finishes.
 */
export const importUploads = pgTable('import_uploads', {
  runId: integer('run_id')
    .primaryKey()
    .references(() => importRuns.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The file's bytes as uploaded (at most IMPORT_UPLOAD_MAX_BYTES). */
  content: bytea('content').notNull(),
});
