import type { FastifyError, FastifyInstance } from 'fastify';
import { message } from '@vigil/contract';
import { AppError, statusOf } from '../lib/app-error';

/**
 * The error envelope for every failure: AppError by its code, fastify's own errors by meaning
 * (413 body too large, 415 media type, 400 bad JSON), a unique violation as 409, anything else a
 * generic 500 with the request id (logged with the error, never answered with a stack).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    const lang = req.lang ?? 'en';
    if (error instanceof AppError) {
      const resolved = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, message(v, lang)])) : undefined;
      const fields = resolved || error.fieldMessages ? { ...error.fieldMessages, ...resolved } : undefined;
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
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
    if (fe.statusCode === 429) {
      return reply.code(429).send({ resFlag: false, data: null, msg: message('tooManyAttempts', lang, { seconds: 60 }), code: 'tooManyAttempts' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(400).send({ resFlag: false, data: null, msg: message('validationFailed', lang), code: 'validationFailed' });
    }
    // Log the error's kind, code and stack only: a driver error's message carries the query's
    // parameters, which may be PHI.
    req.log.error(
      { reqId: req.id, errName: error.name, errCode: fe.code, causeCode: cause?.code, stack: error.stack?.split('\n').slice(1, 8).join('\n') },
      'unexpected error',
    );
    return reply
      .code(500)
      .send({ resFlag: false, data: null, msg: message('unexpected', lang, { requestId: req.id }), code: 'unexpected', requestId: req.id });
  });
}

