/**
 * The FHIR R4 importer (README "Importing FHIR data"): reads Bundles (any type) or single resources
 * from a file, a folder or memory, maps them with the table of import.mappers.ts, commits each
 * bundle in one transaction, and records an `import_runs` row with the per-record report.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportCounts, ImportRecord, ImportReport, ImportTypeCounts } from '@vigil/contract';
import type { AppContext } from '../../context';
import { isSystemAdmin, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { MappingError } from './fhir.map';
import { anyResourceSchema, bundleSchema, describeZodError, type FhirResource } from './fhir.schemas';
import { buildBundleIndex, resourceMappers, type Prepared, type RecordOutcome, type RunState } from './import.mappers';
import * as repo from './import.repo';
import { jsonNestingExceeds, MAX_JSON_NESTING } from '../../lib/input-guard';

/** Largest file read from disk (a Synthea patient bundle is 1-3 MB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_FILES = 10_000;
/** How often a running import writes its progress (ms). */
const PROGRESS_MS = 500;

export interface ImportOptions {
  /** The caller; when given it must be a system admin (permission import.run). */
  scope?: Scope;
  /** Recorded as the run's `startedBy` (defaults to the scope's user). */
  startedBy?: number | null;
  /** The run's `source` text (defaults to the path, or 'upload'). */
  label?: string;
  /**
   * An `import_runs` row already made (a queued run, worked by its job: import-runs.ts) and now
   * `running`; without it the import makes its own row.
   */
  run?: { id: number; startedAt: Date };
}

/** One unit of work: a file (or an in-memory document) holding one Bundle or one resource. */
interface Unit {
  file: string;
  load: () => Promise<unknown>;
}

class UnitError extends Error {}

/** The report's reason for a file nested deeper than any FHIR resource (lib/input-guard.ts). */
const NESTED_TOO_DEEP = `JSON nested deeper than ${MAX_JSON_NESTING} levels`;

const emptyCounts = (): ImportTypeCounts => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, error: 0, merged: 0, unmapped: 0 });

/** Files and folders: organizations / offices first, then staff, then everything else (patients), by name. */
function rankOf(text: string): number {
  if (/"resourceType"\s*:\s*"(Organization|Location)"/.test(text)) { return 0; }
  if (/"resourceType"\s*:\s*"(Practitioner|PractitionerRole)"/.test(text)) { return 1; }
  return 2;
}

function listJsonFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') { continue; }
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) { listJsonFiles(full, out); }
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) { out.push(full); }
    if (out.length > MAX_FILES) { throw new UnitError(`more than ${MAX_FILES} JSON files in the folder`); }
  }
  return out;
}

function jsonReason(err: unknown): string {
  const msg = (err as Error).message ?? '';
  if (/end of JSON input|Unterminated|Unexpected end/i.test(msg)) { return 'not valid JSON: the file ends early (truncated)'; }
  const pos = /position (\d+)/.exec(msg)?.[1];
  return `not valid JSON${pos ? ` (at character ${pos})` : ''}`;
}

function readFileUnit(full: string, label: string): Unit {
  return {
    file: label,
    load: async () => {
      const stat = await fs.promises.stat(full);
      if (stat.size > MAX_FILE_BYTES) { throw new UnitError(`file larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`); }
      const text = await fs.promises.readFile(full, 'utf8');
      if (jsonNestingExceeds(text)) { throw new UnitError(NESTED_TOO_DEEP); }
      try {
        return JSON.parse(text) as unknown;
      } catch (err) {
        throw new UnitError(jsonReason(err));
      }
    },
  };
}

/** The units of a path: the file itself, or the folder's *.json files ordered by what they hold. */
async function unitsOfPath(source: string): Promise<Unit[]> {
  const stat = await fs.promises.stat(source).catch(() => null);
  if (!stat) { throw new UnitError('file or folder not found'); }
  if (stat.isFile()) { return [readFileUnit(source, path.basename(source))]; }
  const files = listJsonFiles(source);
  const ranked = await Promise.all(
    files.map(async (f) => {
      const size = (await fs.promises.stat(f)).size;
      const rank = size > MAX_FILE_BYTES ? 3 : rankOf(await fs.promises.readFile(f, 'utf8'));
      return { f, rank };
    }),
  );
  ranked.sort((a, b) => a.rank - b.rank || a.f.localeCompare(b.f));
  return ranked.map(({ f }) => readFileUnit(f, path.relative(source, f)));
}

interface Entry {
  fullUrl?: string;
  resource: FhirResource;
}

