/**
 * "Not found, not invalid id" (docs/first-day.md; HOUSE_STYLE: a record outside the caller's scope
 * answers 404), generated from the contract. For EVERY endpoint of `allEndpoints` that takes an
 * integer id (path parameters, the spec's id headers, query fields, top-level body fields), a user
 * of tenant A whose role has the endpoint's permission sends, one id field at a time (the other id
 * fields naming tenant A's own records, the other fields valid values generated from the schemas):
 *  a. a well-formed id that names no row (2 000 000 000): the answer is 404 or, for a list or a
 *     search, an empty answer; never 400 "Invalid id" about that field, never 5xx, never data;
 *  b. the id of a record of the same kind in ANOTHER organization (org B), and for callers bound to
 *     an office, in another office of the same organization (a2): 404 (or an empty list), never 400
 *     "Invalid id", never 5xx, none of the foreign record's data, and no write happened (org B's
 *     and office a2's rows are the same before and after).
 * What an id names comes from its field name (`kindOfField`) and, for `{id}` paths, from the
 * path's prefix (`PATH_KINDS`). Kinds without a foreign record in the fixture get (a) only; the
 * endpoints and fields the audit cannot send are in `EXEMPT` with the reason.
 *
 * And the PHI audit trail (docs/audit.md): every foreign probe at a field that an endpoint's audit
 * plan reads its patient from (the patient's own id, or a record of a kind the fixture has: CCM
 * record, plan, hub, device, care team) is recorded with that record's patient, whatever the 404.
 *
 * Bounded: one request per id field and probe (about 1 500 in all), no retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { allEndpoints, can, type EndpointDef } from '@vigil/contract';
import { createTenancyFixture, createUser, createTestApp, sessionFor, type TestApp } from './setup';
import {
  ccmRecords,
  drugProducts,
  hospitals,
  hubs,
  medicalDevices,
  medicalTeamMembers,
  medicalTeams,
  organizations,
  patientMetadata,
  treatmentPlans,
  userHospitals,
  users,
} from '../src/db/schema/index';
import { urlOf } from '../src/lib/route';
import { auditPlanOf } from '../src/lib/audit-route';
import { auditTrail } from '../src/lib/audit-trail';
import { auditEvents } from '../src/db/schema/index';
import { Role } from '@vigil/contract';

/** An id no row has (inside int4, so it passes validation and reaches the services). */
const NONEXISTENT = 2_000_000_000;
/** Text in every foreign record the audit can look for in an answer. */
const MARK = 'Zqxforeignmark';

/** The kinds of record an id can name. `other`: a record kind the fixture has no foreign row of. */
type Kind = 'office' | 'organization' | 'patient' | 'doctor' | 'nurse' | 'officeAdmin' | 'user' | 'medicalTeam' | 'hub' | 'device' | 'ccmRecord' | 'treatmentPlan' | 'clientPlan' | 'drugProduct' | 'other';

/** Id field names (lower case) and the kind of record they name. */
const FIELD_KINDS: Record<string, Kind> = {
  hospitalid: 'office',
  hospitalids: 'office',
  locationid: 'office',
  fromhospitalid: 'office',
  tohospitalid: 'office',
  organizationid: 'organization',
  patientid: 'patient',
  patientids: 'patient',
  patientuserid: 'patient',
  doctorid: 'doctor',
  prescriberid: 'doctor',
  billingpractitionerid: 'doctor',
  nurseid: 'nurse',
  hospitaladminid: 'officeAdmin',
  userid: 'user',
  userids: 'user',
  memberids: 'user',
  attendeeids: 'user',
  staffid: 'user',
  vigiluserid: 'user',
  assignedtouserid: 'patient',
  medicalteamid: 'medicalTeam',
  hubid: 'hub',
  hubids: 'hub',
  medicaldeviceid: 'device',
  deviceid: 'device',
  ccmrecordid: 'ccmRecord',
  treatmentplanid: 'treatmentPlan',
  drugproductid: 'drugProduct',
};

