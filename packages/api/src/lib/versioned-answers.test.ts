import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { VersionedAnswers, encodeAnswer, envelopeOf, ifNoneMatchNames, negotiateEncoding, sendAnswer, sendNotModified } from './versioned-answers';

/** A JSON array of `n` appointment-like objects: about 200 bytes each. */
const bigJson = (n: number, tag = 'x') =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ appointmentId: i, tag, doctor: { firstName: `Doc${i % 40}` }, localTime: `08:${String(i % 60).padStart(2, '0')}`, status: 'SCHEDULED' })));

describe('VersionedAnswers', () => {
  it('answers a kept answer only at the version it was built at', async () => {
    const cache = new VersionedAnswers(1024 * 1024);
    expect(cache.get('a', '1')).toBeUndefined();
    const kept = await cache.set('a', '1', '[1]');
    expect(kept).toMatchObject({ version: '1', json: '[1]' });
    expect(cache.get('a', '1')).toBe(kept);
    expect(cache.get('a', '2')).toBeUndefined();
    await cache.set('a', '2', '[2]');
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('a', '2')?.json).toBe('[2]');
    expect(cache.size.entries).toBe(1);
  });

  it('keeps the envelope and gzip and brotli variants that decode to it, made once per version', async () => {
    const json = bigJson(2000);
    const cache = new VersionedAnswers(64 * 1024 * 1024);
    const [first, second] = await Promise.all([cache.set('day', '7', json), cache.set('day', '7', json)]);
    expect(second).toBe(first); // callers missing at once share one compression
    expect(first.envelope.toString('utf8')).toBe(`{"resFlag":true,"data":${json},"msg":"OK"}`);
    expect(zlib.gunzipSync(first.gzip!).equals(first.envelope)).toBe(true);
    expect(zlib.brotliDecompressSync(first.br!).equals(first.envelope)).toBe(true);
    expect(first.gzip!.length).toBeLessThan(first.envelope.length / 10);
    expect(first.br!.length).toBeLessThan(first.envelope.length / 10);
  });

  it('does not compress an answer under 1 KB', async () => {
    expect(await encodeAnswer('[]')).toEqual({ envelope: envelopeOf('[]'), gzip: null, br: null });
  });

  it('drops the least recently used answers beyond its size cap, and does not keep one larger than the cap', async () => {
    const json = bigJson(10);
    const probe = new VersionedAnswers(1024 * 1024);
    await probe.set('a', '1', json);
    const cache = new VersionedAnswers(probe.size.bytes * 3); // room for three entries
    for (const k of ['a', 'b', 'c']) { await cache.set(k, '1', json); }
    expect(cache.get('a', '1')).toBeDefined(); // a is now the most recently used
    await cache.set('d', '1', json);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('d', '1')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(cache.maxBytes);
    const huge = await cache.set('e', '1', bigJson(200));
    expect(huge.json).toBe(bigJson(200)); // answered all the same
    expect(cache.get('e', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
  });
});

describe('negotiateEncoding (RFC 9110 section 12.5.3)', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers brotli, then gzip, when the caller accepts them equally (as browsers send)', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
  });

  it('respects q-values, x-gzip and case', () => {
    expect(negotiateEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.1', both)).toBe('gzip');
    expect(negotiateEncoding('X-GZIP', both)).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.2, identity;q=0.5', both)).toBe('identity');
    expect(negotiateEncoding('*;q=0.3, gzip;q=0', both)).toBe('br');
    expect(negotiateEncoding(['deflate', 'gzip;q=0.9'], both)).toBe('gzip');
  });

  it('sends the answer as is when no header, an empty one, or nothing offered is accepted', () => {
    expect(negotiateEncoding(undefined, both)).toBe('identity');
    expect(negotiateEncoding('', both)).toBe('identity');
    expect(negotiateEncoding('deflate, zstd', both)).toBe('identity');
    expect(negotiateEncoding('identity', both)).toBe('identity');
    expect(negotiateEncoding('br;q=0, gzip;q=0', both)).toBe('identity');
    expect(negotiateEncoding('*;q=0', both)).toBe('identity');
  });
});

describe('ifNoneMatchNames (weak comparison, RFC 9110 section 13.1.2)', () => {
  it('matches the tag weak or strong, in a list, or "*"', () => {
    expect(ifNoneMatchNames('W/"1-a"', 'W/"1-a"')).toBe(true);
    expect(ifNoneMatchNames('"x", "1-a"', 'W/"1-a"')).toBe(true);
    expect(ifNoneMatchNames('*', 'W/"1-a"')).toBe(true);
    expect(ifNoneMatchNames('W/"1-b"', 'W/"1-a"')).toBe(false);
    expect(ifNoneMatchNames(undefined, 'W/"1-a"')).toBe(false);
  });
});

describe('sendAnswer', () => {
  const serve = async () => {
    const answer = await encodeAnswer(bigJson(500));
    const app = Fastify();
    app.get('/tagged', (req, reply) => sendAnswer(req, reply, answer, { etag: 'W/"v1"' }));
    app.get('/created', (req, reply) => sendAnswer(req, reply, answer, { status: 201 }));
    app.get('/unchanged', (_req, reply) => sendNotModified(reply, 'W/"v1"'));
    return { app, answer };
  };

  it('sends the variant the caller accepts with Content-Encoding and Vary, the same tag for every encoding', async () => {
    const { app, answer } = await serve();
    const br = await app.inject({ url: '/tagged', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', etag: 'W/"v1"', 'cache-control': 'private, no-cache' });
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(answer.envelope)).toBe(true);
    const gz = await app.inject({ url: '/tagged', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding', etag: 'W/"v1"' });
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(JSON.parse(answer.envelope.toString('utf8')));
    const plain = await app.inject({ url: '/created' });
    expect(plain.statusCode).toBe(201);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.rawPayload.equals(answer.envelope)).toBe(true);
    await app.close();
  });

  it('answers 304 with no body, its tag and Vary when If-None-Match names the tag, whatever the encoding', async () => {
    const { app } = await serve();
    for (const res of [
      await app.inject({ url: '/tagged', headers: { 'if-none-match': 'W/"v1"', 'accept-encoding': 'gzip' } }),
      await app.inject({ url: '/tagged', headers: { 'if-none-match': '"v1"' } }),
      await app.inject({ url: '/unchanged' }),
    ]) {
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers).toMatchObject({ etag: 'W/"v1"', vary: 'Accept-Encoding', 'cache-control': 'private, no-cache' });
    }
    expect((await app.inject({ url: '/tagged', headers: { 'if-none-match': 'W/"v0"' } })).statusCode).toBe(200);
    await app.close();
  });
});