/** The resources of a parsed document: a Bundle's entries (nested Bundles flattened) or the single resource. */
function resourcesOf(doc: unknown, records: ImportRecord[], file: string): Entry[] {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) { throw new UnitError('not a FHIR resource: the JSON is not an object'); }
  const top = anyResourceSchema.safeParse(doc);
  if (!top.success) { throw new UnitError('not a FHIR resource: no resourceType'); }
  if (top.data.resourceType !== 'Bundle') { return [{ resource: withId(top.data, undefined) }]; }
  const bundle = bundleSchema.safeParse(doc);
  if (!bundle.success) { throw new UnitError(`not a valid Bundle: ${describeZodError(bundle.error)}`); }
  const out: Entry[] = [];
  (bundle.data.entry ?? []).forEach((e, i) => {
    if (e.resource === undefined) { return; } // a request-only entry (e.g. DELETE): nothing to import
    const r = anyResourceSchema.safeParse(e.resource);
    if (!r.success) {
      records.push({ file, resourceType: '', id: `entry ${i}`, status: 'error', reason: 'not a FHIR resource: no resourceType' });
      return;
    }
    if (r.data.resourceType === 'Bundle') { out.push(...resourcesOf(r.data, records, file)); }
    else { out.push({ fullUrl: e.fullUrl, resource: withId(r.data, e.fullUrl) }); }
  });
  return out;
}

/** A resource of a transaction bundle may carry its id only in `fullUrl` (urn:uuid:...). */
function withId(resource: FhirResource, fullUrl: string | undefined): FhirResource {
  if (resource.id !== undefined || !fullUrl?.startsWith('urn:uuid:')) { return resource; }
  return { ...resource, id: fullUrl.slice('urn:uuid:'.length) };
}

function reasonOf(err: unknown): string {
  if (err instanceof MappingError) { return err.reason; }
  const e = err as { message?: string; code?: string; cause?: { message?: string; code?: string } };
  // Drizzle wraps the driver's error; the driver's message names the constraint, never the values.
  const inner = e.cause?.message ?? e.message ?? String(err);
  return `database: ${inner.split('\n')[0]!.slice(0, 200)}`;
}

/**
 * Imports FHIR R4 JSON. `source` is a path (a file, or a folder whose *.json files are read:
 * Organization / Location files first, then Practitioner files, then the rest) or an already
 * parsed document (a Bundle of any type, or a single resource).
 *
 * Each bundle is committed in ONE transaction: when any of its records fails (shape, codes, a
 * reference that cannot be resolved, a database constraint), the whole bundle is rolled back, the
 * failing records are reported as `error` and the others as `skipped`. Records are matched on
 * `externalRef` ('Patient/<id>', ...), so a second import of the same data reports them
 * `unchanged` and writes nothing. Unmapped types are counted by type. An `import_runs` row keeps
 * the report. Errors: AppError forbidden when `opts.scope` is not a system admin.
 */
export async function importFhir(ctx: Pick<AppContext, 'db'>, source: string | object, opts: ImportOptions = {}): Promise<ImportReport> {
  if (opts.scope && !isSystemAdmin(opts.scope)) { throw AppError.forbidden(); }
  const label = opts.label ?? (typeof source === 'string' ? source : 'upload');
  if (typeof source !== 'string') { return importUnits(ctx, label, async () => [{ file: label, load: async () => source }], opts); }
  return importUnits(ctx, label, () => unitsOfPath(source), opts, path.basename(source));
}

/**
 * Imports one FHIR JSON document given as text (an upload): like `importFhir` on a file named
 * `name`; text that is not JSON is reported as one error record.
 */
export async function importFhirText(ctx: Pick<AppContext, 'db'>, name: string, text: string, opts: ImportOptions = {}): Promise<ImportReport> {
  if (opts.scope && !isSystemAdmin(opts.scope)) { throw AppError.forbidden(); }
  const label = opts.label ?? name;
  const load = async () => {
    if (jsonNestingExceeds(text)) { throw new UnitError(NESTED_TOO_DEEP); }
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new UnitError(jsonReason(err));
    }
  };
  return importUnits(ctx, label, async () => [{ file: name, load }], opts);
}