/** Fields whose kind depends on the endpoint: a survey goes to a client monitoring plan (an office's plan without a patient). */
const ENDPOINT_FIELD_KINDS: Record<string, Kind> = {
  'POST survey/assignsurveytemplatetoclientmonitoringplan treatmentPlanId': 'clientPlan',
  'GET survey/getclientmonitoringplanassignments treatmentplanid': 'clientPlan',
  'POST treatmentplan/assignpatienttodefaultclientmonitoringplan treatmentPlanId': 'clientPlan',
  'DELETE treatmentplan/deassignpatientfromclientmonitoringplan treatmentPlanId': 'clientPlan',
};

/** What `{id}` (or `{x}`) names, by the path's first segment: the ambiguous path parameters. */
const PATH_KINDS: Record<string, Kind> = {
  user: 'user',
  hospital: 'office',
  medicalinstitution: 'organization',
  hub: 'hub',
  medicaldevice: 'device',
  ccmrecord: 'ccmRecord',
  treatmentplan: 'treatmentPlan',
};

/**
 * Endpoints or fields the audit does not send, with the reason. Keys: "METHOD path" (the whole
 * endpoint) or "METHOD path field".
 */
const EXEMPT: Record<string, string> = {
  // Public routes have no caller scope to leave: their ids come with a signed token or link, and
  // their answers are proven by their own tests (auth, survey links, public links).
  ...Object.fromEntries(allEndpoints.filter((d) => d.permission === 'public').map((d) => [`${d.method} ${d.path}`, 'public: no caller scope'])),
  // Needs a running timer of the caller with the patient (without one it answers 400 "Stop tracking
  // error" before reading the template). The template is checked by the same function
  // (time-tracking `assertUsableTemplate`) as POST medicalnote's categoryTemplateId, which is audited.
  'PUT timetracking/stoptrackingwithpatient categoryTemplateId': 'needs a running timer',
  // Read only with jitEnabled true (the generated body has it false); then an unknown or admin role
  // answers 400 ssoJitRoleNotAllowed and an office out of scope 404 (features/sso/sso.int.test.ts).
  'PUT sso/config/{organizationId} jitRoleId': 'read only with jitEnabled',
  'PUT sso/config/{organizationId} jitOfficeId': 'read only with jitEnabled',
  // The caller's own pending factor, read together with a first TOTP code or a WebAuthn response
  // that a generated body cannot make valid; the repository reads it by the caller's user id
  // (features/mfa/mfa.repo.ts), so another user's factor is "enrolment expired" (mfa.int.test.ts).
  'POST mfa/totp/confirm factorId': 'needs a valid first code',
  'POST mfa/passkeys factorId': 'needs a valid WebAuthn response',
};

/**
 * Ids of shared catalogues (no tenant: every organization picks from the same list), checked like
 * a value of a list: a missing entry is 400 with the field's message "Invalid id", as for an
 * unknown enum value. No other tenant's row exists to leak. By endpoint and field.
 */
const CATALOGUE_FIELDS: Record<string, string> = {
  'POST medicaldevice templateId': 'device templates (medicaldevicetemplate)',
  'PUT medicaldevice/{id} templateId': 'device templates (medicaldevicetemplate)',
  'POST doctormetadata/assigndoctortomultiplespetializations specializationIds': 'specializations (verifiers of the SPECIALIZATION_TYPE domain)',
  'POST doctormetadata/deassigndoctorfrommultiplespetializations specializationIds': 'specializations (verifiers of the SPECIALIZATION_TYPE domain)',
  'POST patientprescription drugProductId': 'drug products (FDA NDC directory)',
};

/** The keys of an object schema, looking through optional / nullable / default / pipe wrappers. */
function objectOf(schema: unknown, depth = 0): { shape: Record<string, unknown> } | null {
  if (!schema || typeof schema !== 'object' || depth > 6) { return null; }
  if ('shape' in schema && schema.shape && typeof schema.shape === 'object') { return schema as { shape: Record<string, unknown> }; }
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) { return null; }
  for (const inner of [def.in, def.innerType, def.schema]) {
    const o = objectOf(inner, depth + 1);
    if (o) { return o; }
  }
  return null;
}

