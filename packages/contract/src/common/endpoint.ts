import { type z } from 'zod';
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One declaration per endpoint (HOUSE_STYLE section 2). `path` is exactly as in
 * shared/spec/endpoints.txt, relative to `/api`, with `{x}` path parameters. Header schemas use
 * lower-case keys (HTTP header names are case-insensitive); a header value may also be passed as a
 * query parameter of the same name. `response` describes `data` inside the envelope.
 * `permission: 'public'` marks the few routes that need no session; every other route names a
 * permission and the server refuses to start without one (default deny).
 */
/** FHIR AuditEvent.action: C create, R read, U update, D delete, E execute. */
export type AuditAction = 'C' | 'R' | 'U' | 'D' | 'E';

/** Where a value of a call's input is: `'<part>.<field>'`, part headers, query, params or body (header names lower-case). */
export type InputField = `${'headers' | 'query' | 'params' | 'body'}.${string}`;

/** An input field, or `'answer.<field>'`: a field of a successful call's answer (a created row's id). */
export type AuditField = InputField | `answer.${string}`;

/** The CCM sub-record groups, by slug (common/sub-records.ts; features/ccm/ccm.groups.ts). */
export type SubRecordKind =
  | 'ccmallergy'
  | 'ccmdiagnosis'
  | 'ccmconditions'
  | 'ccmcareplan'
  | 'ccmmedicationevent'
  | 'vitalentry'
  | 'ccmmedicalnote'
  | 'ccmobservation'
  | 'ccmattachment'
  | 'ccmconsentform'
  | 'ccmimaging'
  | 'ccmvaccine'
  | 'ccmlab'
  | 'ccmtimelogentry';

/**
 * Kinds of stored record whose row names a patient, for calls keyed by a record's own id (api
 * the feature that owns the record declares its statement in its module descriptor's `auditRecords`, api lib/feature-module.ts; docs/audit.md "Calls keyed by a record").
 * The CCM sub-record groups are named by their slug. `user` names any user: the patient is
 * recorded only when that user is a patient. `patientIdentifier` and `deviceIdentifier` are texts (a
 * patient's identifier in the caller's organization, or the patient's user id; a device's identifier).
 */
export type AuditRecordKind =
  | 'ccmRecord'
  | SubRecordKind
  | 'ccmConditionHistory'
  | 'appointment'
  | 'appointmentNote'
  | 'visitInvitation'
  | 'videoCallRing'
  | 'prescription'
  | 'patientDiagnosis'
  | 'survey'
  | 'surveyLink'
  | 'surveyRecurrence'
  | 'treatmentPlan'
  | 'treatmentPlanDevice'
  | 'timeEntry'
  | 'medicalNote'
  | 'medicalNoteDetail'
  | 'hub'
  | 'medicalDevice'
  | 'patientPresence'
  | 'publicLink'
  | 'notification'
  | 'license'
  | 'medicalTeam'
  | 'deviceIdentifier'
  | 'ecpLog'
  | 'ecpOutbound'
  | 'user'
  | 'patientIdentifier';

/**
 * Which patient data an endpoint touches, for the PHI audit trail (api `lib/route/audit.ts` records it;
 * docs/audit.md). Exactly one of:
 * - `patient`: the input field that holds the patient's user id;
 * - `record`: the input field that holds the id of a record of `kind` whose row names the
 *   patient (a CCM sub-record, an appointment, a prescription...); the trail's writer reads the
 *   patient from that row, and for a DELETE the route reads it before the row is gone;
 * - neither: a call that reads or changes many patients at once (a list, a report, a run),
 *   recorded with its resource and no patient.
 * `resource` is the kind of record (FHIR-like: Patient, Observation, Device, CarePlan...); `action`
 * defaults to the method's (GET R, POST C, PUT/PATCH U, DELETE D).
 */
export interface AuditDecl {
  resource: string;
  patient?: AuditField;
  record?: { kind: AuditRecordKind; key: AuditField };
  action?: AuditAction;
  /**
   * The field names a user of any role (`user/{id}`): a successful call is recorded only when its
   * patient is a patient (the answer's `roleId` is 5, or a `record` of kind `user` resolves to a
   * patient); refused and failed calls always are.
   */
  patientOnly?: true;
}

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  summary: string;
  permission: Permission | 'public';
  headers?: z.ZodObject;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data upload: the file arrives in the handler, not in `body`. */
  multipart?: { maxBytes: number };
  /** The answer is a file (CSV, image, PDF), not an envelope. */
  binary?: boolean;
  response: z.ZodType;
  successStatus?: 200 | 201;
  tag: string;
  /** Also accept a hub's own credential (the `HubToken` header) instead of a staff session. */
  hubAuth?: boolean;
  /**
   * `false` declares a write that cannot change sessions, users, offices or assignments (a
   * clinical sub-record, a reading, a time entry, a note): the server then keeps every process's
   * cached session scopes (api `lib/session-cache.ts`). Left out, every write is assumed
   * to change access and clears them, the safe default.
   */
  changesAccess?: false;
  /**
   * The PHI audit trail's declaration (see AuditDecl). Left out, a signed-in call whose input names
   * a patient (a field `patientid` / `patientId` in headers, query, params or body) is recorded
   * with the endpoint's tag as resource; `false` records nothing (the audit trail's own reads).
   */
  audit?: AuditDecl | false;
}

export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointHeaders<D extends EndpointDef> = Out<D['headers']>;
export type EndpointQuery<D extends EndpointDef> = Out<D['query']>;
export type EndpointParams<D extends EndpointDef> = Out<D['params']>;
export type EndpointBody<D extends EndpointDef> = Out<D['body']>;
export type EndpointResponse<D extends EndpointDef> = z.output<D['response']>;

/** Fills `{x}` placeholders in an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) { throw new Error(`missing path parameter ${name}`); }
    return encodeURIComponent(String(value));
  });
}
