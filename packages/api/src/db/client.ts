import path from 'node:path';
import fs from 'node:fs';
import { repoRoot } from '../config/index';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw client, for the few places that need it (pg-boss, benchmarks). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.join(repoRoot, 'packages/api/src/db/migrations');

/**
 * Opens PostgreSQL when `databaseUrl` is set, else the embedded PGlite at `pgliteDataDir`
 * ('memory://' for an in-memory database), and applies the migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDataDir?: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // An idle client that the server disconnects (restart, a dropped test database) is replaced by
    // the pool on next use; without a listener the error would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const dataDir = opts.pgliteDataDir ?? 'memory://';
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