interface Zodish {
  safeParse: (v: unknown) => { success: boolean };
  _zod: { def: Record<string, unknown> & { type: string } };
}

const STRING_CANDIDATES = ['Test value', 'x@example.test', '2026-10-15', '2026-10-15T10:00:00.000Z', '10:00', '+12025550123', '10001', 'RPM', 'I10', 'en', 'America/New_York', 'https://example.test', '00:11:22:33:44:55', 'a'];
/**
 * Values the generated requests need beyond what the schemas tell (rules checked in the service:
 * a date in the future, a period, a rule text), by endpoint and part.
 */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const OVERRIDES: Record<string, Partial<Record<Part, Record<string, unknown> | (() => Record<string, unknown>)>>> = {
  // A nurse: a role an office admin may create (a system admin's would be 403 before the ids).
  'POST user': { body: { email: 'new.user@example.test', roleId: Role.NURSE } },
  'POST treatmentplan/assigndevice': { body: { time1: '08:00', measurementsCount: 1 } },
  'PUT treatmentplan/updatetreatmanplandevice': { body: { time1: '08:00', measurementsCount: 1 } },
  'POST survey/assignsurveytemplatetopatient': { body: { recurrenceRule: 'ONCE' } },
  'POST survey/assignsurveytemplatetoclientmonitoringplan': { body: { recurrenceRule: 'ONCE' } },
  'POST survey/assignsurveytemplatetomultiplepatients': { body: { recurrenceRule: 'ONCE' }, headers: () => ({ patientsidslist: String(fx.patientA1.id) }) },
  'PUT patientenrolment': { body: { programs: [], insurance: null } },
  'POST publiclink': { body: { expiresAt: inDays(7) } },
  'POST publiclink/sharelinkwithemail': { body: { expiresAt: inDays(7) } },
  'POST ccmallergy': { body: { allergenCodeSystem: 'TEXT', allergenCode: '' } },
  'PUT ccmallergy/{id}': { body: { allergenCodeSystem: 'TEXT', allergenCode: '' } },
  'PUT billing/updatebillingsettings': { body: { values: { INCLUDE_SIMULATED_READINGS: false } } },
  'GET report/getbusinessreport': { query: { from: '2026-09', to: '2026-10' } },
  'GET report/exportbusinessreportcsv': { query: { from: '2026-09', to: '2026-10' } },
  'GET report/exportbusinessreportpdf': { query: { from: '2026-09', to: '2026-10' } },
  'POST appointments': { body: { appointmentDateTime: inDays(7) } },
  'POST appointments/createappointment': { body: { appointmentDateTime: inDays(7) } },
  'POST invoice/generateinvoicefororganization': { body: { discountPercent: 0 } },
  'PUT invoice/updateinvoicefororganization': { body: { discountPercent: 0 } },
  // A public EC P-384 key (the coordinates are only read when a token is asked for) and a system scope.
  'POST fhirclients': { body: { jwks: { keys: [{ kty: 'EC', crv: 'P-384', x: 'x', y: 'y' }] }, scopes: ['system/*.rs'] } },
};

/** Candidates tried first for a string field, by its name. */
const STRING_HINTS: [RegExp, string[]][] = [
  [/email/i, ['x@example.test']],
  [/url$/i, ['https://idp.example.test']],
  [/from|start|begin|date$|^date/i, ['2026-10-01', '2026-10-01T10:00:00.000Z']],
  [/to$|end|until/i, ['2026-10-20', '2026-10-20T10:00:00.000Z']],
  [/time\d?$/i, ['10:00']],
  [/phone|mobile/i, ['+12025550123']],
];
const NUMBER_CANDIDATES = [1, 10, 2026, 0, 100, 60];

/**
 * A value `schema` accepts, built from its zod definition with plain candidates (a name, an e-mail,
 * a date, a time, a phone number...), or undefined when none fits. Optional fields are left out.
 */
