import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database with every migration applied, copied for each test file (setup.ts openTestDatabase); '' on PGlite. */
    pgTemplate: string;
  }
}

/**
 * Once per `vitest run`: when the tests run on PostgreSQL (`TEST_DATABASE_URL`), migrates one
 * template database, so that each test file's fresh database is a `CREATE DATABASE … TEMPLATE`
 * copy (a fraction of a second) instead of running every migration again (seconds per file, most
 * of the suite's set-up time). Only migrations are in the template: reference data is seeded by
 * each app as in production (`buildApp`). The template is dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', '');
    return;
  }
  const name = `vigil_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 1 });
  await db.close();
  project.provide('pgTemplate', name);
  return async () => {
    await admin(`drop database if exists ${name} with (force)`);
  };
}
