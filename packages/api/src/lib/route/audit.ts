/**
 * The PHI audit trail of a call (docs/audit.md "What is recorded"; HIPAA 164.312(b)): what an
 * endpoint's calls record comes from its declaration (`auditPlanOf`, lib/audit-route.ts), decided
 * once at registration. A DELETE keyed by a record reads its patient before the handler removes
 * the row (preHandler); the call is recorded with its HTTP outcome when its answer is sent
 * (onSend): a handled call by a signed-in caller with its parsed input, and a refused attempt (403,
 * permission.ts) with the patient its raw input names. Hubs' readings are not recorded here: each
 * reading keeps its hub (measurements.hub_id). A declared record kind without a patient lookup
 * (a feature module's `auditRecords`, lib/feature-module.ts) stops the server at start-up.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditPlanOf, patientBeforeDelete, recordAuditedCall } from '../audit-route';
import { callOf, type RouteConcern } from './types';

/** Calls already recorded: an answer sent twice (an error raised while sending) is recorded once. */
const recorded = new WeakSet<FastifyRequest>();

/** The audit concern: null for an endpoint whose calls are not recorded (`auditPlanOf`); throws for a record kind without a lookup. */
export const audit: RouteConcern = (def, ctx) => {
  const plan = auditPlanOf(def);
  if (!plan) { return null; }
  if (plan.record && !ctx.auditRecords[plan.record.kind]) { throw new Error(`${plan.endpoint}: audit record kind ${plan.record.kind} has no patient lookup`); }
  return {
    ...(plan.readBefore
      ? {
          preHandler: async (req: FastifyRequest) => {
            const call = callOf(req);
            if (req.scope && !call.asHub && call.input) { call.patientBefore = await patientBeforeDelete(ctx, plan, req.scope, call.input); }
          },
        }
      : {}),
    onSend: async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const call = callOf(req);
      const scope = req.scope;
      if (!scope || call.asHub || recorded.has(req)) { return payload; }
      if (call.refused) {
        recorded.add(req);
        recordAuditedCall(ctx, plan, scope, req, { headers: req.headers, query: req.query, params: req.params, body: req.body }, 403);
      } else if (call.handled && call.input) {
        recorded.add(req);
        recordAuditedCall(ctx, plan, scope, req, call.input, call.outcome, call.answer, call.patientBefore);
      }
      return payload;
    },
  };
};