function sample(schema: unknown, key = '', depth = 0, optionals = false): unknown {
  const s = schema as Zodish;
  if (!s?._zod || depth > 8) { return undefined; }
  const def = s._zod.def;
  const ok = (v: unknown) => s.safeParse(v).success;
  const first = (vs: unknown[]) => vs.find((v) => v !== undefined && ok(v));
  const sample = (inner: unknown, k: string, d: number) => sampleOf(inner, k, d, optionals);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      // Left out, or filled when a refinement requires one of them (`optionals`).
      return optionals ? sample(def.innerType, key, depth + 1) : undefined;
    case 'nullable':
      return sample(def.innerType, key, depth + 1) ?? null;
    case 'pipe':
      return sample(def.in, key, depth + 1);
    case 'lazy':
      return sample((def.getter as () => unknown)(), key, depth + 1);
    case 'union':
      return first((def.options as unknown[]).map((o) => sample(o, key, depth + 1)));
    case 'string':
      return first([...(STRING_HINTS.find(([re]) => re.test(key))?.[1] ?? []), ...STRING_CANDIDATES]);
    case 'number':
    case 'int':
      return first(NUMBER_CANDIDATES);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'date':
      return new Date();
    case 'array': {
      const item = sample(def.element, key, depth + 1);
      return first([[], item === undefined ? undefined : [item]]);
    }
    case 'record':
      return {};
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sample(v, k, depth + 1);
        if (value !== undefined) { out[k] = value; }
      }
      return out;
    }
    case 'any':
    case 'unknown':
      return null;
    default:
      return undefined;
  }
}
const sampleOf = sample;

