/**
 * Versioned answers: large read answers kept by this API process per key, each valid for one
 * version of the data it shows, with their compressed variants made once per version and served
 * by content negotiation (docs/appointments.md "Day view cache and ETag"; RFC 9110 sections 8.4,
 * 8.8.3, 12.5.3 and 13.1.2).
 *
 * The caller owns the versioning: it reads the data's current version (one small statement) on
 * every request and asks `get(key, version)`; a kept answer of another version is not served. The
 * caller builds the JSON text on a miss and keeps it with `set(key, version, json)`, which gzips
 * and brotli-compresses it off the event loop (node:zlib's thread pool) once.
 *
 * Sending: `sendAnswer` answers 304 when If-None-Match names the entity tag, else the variant the
 * request's Accept-Encoding prefers (q-values respected; identity when nothing else is accepted),
 * always with `Vary: Accept-Encoding`. The entity tag is weak and the same for every encoding: the
 * variants are the same JSON, so they are semantically equivalent (RFC 9110 section 8.8.1), and a
 * weak tag may name any of them; If-None-Match uses the weak comparison (section 13.1.2), so a
 * copy received gzipped validates a request that would be answered with brotli and the reverse.
 * (A strong tag would have to differ per encoding, as nginx does by weakening tags it gzips.)
 *
 * Usage (an endpoint's service; `registerEndpoint` sends a `JsonText` through `sendAnswer`):
 *   const ccmAnswers = defineVersionedAnswers();
 *   const cache = ccmAnswers(ctx);
 *   if (ifNoneMatchNames(ifNoneMatch, tag)) return new NotModified(tag);
 *   const kept = cache.get(key, version) ?? (await cache.set(key, version, await buildJson()));
 *   return new JsonText(kept.json, tag, kept);
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { perContext } from './per-context';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * gzip level 6 (zlib's default) and brotli quality 5: on the 1.36 MB day view of 2,000
 * appointments, made once per version, 25 KB (1.8 %) and 18 KB (1.3 %) for about 8-15 ms and 6-15
 * ms of one core; brotli quality 9 gains 1 KB for 4-8x the time, 11 takes seconds.
 * Figures in docs/benchmarks.md "Appointments day view".
 */
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;
/** Below this many bytes an answer is sent as is: a packet or two, compression would not pay. */
const MIN_COMPRESS_BYTES = 1024;

/** The content codings an answer may be sent in, most preferred first when the caller ranks them equally. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** An answer as sent: the spec's envelope `{ resFlag, data, msg }` UTF-8 encoded, and its compressed variants (null: not made). */
export interface EncodedAnswer {
  readonly envelope: Buffer;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
}

/** A kept answer: the JSON text of `data` built at `version`, and the answer as sent. */
export interface VersionedAnswer extends EncodedAnswer {
  readonly version: string;
  readonly json: string;
}

/** The spec's envelope around `json` (the JSON text of `data`), UTF-8 encoded. */
export function envelopeOf(json: string): Buffer {
  return Buffer.from(`{"resFlag":true,"data":${json},"msg":"OK"}`, 'utf8');
}

/**
 * `json`'s envelope with its gzip and brotli variants, compressed on node:zlib's thread pool (the
 * event loop keeps serving). A variant that is not smaller, an answer under 1 KB, or a compression
 * that fails leaves that variant null (the answer is then sent as is).
 */
export async function encodeAnswer(json: string): Promise<EncodedAnswer> {
  const envelope = envelopeOf(json);
  if (envelope.length < MIN_COMPRESS_BYTES) { return { envelope, gzip: null, br: null }; }
  const smaller = (b: Buffer) => (b.length < envelope.length ? b : null);
  const [gz, br] = await Promise.all([
    gzip(envelope, { level: GZIP_LEVEL }).then(smaller, () => null),
    brotli(envelope, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: envelope.length,
      },
    }).then(smaller, () => null),
  ]);
  return { envelope, gzip: gz, br };
}

/** Bytes an entry holds: the text (counted at 2 bytes a UTF-16 unit, its worst case) and every encoded variant. */
const bytesOf = (a: VersionedAnswer) => a.json.length * 2 + a.envelope.length + (a.gzip?.length ?? 0) + (a.br?.length ?? 0);

/** One process's versioned answers of one kind: at most `maxBytes`, least recently used dropped first. */
export class VersionedAnswers {
  private readonly entries = new Map<string, VersionedAnswer>();
  /** Compressions under way, so that callers missing at once on the same version compress once. */
  private readonly pending = new Map<string, { version: string; answer: Promise<VersionedAnswer> }>();
  private bytes = 0;

  /** `maxBytes`: the cap on the entries' bytes (`bytesOf`); an answer larger than it is answered but not kept. */
  constructor(readonly maxBytes: number) {}

