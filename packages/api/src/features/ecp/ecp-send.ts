/**
 * Sending one reviewed reading to the ECP (docs/integrations.md "ECP: exactly once"): the `ecp-send`
 * job. Every attempt carries the reading's idempotency key, so an attempt whose answer was lost
 * (a timeout, a dropped connection after the ECP stored it) is repeated without a second reading
 * there; retries back off (pg-boss retryBackoff); after the last one the row is `dead` (the
 * dead-letter list, with its retry button). A row no longer `queued` is not sent again.
 */
import type { AppContext } from '../../context';
import { systemScope } from '../../db/scope';
import type { JobDefinition, JobInfo, JobName } from '../../jobs/queue';
import { EcpClientError, sendVitalReading } from '../../lib/ecp-client';
import * as repo from './ecp.repo';
import { tenantDb } from '../../db/handles';

const UNITS: Record<string, string> = { '8480-6': 'mm[Hg]', '8462-4': 'mm[Hg]', '8867-4': '/min', '29463-7': 'kg', '2339-0': 'mg/dL', '59408-5': '%', '8310-5': 'Cel' };

/** Sends outbound row `outboundId` once; throws (for a retry) when the ECP could not be reached. */
export async function sendOne(ctx: AppContext, outboundId: number, job: JobInfo): Promise<{ status: string }> {
  const row = await repo.findSend(tenantDb(systemScope, ctx.db), outboundId);
  if (!row || row.out.status !== 'queued') { return { status: row?.out.status ?? 'missing' }; }
  const attempts = row.out.attempts + 1;
  try {
    const m = row.m;
    const { ecpReadingId } = await sendVitalReading(ctx.config.ecp, {
      communityId: row.log.ecpCommunityId,
      residentId: row.log.ecpId,
      onBehalfOf: row.onBehalfOf,
      idempotencyKey: row.out.idempotencyKey,
      type: m.deviceType,
      measuredAt: m.measuredAt.toISOString(),
      values: Object.entries(m.valuesJson).map(([code, value]) => ({ code, value, unit: UNITS[code] ?? '' })),
    });
    await repo.updateOutbound(tenantDb(systemScope, ctx.db), outboundId, { status: 'sent', attempts, ecpReadingId, sentAt: new Date(), lastError: null }, 'queued');
    return { status: 'sent' };
  } catch (err) {
    const kind = err instanceof EcpClientError ? err.kind : 'error';
    const retryable = err instanceof EcpClientError ? err.retryable : true;
    const last = !retryable || job.retryCount >= job.retryLimit;
    await repo.updateOutbound(tenantDb(systemScope, ctx.db), outboundId, { attempts, lastError: `attempt ${attempts}: ${kind}`, ...(last ? { status: 'dead' } : {}) }, 'queued');
    if (last) { return { status: 'dead' }; }
    throw err;
  }
}

/** The `ecp-send` queue: 4 retries, back-off from VIGIL_JOBS_RETRY_DELAY_SECONDS (doubling). */
export function ecpSendJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'ecp-send',
    retryLimit: 4,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 2 * 60,
    handler: (data: unknown, job: JobInfo) => sendOne(ctx, (data as { outboundId: number }).outboundId, job),
  };
}
