/**
 * The API process of the benchmarks: `buildApp(loadTestConfig({ validateResponses: false }))` on
 * the database given as argument (logs off, no scheduled jobs; the real-time bus in-process, or on
 * Redis with BENCH_REDIS_URL), listening on a free local port. It is bundled like the production
 * server (scripts/build-api.mjs) and run with the same Node flags, so that its CPU and memory are
 * what `npm start` would show. Over IPC it answers memory samples (optionally after a full GC),
 * issues hub credentials, and stops.
 */
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { issueHubCredential } from '../packages/api/src/features/devices/hub-credentials';
import { API_POOL_SIZE, type ChildReply, type ChildRequest, type MemorySample } from './api-process';

function memorySample(): MemorySample {
  const m = process.memoryUsage();
  const c = process.cpuUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, cpuMicros: c.user + c.system };
}

const databaseUrl = process.argv[2]!;
const database = await openDatabase({ databaseUrl, poolSize: API_POOL_SIZE });
const redisUrl = process.env.BENCH_REDIS_URL;
const { app, ctx } = await buildApp(loadTestConfig({ validateResponses: false, ...(redisUrl ? { redisUrl } : {}) }), database);
await app.listen({ port: 0, host: '127.0.0.1' });
await ctx.realtime.ready();
const reply = (m: ChildReply) => process.send!(m);
process.on('message', (m: ChildRequest) => {
  if (m.kind === 'memory') { reply({ id: m.id, memory: memorySample() }); }
  else if (m.kind === 'gc') {
    (globalThis as { gc?: () => void }).gc?.(); // the process runs with --expose-gc
    reply({ id: m.id, memory: memorySample() });
  } else if (m.kind === 'issueHubCredentials') {
    void Promise.all(m.hubIds.map((id) => issueHubCredential(ctx, id))).then((tokens) => reply({ id: m.id, tokens }));
  } else {
    void app
      .close()
      .then(() => database.close())
      .then(() => reply({ id: m.id }))
      .finally(() => process.exit(0));
  }
});
reply({ kind: 'listening', port: (app.server.address() as { port: number }).port });
