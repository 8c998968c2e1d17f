import { Readable } from 'node:stream';
import type { AuditEvent, EndpointHeaders, EndpointQuery, SystemLog, auditTrail as auditContract, systemLogs as systemLogsContract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { auditTrail } from '../../lib/audit-trail';
import { buildCsv } from '../../lib/csv';
import * as repo from './audit.repo';
import { tenantDb } from '../../db/handles';

/** The audit trail's and the system logs' reads (docs/audit.md). */

const DAY_MS = 86_400_000;
/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 10_000;

/** 'YYYY-MM-DD' (a UTC day) as the instant it starts; `nextDay` the one after it ends. */
const dayStart = (day: string | undefined, nextDay = false): Date | undefined => (day ? new Date(Date.parse(day) + (nextDay ? DAY_MS : 0)) : undefined);

type EventQuery = EndpointQuery<typeof auditContract.getAuditEvents>;
const eventFilter = (q: EventQuery): repo.AuditEventFilter => ({ patientId: q.patientId, userId: q.userId, action: q.action, from: dayStart(q.from), to: dayStart(q.to, true) });

/** A patient or user filter the caller does not see answers 404 (another tenant's ids). */
async function assertFilterVisible(ctx: AppContext, scope: Scope, q: EventQuery): Promise<void> {
  for (const id of [q.patientId, q.userId]) {
    if (id !== undefined && !(await repo.isUserVisible(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  }
}

/** A page of the audit events the caller sees (events recorded up to now are stored first). */
export async function getAuditEvents(ctx: AppContext, scope: Scope, q: EventQuery): Promise<{ items: AuditEvent[]; total: number; page: number; pageSize: number }> {
  await assertFilterVisible(ctx, scope, q);
  await auditTrail(ctx).flush();
  const { items, total } = await repo.findAuditEvents(tenantDb(scope, ctx.db), eventFilter(q), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** The filtered audit events as CSV (at most CSV_MAX_ROWS, newest first). */
export async function auditEventsCsv(ctx: AppContext, scope: Scope, q: EventQuery): Promise<string> {
  await assertFilterVisible(ctx, scope, q);
  await auditTrail(ctx).flush();
  const { items } = await repo.findAuditEvents(tenantDb(scope, ctx.db), eventFilter(q), { page: 1, pageSize: CSV_MAX_ROWS, sort: q.sort });
  return buildCsv(
    ['id', 'at', 'userId', 'userName', 'roleId', 'patientId', 'patientName', 'resource', 'action', 'endpoint', 'outcome', 'address', 'requestId'],
    items.map((e) => [e.id, e.at, e.userId, e.userName, e.roleId, e.patientId, e.patientName, e.resource, e.action, e.endpoint, e.outcome, e.address, e.requestId]),
  );
}

const INTERACTION: Record<AuditEvent['action'], string> = { C: 'create', R: 'read', U: 'update', D: 'delete', E: 'operation' };

/**
 * One audit event as a FHIR R4 AuditEvent (http://hl7.org/fhir/R4/auditevent.html): type `rest`
 * (audit-event-type), subtype the RESTful interaction, action C/R/U/D/E, outcome 0 success, 4 a
 * refused or invalid request (4xx), 8 a server failure (5xx); the caller as the requesting agent
 * with its network address; the patient (role 1 Patient) and the endpoint as entities.
 */
export function toFhirAuditEvent(e: AuditEvent): Record<string, unknown> {
  const entity: Array<Record<string, unknown>> = [
    {
      what: { identifier: { system: 'urn:vigil:endpoint', value: e.endpoint } },
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-entity-type', code: '2', display: 'System Object' },
      description: e.resource,
    },
  ];
  if (e.patientId !== null) {
    entity.unshift({
      what: { reference: `Patient/${e.patientId}`, ...(e.patientName ? { display: e.patientName } : {}) },
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-entity-type', code: '1', display: 'Person' },
      role: { system: 'http://terminology.hl7.org/CodeSystem/object-role', code: '1', display: 'Patient' },
    });
  }
  return {
    resourceType: 'AuditEvent',
    id: String(e.id),
    type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'RESTful Operation' },
    subtype: [{ system: 'http://hl7.org/fhir/restful-interaction', code: INTERACTION[e.action] }],
    action: e.action,
    recorded: e.at,
    outcome: e.outcome < 400 ? '0' : e.outcome < 500 ? '4' : '8',
    outcomeDesc: `HTTP ${e.outcome}`,
    agent: [
      {
        who: { identifier: { system: 'urn:vigil:user', value: String(e.userId) }, ...(e.userName ? { display: e.userName } : {}) },
        role: [{ coding: [{ system: 'urn:vigil:role', code: String(e.roleId) }] }],
        requestor: true,
        network: { address: e.address, type: '2' },
      },
    ],
    source: {
      observer: { display: 'Vigil API' },
      type: [{ system: 'http://terminology.hl7.org/CodeSystem/security-source-type', code: '4', display: 'Application Server' }],
    },
    entity,
  };
}

/** The events of the period (UTC days, both included) in scope as FHIR AuditEvent NDJSON, streamed oldest first. */
export async function auditEventsFhir(ctx: AppContext, scope: Scope, q: EndpointQuery<typeof auditContract.exportAuditEventsFhir>): Promise<Readable> {
  await auditTrail(ctx).flush();
  const filter: repo.AuditEventFilter = { from: dayStart(q.from), to: dayStart(q.to, true) };
  async function* lines() {
    for (let page = 1; ; page++) {
      const { items } = await repo.findAuditEvents(tenantDb(scope, ctx.db), filter, { page, pageSize: 1000, sort: 'id' });
      for (const e of items) { yield JSON.stringify(toFhirAuditEvent(e)) + '\n'; }
      if (items.length < 1000) { return; }
    }
  }
  return Readable.from(lines());
}

// System logs -----------------------------------------------------------------------------------

type LogHeaders = EndpointHeaders<typeof systemLogsContract.getSystemLogs>;
const logFilter = (h: LogHeaders, search?: string): repo.SystemLogFilter => ({
  kind: h.kind,
  level: h.level,
  from: dayStart(h.fromdate),
  to: dayStart(h.todate, true),
  requestId: h.requestid || undefined,
  search: search || undefined,
});

/** A page of system log lines (spec section 7: filters as headers). */
export async function getSystemLogs(ctx: AppContext, scope: Scope, h: LogHeaders, q: EndpointQuery<typeof systemLogsContract.getSystemLogs>) {
  const { items, total } = await repo.findSystemLogs(tenantDb(scope, ctx.db), logFilter(h, q.search), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** One system log line; 404 "Invalid id" when unknown. */
export async function getSystemLog(ctx: AppContext, scope: Scope, id: number): Promise<SystemLog> {
  const row = await repo.findSystemLog(tenantDb(scope, ctx.db), id);
  if (!row) { throw new AppError('notFound', 'invalidId'); }
  return row;
}

/** The filtered system log lines as CSV (at most CSV_MAX_ROWS, newest first). */
export async function systemLogsCsv(ctx: AppContext, scope: Scope, h: LogHeaders): Promise<string> {
  const { items } = await repo.findSystemLogs(tenantDb(scope, ctx.db), logFilter(h), { page: 1, pageSize: CSV_MAX_ROWS });
  return buildCsv(
    ['id', 'at', 'level', 'kind', 'source', 'message', 'requestId', 'userId', 'organizationId', 'details'],
    items.map((l) => [l.id, l.at, l.level, l.kind, l.source, l.message, l.requestId, l.userId, l.organizationId, JSON.stringify(l.details)]),
  );
}
