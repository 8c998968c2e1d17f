// @vitest-environment node
// (The client under test runs on a stubbed window; jsdom's Blob has no arrayBuffer, Node's has.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ccm } from '@vigil/contract';
import type { ApiError } from './api-client';

// lib/i18n needs a browser; the client only asks it for the language and one message.
vi.mock('./i18n', () => ({ default: { t: (key: string) => key }, currentLang: () => 'en' }));

const { callBlobWithProgress } = await import('./api-client');

/** A response whose body arrives in `chunks`, with its Content-Length. */
function streamed(chunks: Uint8Array[], status = 200, type = 'application/pdf') {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) { controller.enqueue(c); }
      controller.close();
    },
  });
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type, 'Content-Length': String(total) } })));
}

describe('callBlobWithProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the bytes read as they arrive, against Content-Length, and answers the whole blob', async () => {
    streamed([new Uint8Array(300).fill(1), new Uint8Array(700).fill(2)]);
    const seen: [number, number][] = [];
    const blob = await callBlobWithProgress(ccm.downloadCcmImagingFile, { params: { id: 4 } }, (done, total) => seen.push([done, total]));
    expect(seen).toEqual([
      [0, 1000],
      [300, 1000],
      [1000, 1000],
    ]);
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())[999]).toBe(2);
  });

  it('fails with the server message and reports nothing when the download is refused', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ resFlag: false, msg: 'Not allowed', code: 'forbidden' }), { status: 403 })));
    const seen: number[] = [];
    const err = (await callBlobWithProgress(ccm.downloadCcmImagingFile, { params: { id: 4 } }, (d) => seen.push(d)).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(403);
    expect(err.message).toBe('Not allowed');
    expect(seen).toEqual([]);
  });
});
