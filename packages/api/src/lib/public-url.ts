import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context';

/** The request being handled, for links built deep in a service (an e-mail's link). */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * A preHandler hook (app.ts): runs the rest of the request (its handler) with the request
 * remembered, so `linkBase` can name the address the caller reached the portal at.
 */
export function rememberRequestForLinks(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  currentRequest.run(req, done);
}

/** A host as a browser sends it: a DNS name, IPv4 or [IPv6], and an optional port; nothing else. */
const hostPattern = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base of links in e-mails and share links, without a trailing slash (README "Configuration"):
 * 1. `VIGIL_PUBLIC_URL` when set (what production should do: the Host header is the caller's to
 *    choose, see docs/security.md "Links in e-mails");
 * 2. else the address of the request being handled: its protocol and Host (`X-Forwarded-Proto` /
 *    `X-Forwarded-Host` only when `VIGIL_TRUST_PROXY` is on, as fastify's `trustProxy` does), when
 *    the host is a well-formed host name;
 * 3. else (a job, or a malformed Host) `http://localhost:<PORT>`, the port the portal listens on.
 */
export function linkBase(ctx: AppContext): string {
  if (ctx.config.publicUrl) { return ctx.config.publicUrl; }
  const req = currentRequest.getStore();
  if (req) {
    const host = req.host;
    const protocol = req.protocol === 'https' ? 'https' : 'http';
    if (typeof host === 'string' && hostPattern.test(host)) { return `${protocol}://${host}`; }
  }
  return `http://localhost:${ctx.config.port}`;
}
