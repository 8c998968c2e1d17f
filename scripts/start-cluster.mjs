#!/usr/bin/env node
// `npm run start:cluster`: VIGIL_PROCESSES API processes (default 2) behind HAProxy on the port
// `npm start` uses (docs/operations.md "Cluster"). Needs DATABASE_URL, REDIS_URL and haproxy; the
// supervisor (packages/api/src/cli/cluster.ts) says which is missing before anything is built.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { prepareServer, root, run } from './prepare-server.mjs';

const cluster = path.join(root, 'packages/api/src/cli/cluster.ts');
// Refuse before the (long) build when something the cluster needs is missing.
const check = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(cluster)}).then((m) => { const r = m.clusterRefusal(process.env); if (r) { console.error(r + '\\nSee docs/operations.md "Cluster".'); process.exit(1); } })`], { cwd: root, stdio: 'inherit' });
if (check.status !== 0) process.exit(check.status ?? 1);
const serverArgs = await prepareServer();
run(process.execPath, ['--import', 'tsx', cluster, '--', ...serverArgs]);
