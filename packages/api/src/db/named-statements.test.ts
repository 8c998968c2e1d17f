/**
 * nameRepeatedStatements (db/client.ts): a statement text seen twice runs as a named prepared
 * statement from then on, one name per text, within the process's bounds. (The whole suite runs
 * through it on PostgreSQL in CI: results are unchanged.)
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { MAX_NAMED_STATEMENTS, nameRepeatedStatements } from './client';

function fakePool() {
  const calls: { name?: string; text: string }[] = [];
  const pool = { query: (config: { name?: string; text: string }) => (calls.push(config), Promise.resolve({ rows: [] })) };
  nameRepeatedStatements(pool as unknown as pg.Pool);
  const run = (text: string, extra: object = {}) => (pool.query as (c: object, v?: unknown[]) => Promise<unknown>)({ text, ...extra }, [1]);
  return { calls, run };
}

describe('nameRepeatedStatements', () => {
  it('runs a text unnamed the first time and under one stable name from the second time on', async () => {
    const { calls, run } = fakePool();
    await run('select 1 where $1 = 1');
    await run('select 1 where $1 = 1');
    await run('select 1 where $1 = 1');
    await run('select 2 where $1 = 1');
    expect(calls[0]!.name).toBeUndefined();
    expect(calls[1]!.name).toMatch(/^v[\w-]{27}$/);
    expect(calls[2]!.name).toBe(calls[1]!.name);
    expect(calls[3]!.name).toBeUndefined();
  });

  it('keeps the caller\'s own name and its other settings (rowMode)', async () => {
    const { calls, run } = fakePool();
    await run('select 3', { name: 'mine', rowMode: 'array' });
    await run('select 3', { rowMode: 'array' });
    await run('select 3', { rowMode: 'array' });
    expect(calls[0]).toMatchObject({ name: 'mine', rowMode: 'array' });
    expect(calls[2]).toMatchObject({ rowMode: 'array' });
    expect(calls[2]!.name).toMatch(/^v/);
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts; later texts run unnamed`, async () => {
    const { calls, run } = fakePool();
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 5; i++) {
      await run(`select ${i}`);
      await run(`select ${i}`);
    }
    const named = new Set(calls.map((c) => c.name).filter(Boolean));
    expect(named.size).toBe(MAX_NAMED_STATEMENTS);
    expect(calls.at(-1)!.name).toBeUndefined();
  });
});
