import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { loadTestConfig } from '../config/index';
import { systemLogs } from '../db/schema/index';
import { deleteSystemLogsBefore } from '../lib/system-log';
import { createTestApp, type TestApp } from '../../test/setup';
import { minuteSchedules } from './index';
import { runSystemLogRetention } from './system-log-retention.run.job';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ systemLogRetentionDays: 30 });
});
afterAll(async () => t?.close());

/** Writes one line per age (days before `now`) under `source`; answers nothing. */
async function lines(source: string, now: Date, ages: number[]) {
  await t.ctx.db.insert(systemLogs).values(ages.map((days) => ({ level: 'info', kind: 'jobRun', source, message: 'Job run', at: new Date(now.getTime() - days * DAY) })));
}
const agesLeft = async (source: string, now: Date) =>
  (await t.ctx.db.select({ at: systemLogs.at }).from(systemLogs).where(eq(systemLogs.source, source)).orderBy(asc(systemLogs.at))).map((r) => Math.round((now.getTime() - r.at.getTime()) / DAY));

describe('system log retention (VIGIL_SYSTEM_LOG_RETENTION_DAYS)', () => {
  it('deletes the lines older than the retention and keeps the rest; a second run deletes nothing', async () => {
    const now = new Date();
    await lines('retention-a', now, [400, 90, 31, 29, 1, 0]);
    const first = await runSystemLogRetention(t.ctx, now);
    expect(first.deleted).toBeGreaterThanOrEqual(3);
    expect(first.cutoff).toBe(new Date(now.getTime() - 30 * DAY).toISOString());
    expect(await agesLeft('retention-a', now)).toEqual([29, 1, 0]);
    expect((await runSystemLogRetention(t.ctx, now)).deleted).toBe(0);
    expect(await agesLeft('retention-a', now)).toEqual([29, 1, 0]);
  });

  it('deletes in batches until none is left', async () => {
    const now = new Date();
    await lines('retention-b', now, [70, 69, 68, 67, 66, 5]);
    expect(await deleteSystemLogsBefore(t.ctx.db, new Date(now.getTime() - 60 * DAY), 2)).toBe(5);
    expect(await agesLeft('retention-b', now)).toEqual([5]);
  });

  it('keeps 90 days by default and runs once a minute on the queue', () => {
    expect(loadTestConfig().systemLogRetentionDays).toBe(90);
    expect(minuteSchedules.map((s) => s.name)).toContain('system-log-retention');
  });
});
