import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auth } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './auth.service';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deviceCookie = (req: FastifyRequest, reply: FastifyReply): service.DeviceCookie => ({
    token: req.cookies[service.DEVICE_COOKIE],
    // HttpOnly, this path only, never sent cross-site; Secure when the portal is reached over https.
    issue: (token, maxAge) =>
      void reply.setCookie(service.DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/api/auth', maxAge }),
  });
  registerGroup(app, ctx, auth, {
    signInV3: ({ body, req, reply }) => service.signIn(ctx, body, req.ip, deviceCookie(req, reply)),
    mfaVerify: ({ body, req, reply }) => service.verifyMfa(ctx, body, req.ip, deviceCookie(req, reply)),
    mfaPasskeyOptions: ({ body }) => service.passkeyOptions(ctx, body.challengeToken),
    mfaEnrolTotp: ({ body }) => service.startEnrolment(ctx, body.challengeToken),
    mfaEnrolTotpConfirm: ({ body, req, reply }) => service.confirmEnrolment(ctx, body, req.ip, deviceCookie(req, reply)),
    signInWithToken: ({ body, req }) => service.signInWithToken(ctx, body.token, req.ip),
    signInWithTokenV2: ({ body, req }) => service.signInWithToken(ctx, body.token, body.ip || req.ip),
    signOut: async ({ scope }) => {
      await service.signOut(ctx, scope);
      return null;
    },
    checkAuthentication: ({ req }) => {
      const session = req.session;
      if (!session) { return { authenticated: false, expiresAt: null, idleExpiresAt: null }; }
      const idle = new Date(session.lastSeenAt.getTime() + ctx.config.sessionIdleMinutes * 60_000);
      return { authenticated: true, expiresAt: session.expiresAt.toISOString(), idleExpiresAt: idle.toISOString() };
    },
  });
}
