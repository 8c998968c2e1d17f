import { z } from 'zod';
import { pageQuerySchema } from '../../common/envelope';
import { idSchema } from '../../common/ids';

/** Largest FHIR file accepted by `admin/importupload` (a Synthea patient bundle is 1-3 MB). */
export const IMPORT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** What happened to one FHIR record of an import. */
export const importRecordStatusSchema = z.enum(['created', 'updated', 'unchanged', 'skipped', 'error']);
export type ImportRecordStatus = z.infer<typeof importRecordStatusSchema>;

/**
 * One record of an import report: the file (name only), the FHIR resourceType and id, what
 * happened and why. Reasons name fields and codes, never personal values.
 */
export const importRecordSchema = z.object({
  file: z.string(),
  resourceType: z.string(),
  id: z.string(),
  status: importRecordStatusSchema,
  reason: z.string().optional(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

export const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/**
 * Counts of one resource type: the record statuses, plus `merged` (read into another record:
 * height / weight Observations into the patient's metadata) and `unmapped` (not imported yet:
 * Condition, Claim, other Observations...).
 */
export const importTypeCountsSchema = importCountsSchema.extend({ merged: z.number().int(), unmapped: z.number().int() });
export type ImportTypeCounts = z.infer<typeof importTypeCountsSchema>;

/**
 * The report of one import run (FHIR R4 bundles or single resources). Each bundle is committed in
 * one transaction: a bundle with a bad record is rolled back whole, its bad records reported as
 * `error` and the others as `skipped` (rolled back). `status` is 'done' when no record failed.
 */
export const importReportSchema = z.object({
  runId: z.number().int(),
  source: z.string(),
  status: z.enum(['done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
  files: z.number().int(),
  bundles: z.number().int(),
  bundlesRolledBack: z.number().int(),
  counts: importCountsSchema,
  byType: z.record(z.string(), importTypeCountsSchema),
  /** Observation codes counted as unmapped, by code (LOINC code, else 'system|code'), most frequent first. */
  unmappedCodes: z.record(z.string(), z.number().int()).optional(),
  records: z.array(importRecordSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** `POST admin/import`: a file or folder on the server, under the configured demo data folders (absolute, or relative to one of them). */
export const importBodySchema = z.strictObject({
  path: z.string().trim().min(1).max(500),
});
export type ImportBody = z.infer<typeof importBodySchema>;

/** A running import's progress: files read of the total (README "Jobs"). */
export const importProgressSchema = z.object({ files: z.number().int(), filesTotal: z.number().int() });
export type ImportProgress = z.infer<typeof importProgressSchema>;

/**
 * An import run (README "Jobs"). An import started from the web is a queued job: `queued` (waiting
 * for a worker, or again after a failed attempt that will be retried, with that attempt in
 * `error`), `running` (with `progress`), then `done`, or `failed`: with a `report` when records
 * failed, without one (and with `error`) when the run itself could not be completed.
 */
export const importRunSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.number().int().nullable(),
  report: importReportSchema.nullable(),
  /** While `running`: files read of the total; null once finished. */
  progress: importProgressSchema.nullable(),
  /** Why the last attempt failed (queued again: it is retried) or the run failed without a report; English, no PHI; else null. */
  error: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

/** Import runs, newest first (sort: startedAt or -startedAt, status; search in source). */
/** `GET admin/importruns/{id}`: one run. */
export const importRunParamsSchema = z.object({ id: idSchema });

export const importRunsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['startedAt', '-startedAt', 'status', '-status']).optional(),
});

/** One e-mail of the outbox (kept when no SMTP server is configured; metadata only for sent ones). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  bodyText: z.string(),
  status: z.string(), // kept | sent | failed
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Outbox, newest first; `search` matches the address or the subject. */
export const outboxQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['createdAt', '-createdAt']).optional(),
  status: z.enum(['kept', 'sent', 'failed']).optional(),
});
