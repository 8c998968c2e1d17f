import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { message } from '@vigil/contract';
import { AppError } from './app-error';

/**
 * An error handler for the few calls the spec says "return the error response body instead of
 * failing" (section 8: trusted hubs; patient presence delete). Register it on an encapsulated
 * scope (`app.register(async (scoped) => scoped.setErrorHandler(answerFailuresInBody))`): a
 * failed call there (validation, not found, conflict) answers HTTP 200 with the error envelope
 * `{ resFlag: false, data: null, msg, code, errors? }`. A missing session (401) or permission (403),
 * and anything unexpected, are rethrown to the app's error handler and answered as usual.
 */
export function answerFailuresInBody(error: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError) || error.code === 'unauthorized' || error.code === 'forbidden' || error.code === 'internal') throw error;
  const lang = req.lang ?? 'en';
  const resolved = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, message(v, lang)])) : undefined;
  const errors = resolved || error.fieldMessages ? { ...error.fieldMessages, ...resolved } : undefined;
  return reply.code(200).send({ resFlag: false, data: null, msg: message(error.messageKey, lang, error.params), code: error.messageKey, ...(errors ? { errors } : {}) });
}
