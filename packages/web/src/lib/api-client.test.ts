import { afterEach, describe, expect, it, vi } from 'vitest';
import { offices } from '@vigil/contract';
import type { ApiError } from './api-client';

// lib/i18n needs a browser; the client only asks it for the language and one message.
vi.mock('./i18n', () => ({
  default: { t: (key: string) => (key === 'common:errors.outOfScope' ? 'No encontrado: no existe o no pertenece a sus oficinas.' : key) },
  currentLang: () => 'es',
}));

const { call } = await import('./api-client');

function answer(status: number, body: unknown) {
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

async function failure(): Promise<ApiError> {
  try {
    await call(offices.getOffice, { params: { id: 7 } } as never);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('call: failures as a person reads them', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a record outside the caller’s scope (404 "Invalid id") as not found', async () => {
    answer(404, { resFlag: false, data: null, msg: 'Id no válido', code: 'invalidId' });
    const e = await failure();
    expect(e.status).toBe(404);
    expect(e.code).toBe('invalidId');
    expect(e.message).toBe('No encontrado: no existe o no pertenece a sus oficinas.');
  });

  it('keeps the server’s own message for other failures, and per-field messages', async () => {
    answer(400, { resFlag: false, data: null, msg: 'Error de validación', code: 'validationFailed', errors: { id: 'Id no válido' } });
    const e = await failure();
    expect(e.status).toBe(400);
    expect(e.message).toBe('Error de validación');
    expect(e.fieldErrors).toEqual({ id: 'Id no válido' });
  });
});
