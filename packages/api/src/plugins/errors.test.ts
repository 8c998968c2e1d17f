import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A driver error as drizzle wraps it: the PostgreSQL code and message sit on `cause`. */
function driverError(code: string, message: string): Error {
  return Object.assign(new Error('Failed query: insert into ... params: Maria'), { cause: Object.assign(new Error(message), { code }) });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/x', async () => { throw error; });
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('error envelope for PostgreSQL constraint errors (plugins/errors.ts)', () => {
  it('answers a reference to a row that does not exist with 404 notFound', async () => {
    const res = await answerTo(driverError('23503', 'insert or update on table "survey_templates" violates foreign key constraint "survey_templates_hospital_id_fk"'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resFlag: false, code: 'notFound' });
  });

  it('answers removing a row that is still referenced with 409 conflict', async () => {
    const res = await answerTo(driverError('23503', 'update or delete on table "hospitals" violates foreign key constraint "x_fk" on table "y"'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resFlag: false, code: 'conflict' });
  });

  it('answers a unique violation with 409 and never echoes the driver message', async () => {
    const res = await answerTo(driverError('23505', 'duplicate key value violates unique constraint'));
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain('Maria');
  });
});
