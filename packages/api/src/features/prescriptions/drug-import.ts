/**
 * The drug-product import a system admin runs on the FDA NDC Directory's product.txt (or
 * unfinished_product.txt), as a queued job (README "Jobs"; docs/prescriptions.md "Import"):
 *
 *   POST drugproduct/import  -> the upload is stored in a `drug_import_runs` row (`queued`, the
 *                               file in `file_data`), committed, and a `drug-import` job enqueued;
 *   the job                  -> `running`: parses the file (product-file.ts) and upserts the
 *                               products by PRODUCTID in batches of BATCH, each batch one
 *                               transaction that also advances `rows_done`;
 *                            -> `done` with the counts and the first problems (bad rows are
 *                               reported, never fatal), or `failed` with the reason when the file
 *                               is not a product file at all. The file is cleared when finished.
 *
 * Re-running the same file rewrites nothing (upsert with "unchanged rows are not rewritten"), so a
 * retried job or a second load of the same release is harmless.
 */
import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DRUG_IMPORT_MAX_BYTES, type DrugImportRun } from '@vigil/contract';
import type { AppContext } from '../../context';
import { drugImportRuns } from '../../db/schema/index';
import { type Scope } from '../../db/scope';
import type { JobDefinition, JobInfo, JobName, JobPayloads } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { readSingleUpload } from '../../lib/upload';
import { upsertDrugProducts } from './drug-products.repo';
import { ProductFileError, parseProductFile } from './product-file';
import { catalogueDb } from '../../db/handles';

/** Products written per transaction. */
const BATCH = 1000;
const FAILED_MESSAGE = 'The load failed; see the server log';

type RunRow = typeof drugImportRuns.$inferSelect;

const view = (r: Omit<RunRow, 'fileData'>): DrugImportRun => ({
  id: r.id,
  fileName: r.fileName,
  status: r.status as DrugImportRun['status'],
  fileKind: r.fileKind,
  rowsTotal: r.rowsTotal,
  rowsDone: r.rowsDone,
  loaded: r.loaded,
  rejected: r.rejected,
  warnings: r.warnings,
  problems: r.problems,
  error: r.error,
  startedBy: r.startedBy,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

// The run without its file: the file itself is never answered.
const { fileData: _fileData, ...runColumns } = getTableColumns(drugImportRuns);

/**
 * `POST drugproduct/import` (system admin, permission drugs.import): stores the uploaded file as a
 * queued run and enqueues its job (after the commit). 400 "Choose a product.txt file to load" when
 * the request holds no file; 413 past DRUG_IMPORT_MAX_BYTES; 415 when not multipart.
 */
export async function startDrugImport(ctx: AppContext, scope: Scope, req: FastifyRequest): Promise<DrugImportRun> {
  const upload = await readSingleUpload(req, DRUG_IMPORT_MAX_BYTES);
  if (!upload || upload.data.length === 0) { throw AppError.badRequest('drugFileMissing', { file: 'required' }); }
  const [row] = await ctx.db
    .insert(drugImportRuns)
    .values({ fileName: (upload.filename || 'product.txt').slice(0, 255), status: 'queued', fileData: upload.data, startedBy: scope.userId })
    .returning(runColumns);
  try {
    await ctx.jobs.enqueue('drug-import', { runId: row!.id });
  } catch (err) {
    await ctx.db.update(drugImportRuns).set({ status: 'failed', error: FAILED_MESSAGE, fileData: null, finishedAt: new Date() }).where(eq(drugImportRuns.id, row!.id));
    throw err;
  }
  return view(row!);
}

/** `GET drugproduct/importruns`: the last 20 runs, newest first. */
export async function findDrugImportRuns(ctx: AppContext): Promise<DrugImportRun[]> {
  const rows = await ctx.db.select(runColumns).from(drugImportRuns).orderBy(desc(drugImportRuns.id)).limit(20);
  return rows.map(view);
}

/**
 * The `drug-import` job: loads the run's file. A run already finished is left alone (a job
 * delivered twice does nothing). A file that is not a product file ends the run `failed` with the
 * reason (no retry: the same bytes would fail again); any other failure is retried, and the last
 * attempt ends it `failed`.
 */
export async function executeDrugImport(ctx: AppContext, data: JobPayloads['drug-import'], job: JobInfo): Promise<{ runId: number; status: string }> {
  const { runId } = data;
  const [run] = await ctx.db.select().from(drugImportRuns).where(eq(drugImportRuns.id, runId)).limit(1);
  if (!run || run.status === 'done' || run.status === 'failed' || !run.fileData) { return { runId, status: run?.status ?? 'missing' }; }
  await ctx.db.update(drugImportRuns).set({ status: 'running', rowsDone: 0, error: null }).where(eq(drugImportRuns.id, runId));
  const finish = (values: Partial<RunRow>) => ctx.db.update(drugImportRuns).set({ ...values, fileData: null, finishedAt: new Date() }).where(eq(drugImportRuns.id, runId));
  try {
    let file;
    try {
      file = parseProductFile(run.fileData);
    } catch (err) {
      if (!(err instanceof ProductFileError)) { throw err; }
      await finish({ status: 'failed', error: err.message });
      return { runId, status: 'failed' };
    }
    await ctx.db
      .update(drugImportRuns)
      .set({ fileKind: file.kind, rowsTotal: file.rowsTotal, rejected: file.rejected, warnings: file.warnings, problems: file.problems })
      .where(eq(drugImportRuns.id, runId));
    for (let i = 0; i < file.products.length; i += BATCH) {
      const batch = file.products.slice(i, i + BATCH);
      await ctx.db.transaction(async (tx) => {
        await upsertDrugProducts(catalogueDb(tx), batch);
        await tx
          .update(drugImportRuns)
          .set({ rowsDone: Math.min(file.rowsTotal, file.rejected + i + batch.length) })
          .where(eq(drugImportRuns.id, runId));
      });
    }
    await finish({ status: 'done', rowsDone: file.rowsTotal, loaded: file.products.length });
    return { runId, status: 'done' };
  } catch (err) {
    if (job.retryCount < job.retryLimit) {
      await ctx.db
        .update(drugImportRuns)
        .set({ status: 'queued', error: `Attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed; retrying` })
        .where(eq(drugImportRuns.id, runId));
    } else {
      await finish({ status: 'failed', error: FAILED_MESSAGE });
    }
    throw err;
  }
}

/** The `drug-import` queue's worker: two retries (VIGIL_JOBS_RETRY_DELAY_SECONDS apart, doubled). */
export function drugImportJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'drug-import',
    retryLimit: 2,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 30 * 60,
    handler: (data, job) => executeDrugImport(ctx, data as JobPayloads['drug-import'], job),
  };
}
