/**
 * From an endpoint declaration to its audit events (docs/audit.md "What is recorded"). The route
 * chain's audit concern (`lib/route/audit.ts`) asks `auditPlanOf` once per endpoint at registration and
 * `recordAuditedCall` once per call: the declaration says which patient, resource and action
 * (`EndpointDef.audit`), so no service records anything itself.
 */
import { z } from 'zod';
import { Role, type AuditAction, type AuditRecordKind, type EndpointDef } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Scope } from '../db/scope';
import { readPatientOfRecord, recordKeyOf } from './audit-patients';
import { auditTrail } from './audit-trail';

type Part = 'headers' | 'query' | 'params' | 'body' | 'answer';
type CallInput = Partial<Record<Part, unknown>>;

/** What to record for one endpoint: where the patient id is, which resource, which action. */
export interface AuditPlan {
  resource: string;
  action: AuditAction;
  part: Part | null;
  field: string | null;
  /** A call keyed by a record: the record's kind and where its key is (contract `AuditDecl.record`). */
  record: { kind: AuditRecordKind; part: Part; field: string } | null;
  /** Read the record's patient before the handler runs: a DELETE removes the row (`patientBeforeDelete`). */
  readBefore: boolean;
  endpoint: string;
  /** Record a success only when the answer is a patient (`AuditDecl.patientOnly`). */
  patientOnly: boolean;
}

const ACTION_OF_METHOD: Record<EndpointDef['method'], AuditAction> = { GET: 'R', POST: 'C', PUT: 'U', PATCH: 'U', DELETE: 'D' };
const PATIENT_FIELD = /^patient_?id$/i;

/**
 * The FHIR R4 resource type an undeclared endpoint's calls are recorded as, by its tag (the
 * declared ones name theirs): http://hl7.org/fhir/R4/resourcelist.html. A tag left out here is
 * recorded as itself (audit-coverage.test.ts requires every resource to be a FHIR type).
 */
const RESOURCE_OF_TAG: Record<string, string> = {
  Appointments: 'Appointment',
  Billing: 'Claim',
  CCM: 'CarePlan',
  Diagnoses: 'Condition',
  Enrolment: 'Coverage',
  Licences: 'Contract',
  Measurements: 'Observation',
  'Medical device': 'Device',
  'Medical notes': 'DocumentReference',
  'Medical team': 'CareTeam',
  Metadata: 'Patient',
  Notifications: 'Flag',
  'Patient presence': 'Encounter',
  Prescriptions: 'MedicationRequest',
  'Public links': 'Patient',
  Surveys: 'QuestionnaireResponse',
  Terra: 'Device',
  'Time tracking': 'Encounter',
  'Treatment plan': 'CarePlan',
  'Trusted hub': 'Device',
};

function shapeKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function splitField(ref: string): [Part, string] {
  const dot = ref.indexOf('.');
  return [ref.slice(0, dot) as Part, ref.slice(dot + 1)];
}

/**
 * The audit plan of an endpoint, or null when its calls are not recorded: public endpoints, a
 * declaration `audit: false`, and undeclared endpoints whose input names no patient field. (A declared
 * record kind without a lookup stops the server when its route is registered: lib/route/audit.ts.)
 */
export function auditPlanOf(def: EndpointDef): AuditPlan | null {
  if (def.permission === 'public' || def.audit === false) { return null; }
  const endpoint = `${def.method} ${def.path}`;
  const action = def.audit?.action ?? ACTION_OF_METHOD[def.method];
  const base = { action, endpoint, record: null, readBefore: false, patientOnly: def.audit?.patientOnly === true };
  if (def.audit?.record) {
    const { kind, key } = def.audit.record;
    const [part, field] = splitField(key);
    return { ...base, resource: def.audit.resource, part: null, field: null, record: { kind, part, field }, readBefore: def.method === 'DELETE' };
  }
  if (def.audit?.patient) {
    const [part, field] = splitField(def.audit.patient);
    return { ...base, resource: def.audit.resource, part, field };
  }
  for (const part of ['params', 'headers', 'query', 'body'] as const) {
    const field = shapeKeys(def[part]).find((k) => PATIENT_FIELD.test(k));
    if (field) { return { ...base, resource: def.audit?.resource ?? RESOURCE_OF_TAG[def.tag] ?? def.tag, part, field, patientOnly: false }; }
  }
  return def.audit ? { ...base, resource: def.audit.resource, part: null, field: null } : null;
}

/** The value at `part.field` of a call's input (parsed, or raw when refused before parsing). */
function valueOf(input: CallInput, part: Part | null, field: string | null): unknown {
  if (!part || !field) { return undefined; }
  const holder = input[part];
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) { return undefined; }
  return (holder as Record<string, unknown>)[field];
}

/** The patient id a call names, from its parsed input (or, refused before parsing, its raw input). */
function patientOf(plan: AuditPlan, input: CallInput): number | null {
  const value = valueOf(input, plan.part, plan.field);
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * For a plan that reads its patient before the handler (a DELETE keyed by a record): the patient
 * of the record the parsed input names, read now, before the row is gone. `undefined` for every
 * other plan (their patient is read by the trail's writer after the answer).
 */
export async function patientBeforeDelete(ctx: AppContext, plan: AuditPlan, scope: Scope, input: CallInput): Promise<number | null | undefined> {
  if (!plan.readBefore || !plan.record || !ctx.config.auditEnabled) { return undefined; }
  const key = recordKeyOf(ctx.auditRecords, plan.record.kind, valueOf(input, plan.record.part, plan.record.field), scope.organizationId);
  if (key === null) { return null; }
  try {
    const patientId = await readPatientOfRecord(ctx.db, ctx.auditRecords, plan.record.kind, key);
    auditTrail(ctx).fillDeleted(plan.record.kind, key, patientId);
    return patientId;
  } catch {
    // The read failed (the database is failing too, most likely): the trail's writer tries again after the call.
    return undefined;
  }
}

/**
 * Records one call of an audited endpoint by a signed-in caller with its HTTP outcome. `answer` is
 * the handler's result on success (a `patientOnly` plan records it only when its roleId is 5).
 * `knownPatient`: the patient `patientBeforeDelete` read; otherwise a record plan hands its record
 * to the trail's writer, which reads the patient.
 */
export function recordAuditedCall(
  ctx: AppContext,
  plan: AuditPlan,
  scope: Scope,
  req: FastifyRequest,
  input: CallInput,
  outcome: number,
  answer?: unknown,
  knownPatient?: number | null,
): void {
  if (plan.patientOnly && outcome < 300 && answer && typeof answer === 'object' && 'roleId' in answer && (answer as { roleId?: unknown }).roleId !== Role.PATIENT) { return; }
  // A field of the answer (`answer.<field>`) is read only from a success's answer.
  const from: CallInput = { ...input, answer: outcome < 300 ? answer : undefined };
  const key = plan.record && knownPatient === undefined ? recordKeyOf(ctx.auditRecords, plan.record.kind, valueOf(from, plan.record.part, plan.record.field), scope.organizationId) : null;
  auditTrail(ctx).record({
    at: new Date(),
    userId: scope.userId,
    roleId: scope.role,
    organizationId: scope.organizationId,
    patientId: plan.record ? (knownPatient ?? null) : patientOf(plan, from),
    ...(plan.record && key !== null ? { record: { kind: plan.record.kind, key } } : {}),
    onlyIfPatient: plan.patientOnly && outcome < 300 && plan.record !== null,
    resource: plan.resource,
    action: plan.action,
    endpoint: plan.endpoint,
    outcome,
    address: req.ip ?? '',
    requestId: String(req.id),
  });
}
