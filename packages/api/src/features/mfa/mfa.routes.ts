import type { FastifyInstance } from 'fastify';
import { mfa } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './mfa.service';

/** The caller's own factors, the organization's MFA policy and an administrator's reset (chosen; docs/security.md "Multi-factor authentication"). */
export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, mfa.getMyMfa, ({ scope }) => service.getMyStatus(ctx, scope));
  registerEndpoint(app, ctx, mfa.startTotp, ({ scope, body }) => service.startMyTotp(ctx, scope, body.label));
  registerEndpoint(app, ctx, mfa.confirmTotp, ({ scope, body }) => service.confirmMyTotp(ctx, scope, body.factorId, body.code));
  registerEndpoint(app, ctx, mfa.startPasskey, ({ scope }) => service.startMyPasskey(ctx, scope));
  registerEndpoint(app, ctx, mfa.finishPasskey, ({ scope, body }) => service.finishMyPasskey(ctx, scope, body.factorId, body.response, body.label));
  registerEndpoint(app, ctx, mfa.deleteMyFactor, ({ scope, params }) => service.deleteMyFactor(ctx, scope, params.id));
  registerEndpoint(app, ctx, mfa.regenerateRecoveryCodes, ({ scope }) => service.regenerateMyRecoveryCodes(ctx, scope));
  registerEndpoint(app, ctx, mfa.getMfaPolicy, ({ scope }) => service.getPolicy(ctx, scope));
  registerEndpoint(app, ctx, mfa.setMfaPolicy, ({ scope, body }) => service.setPolicy(ctx, scope, body.policy));
  registerEndpoint(app, ctx, mfa.getUserFactors, ({ scope, params }) => service.getUserFactors(ctx, scope, params.userId));
  registerEndpoint(app, ctx, mfa.resetUserFactors, ({ scope, params }) => service.resetUserFactors(ctx, scope, params.userId));
}