async function importUnits(
  ctx: Pick<AppContext, 'db'>,
  label: string,
  listUnits: () => Promise<Unit[]>,
  opts: ImportOptions,
  sourceName = label,
): Promise<ImportReport> {
  const started = Date.now();
  const runRow = opts.run ?? (await repo.createImportRun(ctx.db, { source: label.slice(0, 500), startedBy: opts.startedBy ?? opts.scope?.userId ?? null }));

  const records: ImportRecord[] = [];
  const byType: Record<string, ImportTypeCounts> = {};
  const typeCounts = (t: string) => (byType[t] ??= emptyCounts());
  const unmappedCodes = new Map<string, number>();
  const run: RunState = { identifiers: new Map() };
  let files = 0;
  let bundles = 0;
  let rolledBack = 0;

  let units: Unit[] = [];
  try {
    units = await listUnits();
  } catch (err) {
    if (!(err instanceof UnitError)) { throw err; }
    records.push({ file: sourceName, resourceType: '', id: '', status: 'error', reason: err.message });
  }

  // Progress in the run's row (files read of the total), so that any API process shows it
  // (GET admin/importruns) while the import works; written at most every PROGRESS_MS.
  let progressAt = 0;
  const progress = async (force = false) => {
    if (!force && Date.now() - progressAt < PROGRESS_MS) { return; }
    progressAt = Date.now();
    await repo.setImportProgress(ctx.db, runRow.id, { files, filesTotal: units.length });
  };
  await progress(true);
  for (const unit of units) {
    await progress();
    files++;
    let entries: Entry[];
    try {
      entries = resourcesOf(await unit.load(), records, unit.file);
    } catch (err) {
      if (!(err instanceof UnitError)) { throw err; }
      records.push({ file: unit.file, resourceType: '', id: '', status: 'error', reason: err.message });
      continue;
    }
    bundles++;
    if (!(await importBundle(ctx, unit.file, entries, run, records, typeCounts, unmappedCodes))) { rolledBack++; }
  }

  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0, error: 0 };
  for (const r of records) { counts[r.status]++; }
  const finishedAt = new Date();
  const report: ImportReport = {
    runId: runRow.id,
    source: label,
    status: counts.error > 0 ? 'failed' : 'done',
    startedAt: runRow.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - started,
    files,
    bundles,
    bundlesRolledBack: rolledBack,
    counts,
    byType,
    unmappedCodes: Object.fromEntries([...unmappedCodes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    records,
  };
  await repo.finishImportRun(ctx.db, runRow.id, { status: report.status, report, finishedAt });
  return report;
}

/**
 * Maps and writes one bundle in one transaction; returns false when it was rolled back. Records
 * are written in mapper order (organizations, offices, practitioners, roles, patients).
 */
async function importBundle(
  ctx: Pick<AppContext, 'db'>,
  file: string,
  entries: Entry[],
  run: RunState,
  records: ImportRecord[],
  typeCounts: (t: string) => ImportTypeCounts,
  unmappedCodes: Map<string, number>,
): Promise<boolean> {
  const index = buildBundleIndex(entries);
  type Item = { type: string; id: string; order: number; prepared?: Prepared; error?: string };
  const items: Item[] = [];
  for (const { resource } of entries) {
    const type = resource.resourceType;
    const id = typeof resource.id === 'string' ? resource.id.slice(0, 64) : '';
    const mapper = resourceMappers[type];
    if (!mapper) {
      typeCounts(type).unmapped++;
      continue;
    }
    try {
      items.push({ type, id, order: mapper.order, prepared: mapper.prepare(resource, index, run) });
    } catch (err) {
      items.push({ type, id, order: mapper.order, error: err instanceof MappingError ? err.reason : `could not be mapped: ${(err as Error).message}` });
    }
  }
  items.sort((a, b) => a.order - b.order);

  const report = (item: Item, status: ImportRecord['status'], reason?: string) => {
    records.push({ file, resourceType: item.type, id: item.id, status, ...(reason ? { reason } : {}) });
    typeCounts(item.type)[status]++;
  };
  const writes: (Item & { prepared: Extract<Prepared, { kind: 'record' }> })[] = [];
  for (const item of items) {
    const p = item.prepared;
    if (!p) { continue; }
    if (p.kind === 'merged' || p.kind === 'unmapped') {
      typeCounts(item.type)[p.kind]++;
      if (p.kind === 'unmapped' && p.code) { unmappedCodes.set(p.code, (unmappedCodes.get(p.code) ?? 0) + 1); }
    } else if (p.kind === 'skipped') { report(item, 'skipped', p.reason); }
    else { writes.push({ ...item, prepared: p }); }
  }

  const failed = items.filter((i) => i.error !== undefined);
  if (failed.length > 0) {
    for (const item of failed) { report(item, 'error', item.error); }
    for (const w of writes) { report(w, 'skipped', `bundle rolled back: ${failed.length} record(s) failed`); }
    return false;
  }
  if (writes.length === 0) { return true; }

  const outcomes: RecordOutcome[] = [];
  let failedAt = -1;
  let failReason = '';
  try {
    await ctx.db.transaction(async (tx) => {
      for (const [i, w] of writes.entries()) {
        try {
          outcomes.push(await w.prepared.apply(tx));
        } catch (err) {
          failedAt = i;
          failReason = reasonOf(err);
          throw err;
        }
      }
    });
  } catch (err) {
    if (failedAt < 0) {
      failedAt = writes.length - 1;
      failReason = reasonOf(err);
    }
    writes.forEach((w, i) => (i === failedAt ? report(w, 'error', failReason) : report(w, 'skipped', 'bundle rolled back: 1 record failed')));
    return false;
  }
  writes.forEach((w, i) => report(w, outcomes[i]!.status, outcomes[i]!.reason));
  return true;
}

/** One line per count for people and logs: "created 199, updated 0, ...; Patient: created 10; ..." (no PHI). */
export function summariseReport(report: ImportReport): string {
  const c = report.counts;
  const types = Object.entries(report.byType)
    .filter(([, t]) => t.created + t.updated + t.unchanged + t.skipped + t.error > 0)
    .map(([type, t]) => `${type} ${t.created}/${t.updated}/${t.unchanged}/${t.skipped}/${t.error}`)
    .join(', ');
  const files = `${report.files} file(s), ${report.bundles} bundle(s) (${report.bundlesRolledBack} rolled back) in ${report.durationMs} ms`;
  const counts = `created ${c.created}, updated ${c.updated}, unchanged ${c.unchanged}, skipped ${c.skipped}, error ${c.error}`;
  return `${files}: ${counts}${types ? ` [created/updated/unchanged/skipped/error: ${types}]` : ''}`;
}