/** How an id field is sent: one id, or a list of ids (an array in a body, "1,2" in a header). */
function idShapeOf(field: unknown, part: 'body' | 'text'): 'one' | 'list' | null {
  const s = field as Zodish;
  if (!s?.safeParse) { return null; }
  const one = part === 'body' ? NONEXISTENT : String(NONEXISTENT);
  const list = part === 'body' ? [NONEXISTENT] : String(NONEXISTENT);
  if (s.safeParse(one).success && !s.safeParse('Test value').success) { return 'one'; }
  if (part === 'body' && s.safeParse(list).success) { return 'list'; }
  return null;
}

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
/** Tenant A's record of each kind (the values of the id fields not under test). */
let mine: Record<Kind, number>;
/** Foreign records per kind: org B's, then office a2's (for callers bound to office a1). */
let foreignB: Partial<Record<Kind, number>>;
let foreignA2: Partial<Record<Kind, number>>;
let bIds: { users: number[]; teams: number[]; hubs: number[]; devices: number[]; ccm: number[]; plans: number[] };

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  const db = t.ctx.db;
  await db.update(organizations).set({ institutionName: `${MARK} Health` }).where(eq(organizations.id, fx.orgB.id));
  await db.update(hospitals).set({ hospitalName: `${MARK} Clinic` }).where(inArray(hospitals.id, [fx.b1.id, fx.a2.id]));
  await db.update(users).set({ lastName: MARK }).where(inArray(users.id, [fx.orgAdminB.id, fx.doctorB1.id, fx.patientB1.id, fx.doctorA2.id, fx.patientA2.id, fx.officeAdminA2.id]));
  const nurseB1 = await createUser(t, { role: Role.NURSE, organizationId: fx.orgB.id, offices: [fx.b1.id], values: { lastName: MARK } });
  const adminB1 = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: fx.orgB.id, offices: [fx.b1.id], values: { lastName: MARK } });
  const nurseA2 = await createUser(t, { role: Role.NURSE, organizationId: fx.orgA.id, offices: [fx.a2.id], values: { lastName: MARK } });

  // Every program on in every office, so that no request stops at "program not enabled" before its ids.
  await db.update(hospitals).set({ rtmEnabled: true, ccmEnabled: true, assessmentsEnabled: true }).where(inArray(hospitals.id, [fx.a1.id, fx.a2.id, fx.b1.id]));

  /** One record of each kind with its own id, in office `hospitalId` for `patientId`. */
  const records = async (hospitalId: number, patientId: number, staffId: number, tag: string) => {
    const [team] = await db.insert(medicalTeams).values({ patientId, hospitalId }).returning();
    await db.insert(medicalTeamMembers).values({ medicalTeamId: team!.id, userId: staffId });
    const [hub] = await db.insert(hubs).values({ hubIdentifier: `${tag}-HUB`, hubName: `${MARK} ${tag}`, hospitalId, assignedToUserId: patientId }).returning();
    const [device] = await db.insert(medicalDevices).values({ deviceIdentifier: `${tag}-BP`, deviceType: 'BLOOD_PRESSURE', hospitalId, hubId: hub!.id, patientId }).returning();
    const [ccm] = await db.insert(ccmRecords).values({ patientId, hospitalId, recordDate: '2026-10-01' }).returning();
    const [plan] = await db.insert(treatmentPlans).values({ patientId, hospitalId, title: `${MARK} plan ${tag}` }).returning();
    const [clientPlan] = await db.insert(treatmentPlans).values({ hospitalId, title: `${MARK} client plan ${tag}`, isClientMonitoringPlan: true }).returning();
    await db.insert(patientMetadata).values({ userId: patientId, medicalRegistrationNumber: `${tag}-MRN` }).onConflictDoNothing();
    return { medicalTeam: team!.id, hub: hub!.id, device: device!.id, ccmRecord: ccm!.id, treatmentPlan: plan!.id, clientPlan: clientPlan!.id };
  };
  const a1 = await records(fx.a1.id, fx.patientA1.id, fx.doctorA1.id, 'A1');
  const b1 = await records(fx.b1.id, fx.patientB1.id, fx.doctorB1.id, 'B1');
  const a2 = await records(fx.a2.id, fx.patientA2.id, fx.doctorA2.id, 'A2');
  // A shared catalogue row (no tenant), for the requests that need one beside the id under test.
  const [drug] = await db.insert(drugProducts).values({ source: 'vigil-default', sourceKey: 'FOREIGN-IDS', brandName: 'Metformin', genericName: 'metformin' }).returning();
  mine = { drugProduct: drug!.id, office: fx.a1.id, organization: fx.orgA.id, patient: fx.patientA1.id, doctor: fx.doctorA1.id, nurse: fx.nurseA1.id, officeAdmin: fx.officeAdminA1.id, user: fx.doctorA1.id, other: NONEXISTENT, ...a1 };
  foreignB = { office: fx.b1.id, organization: fx.orgB.id, patient: fx.patientB1.id, doctor: fx.doctorB1.id, nurse: nurseB1.id, officeAdmin: adminB1.id, user: fx.doctorB1.id, ...b1 };
  foreignA2 = { office: fx.a2.id, patient: fx.patientA2.id, doctor: fx.doctorA2.id, nurse: nurseA2.id, officeAdmin: fx.officeAdminA2.id, user: fx.doctorA2.id, ...a2 };
  bIds = {
    users: [fx.orgAdminB.id, fx.doctorB1.id, fx.patientB1.id, nurseB1.id, adminB1.id, fx.doctorA2.id, fx.patientA2.id, nurseA2.id, fx.officeAdminA2.id],
    teams: [b1.medicalTeam, a2.medicalTeam],
    hubs: [b1.hub, a2.hub],
    devices: [b1.device, a2.device],
    ccm: [b1.ccmRecord, a2.ccmRecord],
    plans: [b1.treatmentPlan, a2.treatmentPlan, b1.clientPlan, a2.clientPlan],
  };
}, 120_000);
afterAll(async () => t?.close());

/** Org B's and office a2's rows the audit aims at (what no call of tenant A's office a1 may change). */
async function snapshotOfForeignRows() {
  const db = t.ctx.db;
  return {
    org: await db.select().from(organizations).where(eq(organizations.id, fx.orgB.id)),
    offices: await db.select().from(hospitals).where(inArray(hospitals.id, [fx.b1.id, fx.a2.id])),
    users: (await db.select().from(users).where(inArray(users.id, bIds.users))).map(({ updatedAt: _u, ...rest }) => rest),
    assignments: await db.select().from(userHospitals).where(inArray(userHospitals.hospitalId, [fx.b1.id, fx.a2.id])),
    teams: await db.select().from(medicalTeamMembers).where(inArray(medicalTeamMembers.medicalTeamId, bIds.teams)),
    metadata: await db.select().from(patientMetadata).where(or(eq(patientMetadata.userId, fx.patientB1.id), eq(patientMetadata.userId, fx.patientA2.id))),
    hubs: await db.select().from(hubs).where(inArray(hubs.id, bIds.hubs)),
    devices: await db.select().from(medicalDevices).where(inArray(medicalDevices.id, bIds.devices)),
    ccm: await db.select().from(ccmRecords).where(inArray(ccmRecords.id, bIds.ccm)),
    plans: await db.select().from(treatmentPlans).where(inArray(treatmentPlans.id, bIds.plans)),
  };
}

