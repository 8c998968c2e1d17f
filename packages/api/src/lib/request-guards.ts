import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { message } from '@vigil/contract';
import { AppError } from './app-error';
import { requestLang } from './lang';

/**
 * Names of bearer secrets (lower case) that the API accepts only in a header or a body, never in
 * the query string, where they end up in proxy logs, browser history and Referer headers
 * (docs/security.md "Tokens stay out of addresses"). The contract declares each as a header:
 * surveytoken (survey links), visitinvitation (video visit invitations), linkid (share links),
 * linktoken (billing links); the rest are credentials and common spellings of them.
 */
export const QUERY_SECRET_NAMES: ReadonlySet<string> = new Set([
  'surveytoken',
  'visitinvitation',
  'linkid',
  'linktoken',
  'token',
  'invite',
  'invitation',
  'link',
  'billinglink',
  'sessionguid',
  'hubtoken',
  'x-api-key',
  'apikey',
  'signintoken',
]);

/**
 * The first secret name in a request target's query string, or null. `url` is the raw request
 * target (`/api/x?a=1`); names are compared in lower case after percent-decoding.
 */
export function secretInQuery(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) { return null; }
  for (const name of new URLSearchParams(url.slice(q + 1)).keys()) {
    const lower = name.toLowerCase();
    if (QUERY_SECRET_NAMES.has(lower)) { return lower; }
  }
  return null;
}

/**
 * The web page the spec places under /api (section 3: "/api/user/validatetoken confirms account
 * validation"): the e-mailed link's page, served as HTML (app.ts). Its links carry the token in
 * the fragment; a link e-mailed before that still opens with `?token=`.
 */
const WEB_PAGES_UNDER_API = /^\/api\/user\/validatetoken(?:\?|$)/i;

/**
 * An onRequest hook (app.ts): an `/api/` request with a bearer secret in its query string answers
 * 400 `tokenInQuery` naming the parameter (never its value), before routing, authentication or
 * the audit trail see it. The request serializer logs paths without query strings (app.ts).
 */
export function refuseSecretsInQuery(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!req.url.startsWith('/api/') || WEB_PAGES_UNDER_API.test(req.url)) { return done(); }
  const name = secretInQuery(req.url);
  if (name === null) { return done(); }
  req.lang = requestLang(req);
  done(new AppError('badRequest', 'tokenInQuery', { name }));
}

/**
 * fastify's `frameworkErrors` (app.ts): errors its router raises before any hook runs, a path
 * parameter longer than `maxParamLength` (414) or a path that does not decode (400). Answered in
 * the spec's envelope (section 7) in the caller's language, with the security headers every
 * other answer carries (`securityHeaderPairs`, the pairs helmet sets) and `no-store`.
 */
export function frameworkErrorHandler(securityHeaders: ReadonlyArray<[string, string]>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const lang = requestLang(req);
    for (const [name, value] of securityHeaders) { reply.header(name, value); }
    reply.header('Cache-Control', 'no-store');
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.statusCode === 414) {
      void reply.code(414).send({ resFlag: false, data: null, msg: message('uriTooLong', lang), code: 'uriTooLong' });
      return;
    }
    void reply.code(400).send({ resFlag: false, data: null, msg: message('badRequest', lang), code: 'badRequest' });
  };
}
