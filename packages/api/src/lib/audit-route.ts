/**
 * From an endpoint declaration to its audit events (docs/audit.md "What is recorded"). The route
 * layer (`lib/route.ts`) asks `auditPlanOf` once per endpoint at registration and
 * `recordAuditedCall` once per call: the declaration says which patient, resource and action
 * (`EndpointDef.audit`), so no service records anything itself.
 */
import { z } from 'zod';
import { Role, type AuditAction, type EndpointDef } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Scope } from '../db/scope';
import { auditTrail } from './audit-trail';

/** What to record for one endpoint: where the patient id is, which resource, which action. */
export interface AuditPlan {
  resource: string;
  action: AuditAction;
  part: 'headers' | 'query' | 'params' | 'body' | null;
  field: string | null;
  endpoint: string;
  /** Record a success only when the answer is a patient (`AuditDecl.patientOnly`). */
  patientOnly: boolean;
}

const ACTION_OF_METHOD: Record<EndpointDef['method'], AuditAction> = { GET: 'R', POST: 'C', PUT: 'U', PATCH: 'U', DELETE: 'D' };
const PATIENT_FIELD = /^patient_?id$/i;

function shapeKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * The audit plan of an endpoint, or null when its calls are not recorded: public endpoints, a
 * declaration `audit: false`, and undeclared endpoints whose input names no patient field.
 */
export function auditPlanOf(def: EndpointDef): AuditPlan | null {
  if (def.permission === 'public' || def.audit === false) return null;
  const endpoint = `${def.method} ${def.path}`;
  const action = def.audit?.action ?? ACTION_OF_METHOD[def.method];
  if (def.audit?.patient) {
    const [part, field] = def.audit.patient.split('.') as [AuditPlan['part'], string];
    return { resource: def.audit.resource, action, part, field, endpoint, patientOnly: def.audit.patientOnly === true };
  }
  for (const part of ['params', 'headers', 'query', 'body'] as const) {
    const field = shapeKeys(def[part]).find((k) => PATIENT_FIELD.test(k));
    if (field) return { resource: def.audit?.resource ?? def.tag, action, part, field, endpoint, patientOnly: false };
  }
  return def.audit ? { resource: def.audit.resource, action, part: null, field: null, endpoint, patientOnly: false } : null;
}

/** The patient id a call names, from its parsed input (or, refused before parsing, its raw input). */
function patientOf(plan: AuditPlan, input: Partial<Record<'headers' | 'query' | 'params' | 'body', unknown>>): number | null {
  if (!plan.part || !plan.field) return null;
  const holder = input[plan.part];
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return null;
  const value = (holder as Record<string, unknown>)[plan.field];
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Records one call of an audited endpoint by a signed-in caller with its HTTP outcome. `answer` is
 * the handler's result on success (a `patientOnly` plan records it only when its roleId is 5).
 */
export function recordAuditedCall(
  ctx: AppContext,
  plan: AuditPlan,
  scope: Scope,
  req: FastifyRequest,
  input: Partial<Record<'headers' | 'query' | 'params' | 'body', unknown>>,
  outcome: number,
  answer?: unknown,
): void {
  if (plan.patientOnly && outcome < 300 && answer && typeof answer === 'object' && (answer as { roleId?: unknown }).roleId !== Role.PATIENT) return;
  auditTrail(ctx).record({
    at: new Date(),
    userId: scope.userId,
    roleId: scope.role,
    organizationId: scope.organizationId,
    patientId: patientOf(plan, input),
    resource: plan.resource,
    action: plan.action,
    endpoint: plan.endpoint,
    outcome,
    address: req.ip ?? '',
    requestId: String(req.id),
  });
}