type Part = 'params' | 'headers' | 'query' | 'body';
interface IdField {
  part: Part;
  name: string;
  kind: Kind;
  list: boolean;
}

/** The kind of record an id field names. */
function kindOfField(def: EndpointDef, part: Part, name: string): Kind {
  const lower = name.toLowerCase();
  const special = ENDPOINT_FIELD_KINDS[`${def.method} ${def.path} ${name}`];
  if (special) { return special; }
  if (part === 'params' && (lower === 'id' || !FIELD_KINDS[lower])) { return PATH_KINDS[def.path.split('/')[0]!] ?? 'other'; }
  return FIELD_KINDS[lower] ?? 'other';
}

/** The endpoint's integer id fields (a field that takes 2 000 000 000 and refuses a word). */
function idFieldsOf(def: EndpointDef): IdField[] {
  const out: IdField[] = [];
  const parts: [Part, unknown][] = [
    ['params', def.params],
    ['headers', def.headers],
    ['query', def.query],
    ['body', def.multipart ? undefined : def.body],
  ];
  for (const [part, schema] of parts) {
    const obj = objectOf(schema);
    if (!obj) { continue; }
    for (const [name, field] of Object.entries(obj.shape)) {
      if (!/id(s)?$/i.test(name)) { continue; }
      const shape = idShapeOf(field, part === 'body' ? 'body' : 'text');
      if (!shape) { continue; }
      out.push({ part, name, kind: kindOfField(def, part, name), list: shape === 'list' });
    }
  }
  return out;
}

/** The first tenant-A user whose role has the endpoint's permission; null when only system admins have it. */
function callerFor(def: EndpointDef) {
  if (def.permission === 'public') { return null; }
  const perm = def.permission;
  return [fx.officeAdminA1, fx.doctorA1, fx.nurseA1, fx.orgAdminA, fx.caregiverA1, fx.patientA1].find((u) => can(u.roleId as never, perm)) ?? null;
}

/** A one-line CSV file as a multipart upload (the uploads read their file before their headers' ids). */
const BOUNDARY = 'foreignidsboundary';
const MULTIPART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\nx\r\n--${BOUNDARY}--\r\n`;

/** The request of `def` with every id field naming tenant A's record, `probe` in `target`. */
function requestFor(def: EndpointDef, fields: IdField[], target: IdField, probe: number) {
  const valueOf = (f: IdField) => (f === target ? probe : mine[f.kind]);
  const build = (part: Part, schema: unknown) => {
    const obj = objectOf(schema);
    if (!obj) { return {}; }
    const withIds = (optionals: boolean) => {
      const extra = OVERRIDES[`${def.method} ${def.path}`]?.[part];
      const values = { ...((sample(obj, '', 0, optionals) ?? {}) as Record<string, unknown>), ...(typeof extra === 'function' ? extra() : extra) };
      for (const f of fields.filter((x) => x.part === part)) { values[f.name] = f.list ? [valueOf(f)] : part === 'body' ? valueOf(f) : String(valueOf(f)); }
      return values;
    };
    // Required fields only, unless the schema (its refinements) then refuses the whole part; then
    // without the other optional id fields (a body that names an office OR an organization).
    const variants = [withIds(false), withIds(true)];
    for (const v of [...variants]) {
      const alone = { ...v };
      for (const f of fields.filter((x) => x.part === part && x !== target)) { delete alone[f.name]; }
      variants.push(alone);
    }
    return variants.find((v) => (schema as Zodish).safeParse(v).success) ?? variants[0]!;
  };
  const text = (v: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined).map(([k, x]) => [k, Array.isArray(x) ? x.join(',') : typeof x === 'object' ? JSON.stringify(x) : String(x)]));
  const params = text(build('params', def.params));
  const headers = text(build('headers', def.headers));
  const query = text(build('query', def.query));
  const body = def.multipart ? MULTIPART : def.method === 'GET' ? undefined : objectOf(def.body) ? build('body', def.body) : sample(def.body);
  if (def.multipart) { headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`; }
  let url = urlOf(def).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? String(NONEXISTENT)));
  const qs = new URLSearchParams(query).toString();
  if (qs) { url += `?${qs}`; }
  return { url, headers, body };
}

