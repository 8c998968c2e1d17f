import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
const database = await openDatabase({ databaseUrl: process.env.DB ?? 'postgres://postgres@127.0.0.1:5432/vigil_perf', poolSize: 20 });
const { app } = await buildApp(loadTestConfig({ validateResponses: false }), database);
await app.listen({ port: Number(process.env.PORT ?? 8300), host: '127.0.0.1' });
console.log('listening');
process.on('SIGINT', () => process.exit(0));
process.on('SIGUSR2', () => { (globalThis as any).gc?.(); console.log(JSON.stringify(Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)])))); });
