import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { message, type Lang } from '@vigil/contract';
import { AppError, statusOf } from '../lib/app-error';

/**
 * PostgreSQL "data exception" codes (class 22) that only bad input can cause once the contract has
 * checked a request: numeric out of range, text too long, invalid text for a type, NUL in text,
 * invalid date/time. A safety net behind the schemas (docs/security.md "Bad input"): answered 400,
 * logged with the code only.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '2201W', '2201X']);

/**
 * What a log may hold of an error (docs/security.md "Logs"): its kind, its code, the PostgreSQL code
 * of its cause, and the stack frames without the first line. Never the message: a driver error's
 * message ("Failed query: ... params: ...", 'invalid input syntax for type integer: "Maria"')
 * carries the query's parameters, which may be PHI. Used as pino's `err` serializer too.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') { return { type: typeof error }; }
  const e = error as { name?: string; code?: unknown; statusCode?: unknown; stack?: string; cause?: { code?: unknown } };
  return {
    type: e.name ?? 'Error',
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    causeCode: typeof e.cause?.code === 'string' ? e.cause.code : undefined,
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    stack: typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 8).join('\n') : undefined,
  };
}

/**
 * Node's HTTP parser refuses some requests before fastify sees them (headers larger than
 * `maxHeaderSize`, which includes the request line: 431; anything unparseable: 400). This answers
 * them in the spec's envelope (section 7) with the same security headers as every other answer,
 * in the caller's language when its Accept-Language can be read from the raw bytes.
 * `securityHeaders` are the name/value pairs helmet sets (see app.ts).
 */
export function clientErrorHandler(securityHeaders: ReadonlyArray<[string, string]>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) { return; }
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 65_536).toString('latin1') : '';
    const lang: Lang = /\r\naccept-language:[ \t]*es/i.test(raw) ? 'es' : 'en';
    const [status, label, key] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headersTooLarge' as const]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'badRequest' as const]
          : error.code === 'HPE_URI_TOO_LONG'
            ? [414, 'URI Too Long', 'uriTooLong' as const]
            : [400, 'Bad Request', 'badRequest' as const];
    const body = JSON.stringify({ resFlag: false, data: null, msg: message(key, lang), code: key });
    const headers = [
      `HTTP/1.1 ${status} ${label}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      ...securityHeaders.map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) { socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`); }
    else { socket.destroy(); }
  };
}

/**
 * The error envelope for every failure: AppError by its code, fastify's own errors by meaning
 * (413 body too large, 415 media type, 400 bad JSON), a unique violation as 409, a foreign-key
 * violation as 404 (a missing referenced row) or 409 (a row still referenced), anything else a
 * generic 500 with the request id (logged with the error, never answered with a stack).
 */
export function registerErrorHandling(app: FastifyInstance, onUnexpected?: (req: FastifyRequest, safe: Record<string, unknown>) => void): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    const lang = req.lang ?? 'en';
    if (error instanceof AppError) {
      const resolved = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, message(v, lang, error.params)])) : undefined;
      const fields = resolved || error.fieldMessages ? { ...error.fieldMessages, ...resolved } : undefined;
      if (error.retryAfterSeconds) { reply.header('Retry-After', String(error.retryAfterSeconds)); }
      return reply.code(statusOf[error.code]).send({
        resFlag: false,
        data: null,
        msg: message(error.messageKey, lang, error.params),
        code: error.messageKey,
        ...(fields ? { errors: fields } : {}),
      });
    }
    const fe = error as FastifyError & { code?: string };
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
      return reply.code(413).send({ resFlag: false, data: null, msg: message('payloadTooLarge', lang), code: 'payloadTooLarge' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || fe.statusCode === 415) {
      return reply.code(415).send({ resFlag: false, data: null, msg: message('unsupportedMediaType', lang), code: 'unsupportedMediaType' });
    }
    // drizzle wraps driver errors: the PostgreSQL code sits on `cause`.
    const cause = (error as { cause?: { code?: string } }).cause;
    if (fe.code === '23505' || cause?.code === '23505') {
      return reply.code(409).send({ resFlag: false, data: null, msg: message('conflict', lang), code: 'conflict' });
    }
    // A foreign-key violation: the request named a row that does not exist (insert or update of a
    // referencing row: 404) or removes a row others still reference (409). The transaction has rolled
    // back, so nothing changed. The driver's message tells the two apart; it is read, never logged.
    if (fe.code === '23503' || cause?.code === '23503') {
      const text = String((cause as { message?: unknown } | undefined)?.message ?? (error as { message?: unknown }).message ?? '');
      req.log.warn({ reqId: req.id, code: '23503' }, 'reference refused by the database');
      return /update or delete on table/i.test(text)
        ? reply.code(409).send({ resFlag: false, data: null, msg: message('conflict', lang), code: 'conflict' })
        : reply.code(404).send({ resFlag: false, data: null, msg: message('notFound', lang), code: 'notFound' });
    }
    if (INPUT_DATA_EXCEPTIONS.has(String(fe.code)) || INPUT_DATA_EXCEPTIONS.has(String(cause?.code))) {
      req.log.warn({ reqId: req.id, code: cause?.code ?? fe.code }, 'input refused by the database');
      return reply.code(400).send({ resFlag: false, data: null, msg: message('validationFailed', lang), code: 'validationFailed' });
    }
    if (fe.statusCode === 429) {
      return reply.code(429).send({ resFlag: false, data: null, msg: message('tooManyAttempts', lang, { seconds: 60 }), code: 'tooManyAttempts' });
    }
    if (fe.statusCode === 414) {
      return reply.code(414).send({ resFlag: false, data: null, msg: message('uriTooLong', lang), code: 'uriTooLong' });
    }
    if (fe.statusCode === 431) {
      return reply.code(431).send({ resFlag: false, data: null, msg: message('headersTooLarge', lang), code: 'headersTooLarge' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(400).send({ resFlag: false, data: null, msg: message('validationFailed', lang), code: 'validationFailed' });
    }
    // Log the error's kind, code and stack only: a driver error's message carries the query's
    // parameters, which may be PHI.
    const safe = safeError(error);
    req.log.error({ reqId: req.id, errName: safe.type, errCode: safe.code, causeCode: safe.causeCode, stack: safe.stack }, 'unexpected error');
    onUnexpected?.(req, safe);
    return reply
      .code(500)
      .send({ resFlag: false, data: null, msg: message('unexpected', lang, { requestId: req.id }), code: 'unexpected', requestId: req.id });
  });
}