/** The fixture's kinds of record whose row names a patient, by the audit's record kind (the feature modules' `auditRecords`, lib/feature-module.ts). */
const AUDIT_KIND_OF: Partial<Record<string, Kind>> = { ccmRecord: 'ccmRecord', treatmentPlan: 'treatmentPlan', hub: 'hub', medicalDevice: 'device', medicalTeam: 'medicalTeam', user: 'patient' };

/**
 * The patient the audit trail must name for a foreign probe at `field` (org B's or office a2's
 * record), or null when the endpoint's plan reads no patient from that field.
 */
function auditedPatientOf(def: EndpointDef, field: IdField, id: number, officePatient: number): number | null {
  const plan = auditPlanOf(def);
  if (!plan) { return null; }
  if (plan.part === field.part && plan.field === field.name && field.kind === 'patient' && !field.list) { return id; }
  if (plan.record && plan.record.part === field.part && plan.record.field === field.name && !field.list && AUDIT_KIND_OF[plan.record.kind] === field.kind) { return officePatient; }
  return null;
}

/** An answer with nothing in it: no data, an empty list, or a page of no items. */
function isEmptyAnswer(data: unknown): boolean {
  if (data === null || data === undefined || data === '' || data === false) { return true; }
  if (Array.isArray(data)) { return data.length === 0; }
  if (typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (Array.isArray(o.items)) { return o.items.length === 0; }
    const values = Object.values(o);
    return values.every((v) => v === null || v === 0 || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && isEmptyAnswer(v)));
  }
  return false;
}

interface Finding {
  endpoint: string;
  field: string;
  probe: string;
  status: number;
  problem: string;
}

/** Judges one answer; returns a problem or null. `unreached` is set for a 400 about another field. */
function judge(def: EndpointDef, field: IdField, probe: 'missing' | 'foreign', res: { statusCode: number; body: string; headers: Record<string, unknown> }): { problem: string | null; unreached: boolean } {
  const status = res.statusCode;
  let json: { msg?: string; code?: string; errors?: Record<string, string>; data?: unknown } = {};
  try {
    json = JSON.parse(res.body) as typeof json;
  } catch {
    // a file answer
  }
  if (status >= 500) { return { problem: `${status} ${json.code ?? ''}`, unreached: false }; }
  if (probe === 'foreign' && res.body.includes(MARK)) { return { problem: `answered the foreign record's data (${status})`, unreached: false }; }
  if (status === 404) { return { problem: null, unreached: false }; }
  if (status === 400 || status === 409 || status === 403) {
    const fieldsNamed = Object.keys(json.errors ?? {}).map((k) => k.toLowerCase());
    const catalogue = CATALOGUE_FIELDS[`${def.method} ${def.path} ${field.name}`] !== undefined && probe === 'missing' && status === 400;
    if (catalogue) { return { problem: null, unreached: false }; }
    if (json.code === 'invalidId' || fieldsNamed.includes(field.name.toLowerCase()) || (status !== 400 && probe === 'foreign')) {
      return { problem: `${status} ${json.code ?? ''} ${JSON.stringify(json.errors ?? {})}`, unreached: false };
    }
    return { problem: null, unreached: true };
  }
  if (status >= 200 && status < 300) {
    if (def.method !== 'GET') { return { problem: `${status}: a write with a ${probe} ${field.name} was accepted`, unreached: false }; }
    if (def.binary) { return { problem: null, unreached: false }; } // a file of nothing (e.g. an empty CSV): checked for the mark above
    if (!isEmptyAnswer(json.data)) { return { problem: `${status} with data ${JSON.stringify(json.data).slice(0, 160)}`, unreached: false }; }
    return { problem: null, unreached: false };
  }
  return { problem: `${status} ${json.code ?? ''}`, unreached: false };
}

