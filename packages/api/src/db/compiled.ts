import { PgTransaction } from 'drizzle-orm/pg-core';
import { compiledStatementsDb, type Executor } from './client';
import { placeholderScope, scopeShapeKey, scopeValues, type Scope } from './scope';

/** What drizzle's `.prepare(name)` gives: a statement compiled to SQL text once, run with named values. */
export interface CompiledStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A statement that drizzle compiles to SQL once per database and scope shape instead of on every
 * call. Building a query and compiling it to text is most of the API's CPU for the small reads of
 * a page (measured: about a third of `getmedicaldevicesforpatientV2`); this keeps the query
 * written with drizzle and tenant-scoped by db/scope.ts, and pays for it once.
 *
 * `build(db, scope, name)` writes the query against `scope` as usual, with `sql.placeholder(x)`
 * for its own values, and ends with `.prepare(name)`. It is called with `placeholderScope` of the
 * caller's shape (`scopeShapeKey`: the role, and whether an organization admin has an
 * organization), so the tenant filters are the same text for every caller of that shape; run, the
 * statement gets the caller's ids (`scopeValues`) with `values`. On PostgreSQL the name makes it
 * a prepared statement of each connection, run on the pool of `compiledStatementsDb`, which plans
 * it once, generically. Inside a transaction (a `PgTransaction` executor) the query is built and
 * run afresh, on the transaction.
 *
 * Errors: a missing value rejects with drizzle's "No value for placeholder" error.
 */
export function compiledOnce<R>(
  name: string,
  build: (db: Executor, scope: Scope, name: string) => CompiledStatement<R>,
): (scope: Scope, db: Executor, values: Record<string, unknown>) => Promise<R> {
  const byDb = new WeakMap<Executor, Map<string, CompiledStatement<R>>>();
  return (scope, db, values) => {
    const all = { ...values, ...scopeValues(scope) };
    const shape = scopeShapeKey(scope);
    if (db instanceof PgTransaction) { return build(db, placeholderScope(scope), `${name}_${shape}`).execute(all); }
    let statements = byDb.get(db);
    if (!statements) { byDb.set(db, (statements = new Map())); }
    let statement = statements.get(shape);
    if (!statement) { statements.set(shape, (statement = build(compiledStatementsDb(db), placeholderScope(scope), `${name}_${shape}`))); }
    return statement.execute(all);
  };
}
