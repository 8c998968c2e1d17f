import type { FastifyInstance } from 'fastify';
import { mfa } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './mfa.service';

/** The caller's own factors, the organization's MFA policy and an administrator's reset (chosen; docs/security.md "Multi-factor authentication"). */
export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, mfa, {
    getMyMfa: ({ scope }) => service.getMyStatus(ctx, scope),
    startTotp: ({ scope, body }) => service.startMyTotp(ctx, scope, body.label),
    confirmTotp: ({ scope, body }) => service.confirmMyTotp(ctx, scope, body.factorId, body.code),
    startPasskey: ({ scope }) => service.startMyPasskey(ctx, scope),
    finishPasskey: ({ scope, body }) => service.finishMyPasskey(ctx, scope, body.factorId, body.response, body.label),
    deleteMyFactor: ({ scope, params }) => service.deleteMyFactor(ctx, scope, params.id),
    regenerateRecoveryCodes: ({ scope }) => service.regenerateMyRecoveryCodes(ctx, scope),
    getMfaPolicy: ({ scope }) => service.getPolicy(ctx, scope),
    setMfaPolicy: ({ scope, body }) => service.setPolicy(ctx, scope, body.policy),
    getUserFactors: ({ scope, params }) => service.getUserFactors(ctx, scope, params.userId),
    resetUserFactors: ({ scope, params }) => service.resetUserFactors(ctx, scope, params.userId),
  });
}