describe('foreign and missing ids', () => {
  it('answers 404 (or nothing) for a missing id and for another tenant\'s record on every id-taking endpoint, and changes nothing', async () => {
    const before = await snapshotOfForeignRows();
    const sessions = new Map<number, { sessionguid: string }>();
    const findings: Finding[] = [];
    const unreached: string[] = [];
    const audited: { endpoint: string; userId: number; patientId: number }[] = [];
    let sent = 0;
    let endpoints = 0;
    for (const def of allEndpoints) {
      const key = `${def.method} ${def.path}`;
      if (EXEMPT[key]) { continue; }
      const fields = idFieldsOf(def).filter((f) => !EXEMPT[`${key} ${f.name}`]);
      if (fields.length === 0) { continue; }
      const caller = callerFor(def) ?? fx.sysadmin;
      if (!sessions.has(caller.id)) { sessions.set(caller.id, await sessionFor(t, caller.id)); }
      endpoints++;
      for (const field of fields) {
        const probes: ['missing' | 'foreign', number][] = [['missing', NONEXISTENT]];
        // A system admin sees every organization: a foreign record is theirs to see.
        if (caller !== fx.sysadmin) {
          const b = foreignB[field.kind];
          if (b !== undefined) { probes.push(['foreign', b]); }
          const a2 = foreignA2[field.kind];
          if (a2 !== undefined && caller !== fx.orgAdminA) { probes.push(['foreign', a2]); }
        }
        for (const [probe, id] of probes) {
          const req = requestFor(def, fields, field, id);
          const res = await t.app.inject({
            method: def.method,
            url: req.url,
            headers: { ...req.headers, ...sessions.get(caller.id)!, 'accept-language': 'en' },
            payload: req.body as object | string | undefined,
          });
          sent++;
          const verdict = judge(def, field, probe, res);
          if (probe === 'foreign') {
            const patientId = auditedPatientOf(def, field, id, foreignB[field.kind] === id ? fx.patientB1.id : fx.patientA2.id);
            if (patientId !== null) { audited.push({ endpoint: key, userId: caller.id, patientId }); }
          }
          if (verdict.problem) { findings.push({ endpoint: key, field: `${field.part}.${field.name}`, probe: `${probe} ${id}`, status: res.statusCode, problem: verdict.problem }); }
          if (verdict.unreached) { unreached.push(`${key} ${field.part}.${field.name} ${probe}: ${res.body.slice(0, 200)}`); }
        }
      }
    }
    expect(endpoints).toBeGreaterThan(350);
    expect(sent).toBeGreaterThan(1000);
    expect(findings).toEqual([]);
    // Every probe reached its id: none was refused for another field first (a generated value the
    // service refuses); such a request would prove nothing about the id.
    expect(unreached).toEqual([]);
    expect(await snapshotOfForeignRows()).toEqual(before);
    // Every foreign probe at a patient's field was recorded, naming the patient it aimed at.
    await auditTrail(t.ctx).flush();
    const events = await t.ctx.db
      .select({ endpoint: auditEvents.endpoint, userId: auditEvents.userId, patientId: auditEvents.patientId })
      .from(auditEvents)
      .where(inArray(auditEvents.endpoint, [...new Set(audited.map((a) => a.endpoint))]));
    const seen = new Set(events.map((e) => `${e.endpoint}|${e.userId}|${e.patientId}`));
    expect(audited.filter((a) => !seen.has(`${a.endpoint}|${a.userId}|${a.patientId}`))).toEqual([]);
    expect(new Set(audited.map((a) => a.endpoint)).size).toBeGreaterThan(100);
  }, 600_000);
});