  /** The answer kept for `key` when it was built at `version`, else undefined (marks it most recently used). */
  get(key: string, version: string): VersionedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) { return undefined; }
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  /**
   * Encodes `json` (the JSON text of `data`, built at `version`) with its compressed variants
   * (`encodeAnswer`) and keeps it for `key`, replacing the key's answer of any other version.
   * Answers the entry (also when it is too large to keep). A second call for the same key and
   * version while the first compresses shares its work and answer. Never rejects.
   */
  set(key: string, version: string, json: string): Promise<VersionedAnswer> {
    const pending = this.pending.get(key);
    if (pending && pending.version === version) { return pending.answer; }
    const answer = encodeAnswer(json).then((encoded) => {
      const entry: VersionedAnswer = { version, json, ...encoded };
      if (this.pending.get(key)?.answer === answer) { this.pending.delete(key); }
      this.keep(key, entry);
      return entry;
    });
    this.pending.set(key, { version, answer });
    return answer;
  }

  /** How many answers are kept, and their bytes (`bytesOf`). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private keep(key: string, entry: VersionedAnswer): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= bytesOf(old);
      this.entries.delete(key);
    }
    const bytes = bytesOf(entry);
    if (bytes > this.maxBytes) { return; }
    this.entries.set(key, entry);
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) { break; }
      this.entries.delete(k);
      this.bytes -= bytesOf(e);
    }
  }
}

/**
 * Declares one kind of versioned answers (a module-level constant): answers the accessor of its
 * cache in an app context, one per app (a test process runs several apps on several databases).
 * `maxBytes`: the cap per process, default 36 MB.
 */
export function defineVersionedAnswers(options: { maxBytes?: number } = {}): (ctx: AppContext) => VersionedAnswers {
  return perContext(() => new VersionedAnswers(options.maxBytes ?? 36 * 1024 * 1024));
}

// Content negotiation and sending ---------------------------------------------------------------

const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to send, of `offered` (identity is always possible), for an Accept-Encoding header
 * (RFC 9110 section 12.5.3): the highest q-value wins, equal ones go to br, then gzip, then
 * identity. A coding not listed takes the q-value of `*` if present, else is not acceptable, except
 * identity, which is acceptable unless excluded (`identity;q=0`, or `*;q=0` without identity) and
 * then loses to any coding listed as acceptable. No header: identity. When nothing offered is
 * acceptable the answer is sent as is (identity), as the RFC advises rather than refusing it.
 * `x-gzip` counts as gzip (section 8.4.1.3); codings compare case-insensitively.
 */
export function negotiateEncoding(header: string | string[] | undefined, offered: readonly ContentCoding[]): ContentCoding {
  if (header === undefined) { return 'identity'; }
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';');
    let coding = name!.trim().toLowerCase();
    if (!coding) { continue; }
    if (coding === 'x-gzip') { coding = 'gzip'; }
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) { weight = Math.min(1, Number(m[1])); }
    }
    q.set(coding, Math.max(weight, q.get(coding) ?? 0));
  }
  const star = q.get('*');
  const weightOf = (c: ContentCoding): number => {
    const listed = q.get(c) ?? star;
    if (listed !== undefined) { return listed; }
    return c === 'identity' ? Number.MIN_VALUE : 0;
  };
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const c of PREFERENCE) {
    if (c !== 'identity' && !offered.includes(c)) { continue; }
    const w = weightOf(c);
    if (w > bestWeight) {
      best = c;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * Sends `answer` for `req` with status `status` (default 200): when `etag` is given it goes out
 * with `Cache-Control: private, no-cache`, and a request whose If-None-Match names it (weak
 * comparison) gets 304 with no body; otherwise the variant Accept-Encoding prefers
 * (`negotiateEncoding`) with its Content-Encoding. Every answer, 304 included, carries
 * `Vary: Accept-Encoding`. Answers the reply (for a Fastify handler to return).
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer, options: { etag?: string; status?: number } = {}): FastifyReply {
  reply.header('vary', 'Accept-Encoding');
  if (options.etag) {
    reply.header('etag', options.etag).header('cache-control', 'private, no-cache');
    if (ifNoneMatchNames(req.headers['if-none-match'], options.etag)) { return reply.code(304).send(); }
  }
  const offered: ContentCoding[] = [];
  if (answer.br) { offered.push('br'); }
  if (answer.gzip) { offered.push('gzip'); }
  const coding = offered.length > 0 ? negotiateEncoding(req.headers['accept-encoding'], offered) : 'identity';
  reply.code(options.status ?? 200).type('application/json; charset=utf-8');
  if (coding === 'identity') { return reply.send(answer.envelope); }
  return reply.header('content-encoding', coding).send(coding === 'br' ? answer.br : answer.gzip);
}

/** Sends 304 for `etag` (the caller's copy is current) with the headers its 200 would carry (RFC 9110 section 15.4.5). */
export function sendNotModified(reply: FastifyReply, etag: string): FastifyReply {
  return reply.code(304).header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding').send();
}

/** Whether an If-None-Match header value (a list of entity tags, or "*") names `etag`; weak comparison (RFC 9110 section 13.1.2). */
export function ifNoneMatchNames(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) { return false; }
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = weak(etag);
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((t) => t.trim() === '*' || weak(t) === wanted);
}
