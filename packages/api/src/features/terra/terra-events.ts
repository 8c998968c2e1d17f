/**
 * Terra webhook deliveries (docs/integrations.md "Webhook"): stored first (`receiveDelivery`, called
 * by the route once lib/terra-auth.ts has verified the signature), then processed by the
 * `terra-event` job (`processEvent`): connection events change the patient's connection; data
 * events are kept once per summary (activity, sleep) or per day by ordering timestamp (body,
 * daily), and body samples become readings through the measurements feature's `ingest`, whose
 * identity (Terra, patient, type, measured-at) makes a reading stored once however often it comes;
 * a newer copy of a day then restates the values its samples changed (`restateTerraReadings`).
 */
import { createHash } from 'node:crypto';
import type { IngestReading } from '@vigil/contract';
import type { AppContext } from '../../context';
import { systemScope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { JobDefinition, JobInfo, JobName } from '../../jobs/queue';
import { ingest, restateTerraReadings } from '../measurements/index';
import * as repo from './terra.repo';
import { CONNECTION_TYPES, DATA_TYPES, REPLACED_BY_DAY, copyKeyOf, readingsOfBody } from './terra-samples';
import { tenantDb } from '../../db/handles';
import { parseJsonWithin } from '../../lib/input-guard';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/** Readings per ingestion call (the ingestion limit is 500). */
const INGEST_CHUNK = 500;

/**
 * Terra's ordering timestamp of a delivery (`x-terra-ordering-timestamp`: unix seconds or
 * milliseconds, or an ISO 8601 instant); the receipt time when absent or unreadable.
 */
export function orderingInstant(header: string | string[] | undefined, now = new Date()): Date {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value.length > 40) { return now; }
  if (/^\d{1,16}(\.\d+)?$/.test(value)) {
    const n = Number(value);
    const d = new Date(n > 1e12 ? n : n * 1000);
    return Number.isNaN(d.getTime()) ? now : d;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? now : new Date(ms);
}

/** The Terra user a payload is about: `user.user_id`, or `new_user.user_id` (user_reauth). */
function terraUserOf(payload: Json): string | null {
  return text(obj(payload.user)?.user_id) ?? text(obj(payload.new_user)?.user_id);
}

/**
 * Stores a verified delivery (`raw` is the exact body Terra signed) once, keyed by the SHA-256 of
 * its bytes, then enqueues its processing (after the insert committed; a repeat of a delivery not
 * yet processed is enqueued again, processing is idempotent). Errors: 400 "No event data!" when the
 * body is not a JSON object with a `type`.
 */
export async function receiveDelivery(ctx: AppContext, raw: Buffer, orderingHeader: string | string[] | undefined): Promise<{ eventId: number; duplicate: boolean }> {
  let payload: Json | null = null;
  // A delivery nested deeper than any Terra payload is refused before it is built or stored.
  payload = obj(parseJsonWithin(raw.toString('utf8')));
  const type = payload ? text(payload.type) : null;
  if (!payload || !type) { throw AppError.badRequest('noEventData'); }
  // PostgreSQL text cannot hold U+0000 (docs/security.md): such a delivery is refused like any bad input.
  if (raw.includes(0) || raw.toString('utf8').includes('\\u0000')) { throw AppError.badRequest('noEventData'); }
  const deliveryKey = createHash('sha256').update(raw).digest('hex');
  const stored = await repo.insertEvent(tenantDb(systemScope, ctx.db), { deliveryKey, type, terraUserId: terraUserOf(payload), orderingAt: orderingInstant(orderingHeader), payload });
  if (!stored.duplicate) { await ctx.jobs.enqueue('terra-event', { eventId: stored.id }); }
  else {
    const event = await repo.findEvent(tenantDb(systemScope, ctx.db), stored.id);
    if (event?.status === 'received') { await ctx.jobs.enqueue('terra-event', { eventId: stored.id }); }
  }
  return { eventId: stored.id, duplicate: stored.duplicate };
}

/** What processing one delivery did (the job's output). */
export interface ProcessOutcome {
  status: string;
  stored: number;
  duplicates: number;
  rejected: number;
  /** Stored readings whose values a newer copy of their day replaced (counted among the duplicates too). */
  updated?: number;
}

/**
 * Processes stored delivery `eventId` once: a delivery no longer `received` is left alone. Unknown
 * Terra users end `unmapped` ("No user mapping data!"); types Vigil does not use end `ignored`.
 */
export async function processEvent(ctx: AppContext, eventId: number): Promise<ProcessOutcome> {
  const event = await repo.findEvent(tenantDb(systemScope, ctx.db), eventId);
  const none = { stored: 0, duplicates: 0, rejected: 0 };
  if (!event || event.status !== 'received') { return { status: event?.status ?? 'missing', ...none }; }
  const payload = event.payload;
  const type = event.type;
  const isConnection = CONNECTION_TYPES.has(type);
  if (!isConnection && !DATA_TYPES.has(type)) {
    await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'ignored' });
    return { status: 'ignored', ...none };
  }
  const referenceId = text(obj(payload.user)?.reference_id) ?? text(obj(payload.new_user)?.reference_id) ?? text(payload.reference_id);
  const oldUser = text(obj(payload.old_user)?.user_id);
  const connection =
    (await repo.findConnectionForDelivery(tenantDb(systemScope, ctx.db), event.terraUserId, type === 'auth' || type === 'user_reauth' ? referenceId : null)) ??
    (oldUser ? await repo.findConnectionForDelivery(tenantDb(systemScope, ctx.db), oldUser, null) : null);
  if (!connection) {
    await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'unmapped', error: 'No user mapping data!' });
    return { status: 'unmapped', ...none };
  }
  const touched = { lastEventAt: event.receivedAt, lastEventType: type };

  if (isConnection) {
    const provider = text(obj(payload.user)?.provider) ?? text(obj(payload.new_user)?.provider);
    const status =
      type === 'auth' ? (payload.status === 'success' ? 'connected' : connection.status) : type === 'user_reauth' ? 'connected' : type === 'connection_error' ? 'error' : 'disconnected';
    await repo.updateConnectionById(tenantDb(systemScope, ctx.db), connection.id, {
      ...touched,
      status,
      ...(event.terraUserId && (type === 'auth' || type === 'user_reauth') ? { terraUserId: event.terraUserId } : {}),
      ...(provider ? { provider } : {}),
    });
    await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'processed', connectionId: connection.id });
    return { status: 'processed', ...none };
  }

  if (connection.status === 'disconnected' || !event.terraUserId) {
    await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'ignored', connectionId: connection.id, error: 'disconnected' });
    return { status: 'ignored', ...none };
  }
  // Every data type keeps one copy per key, the one with the latest ordering timestamp (Terra's
  // OpenAPI document: "overwrite rather than append"); a repeat of a summary id changes nothing.
  const replace = REPLACED_BY_DAY.has(type);
  const fresh: { item: unknown; key: string }[] = [];
  let seen = 0;
  for (const item of Array.isArray(payload.data) ? payload.data : []) {
    const key = copyKeyOf(type, item);
    if (!key) { continue; }
    seen++;
    const outcome = await repo.recordCopy(
      tenantDb(systemScope, ctx.db),
      { terraUserId: event.terraUserId, type, key, orderingAt: event.orderingAt, eventId, data: obj(item) ?? {} },
      true,
    );
    if (outcome !== 'kept') { fresh.push({ item, key }); }
  }
  if (seen > 0 && fresh.length === 0) {
    const status = replace ? 'superseded' : 'duplicate';
    await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status, connectionId: connection.id });
    await repo.updateConnectionById(tenantDb(systemScope, ctx.db), connection.id, touched);
    return { status, ...none };
  }
  let stored = 0;
  let duplicates = 0;
  let rejected = 0;
  let updated = 0;
  if (type === 'body') {
    const caller = { patientId: connection.patientId, hospitalId: connection.hospitalId, fdaCleared: connection.fdaCleared };
    const days = fresh.map(({ item, key }) => ({ key, readings: readingsOfBody([item]) }));
    const readings = days.flatMap((d) => d.readings);
    for (let i = 0; i < readings.length; i += INGEST_CHUNK) {
      const chunk: IngestReading[] = readings.slice(i, i + INGEST_CHUNK);
      const answer = await ingest(ctx, { kind: 'terra', ...caller }, { readings: chunk });
      stored += answer.stored;
      duplicates += answer.duplicates;
      rejected += answer.rejected;
    }
    // A newer copy of a day replaces the values its samples had in an older one
    // (docs/integrations.md "Terra": a newer copy of a day); only while this copy is the
    // day's newest, under its lock.
    const terraUserId = event.terraUserId;
    for (const day of days) {
      updated += await restateTerraReadings(ctx, caller, { readings: day.readings }, `terra-event:${eventId}`, (tx) =>
        repo.lockCurrentCopy(tenantDb(systemScope, tx), { terraUserId, type, key: day.key, eventId }),
      );
    }
  }
  await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'processed', connectionId: connection.id, readingsStored: stored, readingsDuplicate: duplicates, readingsRejected: rejected });
  await repo.updateConnectionById(tenantDb(systemScope, ctx.db), connection.id, { ...touched, ...(stored > 0 || updated > 0 ? { lastDataAt: new Date() } : {}) });
  return { status: 'processed', stored, duplicates, rejected, updated };
}

/**
 * The `terra-event` queue: 5 retries with back-off from VIGIL_JOBS_RETRY_DELAY_SECONDS; the last
 * failure marks the delivery `failed` (it stays stored, so it can be processed again).
 */
export function terraEventJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'terra-event',
    retryLimit: 5,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 5 * 60,
    handler: async (data: unknown, job: JobInfo) => {
      const { eventId } = data as { eventId: number };
      try {
        return await processEvent(ctx, eventId);
      } catch (err) {
        if (job.retryCount >= job.retryLimit) {
          await repo.finishEvent(tenantDb(systemScope, ctx.db), eventId, { status: 'failed', error: `attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed` });
        }
        throw err;
      }
    },
  };
}
