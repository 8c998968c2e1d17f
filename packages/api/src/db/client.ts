import path from 'node:path';
import fs from 'node:fs';
import { repoRoot } from '../config/index';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
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
  /** On PostgreSQL, every pool of the app by name (`main`, `compiled`), for the metrics (lib/metrics.ts); absent on PGlite. */
  pools?: Array<{ name: 'main' | 'compiled'; pool: pg.Pool }>;
  close(): Promise<void>;
}

/**
 * The database that runs the statements compiled once (db/compiled.ts) for `db`: on PostgreSQL a
 * second pool whose connections plan every prepared statement once, generically
 * (plan_cache_mode = force_generic_plan); else `db` itself.
 */
const compiledTwins = new WeakMap<Db, Db>();
export const compiledStatementsDb = (db: Db): Db => compiledTwins.get(db) ?? db;

/**
 * Connection options of the compiled statements' pool. Those statements are lookups by key (a
 * patient's devices, plan, chart context) whose best plan does not depend on the values, but with
 * arrays of ids (`= any($1)`) PostgreSQL's default mode kept choosing custom plans, planning them
 * again on every call: 0.3-0.6 ms of its CPU per request, more than running them. The other
 * statements (searches and sorted lists, whose plans do depend on the values) keep the default.
 */
export const COMPILED_STATEMENTS_OPTIONS = '-c plan_cache_mode=force_generic_plan';

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
    await migratePg(drizzlePg(pool), { migrationsFolder });
    nameRepeatedStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const compiledPool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, options: COMPILED_STATEMENTS_OPTIONS });
    compiledPool.on('error', () => undefined);
    compiledTwins.set(db, drizzlePg(compiledPool, { schema }) as unknown as Db);
    return { db, kind: 'postgres', pool, pools: [{ name: 'main', pool }, { name: 'compiled', pool: compiledPool }], close: () => Promise.all([pool.end(), compiledPool.end()]).then(() => undefined) };
  }
  const dataDir = opts.pgliteDataDir ?? 'memory://';
  if (dataDir !== 'memory://') { fs.mkdirSync(dataDir, { recursive: true }); }
  // pg_trgm: the trigram indexes of the list searches (migration 0003).
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

/** How many distinct statement texts a process names (prepares) at most; later new ones run unnamed. */
export const MAX_NAMED_STATEMENTS = 2_000;
/** Texts longer than this are never named (each connection keeps what it prepared). */
const MAX_NAMED_TEXT = 20_000;

/**
 * Makes `pool.query` run a statement text seen before as a NAMED prepared statement (node-postgres
 * prepares it once per connection, then only binds and executes it). Every statement of the API is
 * otherwise parsed, analysed and planned by PostgreSQL on each call, which for the small queries of
 * a request costs several times their execution (measured 0.1-0.7 ms of parse + bind against
 * 0.03 ms of execution). The name is a hash of the text, so one name always means one text; the
 * values still travel as parameters, so nothing about the results changes. PostgreSQL's
 * plan_cache_mode stays at its default (custom plans until a generic one is shown no worse).
 * Bounded: at most MAX_NAMED_STATEMENTS texts per process (then new texts run unnamed), none
 * longer than 20,000 characters. Transactions (pool.connect()) keep unnamed statements.
 */
export function nameRepeatedStatements(pool: pg.Pool): void {
  const seen = new Map<string, string | null>();
  let named = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const nameOf = (text: string): string | undefined => {
    const known = seen.get(text);
    if (known) { return known; }
    if (text.length > MAX_NAMED_TEXT || seen.size >= MAX_NAMED_STATEMENTS * 4) { return undefined; }
    if (known === null) {
      // The second time a text comes: from now on it is a prepared statement.
      if (named >= MAX_NAMED_STATEMENTS) { return undefined; }
      const name = 'v' + createHash('sha1').update(text).digest('base64url');
      seen.set(text, name);
      named++;
      return name;
    }
    seen.set(text, null);
    return undefined;
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string' && !(config as { name?: string }).name) {
      const name = nameOf((config as { text: string }).text);
      if (name) { return query({ ...(config as object), name }, ...rest); }
    }
    return query(config, ...rest);
  };
}
