import type { MessageKey } from '@vigil/contract';

export type ErrorCode =
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'payloadTooLarge'
  | 'unsupportedMediaType'
  | 'uriTooLong'
  | 'tooManyRequests'
  | 'badGateway'
  | 'internal';

export const statusOf: Record<ErrorCode, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  uriTooLong: 414,
  tooManyRequests: 429,
  badGateway: 502,
  internal: 500,
};

/**
 * The one error type services throw. `messageKey` names a catalogue entry (contract messages.ts),
 * answered in the caller's language; `fields` carries per-field messages for a 400.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, MessageKey>,
    readonly retryAfterSeconds?: number,
    /** Per-field messages already in the caller's language (request validation). */
    readonly fieldMessages?: Record<string, string>,
  ) {
    super(messageKey);
  }

  static notFound(key: MessageKey = 'invalidId') {
    return new AppError('notFound', key);
  }
  static badRequest(key: MessageKey, fields?: Record<string, MessageKey>, params?: Record<string, string | number>) {
    return new AppError('badRequest', key, params, fields);
  }
  static forbidden(key: MessageKey = 'forbidden') {
    return new AppError('forbidden', key);
  }
  static conflict(key: MessageKey = 'conflict') {
    return new AppError('conflict', key);
  }
  static unauthorized(key: MessageKey = 'sessionExpired') {
    return new AppError('unauthorized', key);
  }
}
