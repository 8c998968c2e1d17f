/**
 * Calls keyed by a record's own id are recorded with the record's patient (docs/audit.md "Calls
 * keyed by a record"; contract `AuditDecl.record`, `lib/audit-patients.ts`). For EVERY kind of
 * record the trail knows, one row of patient A1 (office a1) is stored; then
 *  1. the kind's lookup names patient A1 for the row's key, and nothing for a key no row has;
 *  2. for every endpoint of the contract declared with that kind whose only required input is the
 *     key (generated from the contract: reads and deletes), a call by a caller allowed the
 *     endpoint is recorded with patient A1, its action and outcome; a DELETE names the patient of
 *     the row it removed (read before the row is gone);
 *  3. another organization's caller aiming at the row is recorded with patient A1 and its 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { allEndpoints, can, ccm, licenseTypes, optionCodes, users, type AuditRecordKind, type EndpointDef } from '@vigil/contract';
import { callerFor, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import * as schema from '../../db/schema/index';
import { auditEvents } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';
import type { Executor } from '../../db/client';
import { readPatientOfRecord as readWith, type RecordKey } from '../../lib/audit-patients';
import { auditRecordLookups } from '../index';
import { auditPlanOf } from '../../lib/audit-route';

/** The patient of one record, by the feature modules' lookups (features/index.ts). */
const readPatientOfRecord = (db: Executor, kind: AuditRecordKind, key: RecordKey) => readWith(db, auditRecordLookups, kind, key);

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const callAs = callerFor(() => t);

/** A row of `table` with `values`, its other required columns filled with plain values of their type. */
async function insertRow(table: PgTable, values: Record<string, unknown>): Promise<{ id: number }> {
  const row: Record<string, unknown> = { ...values };
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (name in row || !column.notNull || column.hasDefault) { continue; }
    const type = column.columnType;
    row[name] =
      type === 'PgText'
        ? `${name}-${Math.random().toString(36).slice(2, 8)}`
        : type === 'PgDateString'
          ? '2026-10-01'
          : type === 'PgTimestamp'
            ? new Date(Date.now() + 86_400_000)
            : type === 'PgJsonb'
              ? {}
              : type === 'PgBoolean'
                ? false
                : type === 'PgNumeric'
                  ? '1'
                  : type === 'PgSmallInt' || type === 'PgInteger'
                    ? 1
                    : (() => {
                        throw new Error(`no plain value for ${name} (${type})`);
                      })();
  }
  const [inserted] = (await t.ctx.db.insert(table).values(row as never).returning()) as Array<{ id: number }>;
  return inserted!;
}

/** The key of each kind's row of patient A1. */
const keys = {} as Record<AuditRecordKind, RecordKey>;
/** Rows the DELETE calls may remove: a fresh row per call, made by `fresh`. */
let fresh: (kind: AuditRecordKind) => Promise<RecordKey>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
  const s = schema;
  const patientId = f.patientA1.id;
  const hospitalId = f.a1.id;
  const mine = { patientId, hospitalId };
  let noteMonths = 0;
  let licenseCount = 0;
  const make = async (kind: AuditRecordKind): Promise<RecordKey> => {
    const ccm = () => insertRow(s.ccmRecords, { ...mine, recordDate: '2026-10-01' });
    const sub = async (table: PgTable, extra: Record<string, unknown> = {}) => (await insertRow(table, { ...mine, ccmRecordId: (await ccm()).id, ...extra })).id;
    const appointment = () => insertRow(s.appointments, { ...mine, doctorId: f.doctorA1.id, startsAt: new Date(), endsAt: new Date(Date.now() + 1_800_000), durationMinutes: 30 });
    const survey = async () => {
      const template = await insertRow(s.surveyTemplates, { hospitalId, name: 'PHQ-9' });
      const recurrence = await insertRow(s.surveyRecurrences, { ...mine, templateId: template.id, ruleKey: 'ONCE', rrule: 'ONCE', startDate: '2026-10-01', dueTime: '10:00', timeZone: 'America/New_York' });
      return { recurrence, survey: await insertRow(s.surveys, { ...mine, templateId: template.id, recurrenceId: recurrence.id, dueAt: new Date(), dueDate: '2026-10-01' }) };
    };
    const plan = () => insertRow(s.treatmentPlans, { ...mine, title: 'Plan' });
    // One note per patient, office and month: each row gets its own month.
    const note = () => {
      noteMonths++;
      return insertRow(s.medicalNotes, { ...mine, month: (noteMonths % 12) + 1, year: 2000 + Math.floor(noteMonths / 12) });
    };
    const hub = () => insertRow(s.hubs, { hospitalId, hubIdentifier: `HUB-${Math.random()}`, assignedToUserId: patientId });
    const device = async () => insertRow(s.medicalDevices, { ...mine, deviceIdentifier: `DEV-${Math.random()}`, deviceType: 'BLOOD_PRESSURE', hubId: (await hub()).id });
    const license = async () => {
      // One held licence of a type per patient: each row gets its own type.
      const type = licenseTypes[licenseCount++ % licenseTypes.length]!;
      const l = await insertRow(s.licenses, { hospitalId, name: 'RPM seat', type, expirationDate: '2027-12-31' });
      await insertRow(s.licenseAssignments, { ...mine, licenseId: l.id, licenseType: type });
      return l.id;
    };
    const ecpLog = async () => (await insertRow(s.ecpLogs, { kind: 'resident', hospitalId, vigilUserId: patientId, ecpId: `R-${Math.random()}`, ecpCommunityId: 'C1', firstName: 'A', lastName: 'B', payload: {} })).id;
    const timeEntry = () => insertRow(s.timeEntries, { ...mine, staffUserId: f.nurseA1.id, program: 'CCM', startedAt: new Date(Date.now() - 600_000), endedAt: new Date(), seconds: 600 });
    const measurement = () => insertRow(s.measurements, { ...mine, deviceType: 'BLOOD_PRESSURE', measuredAt: new Date(), valuesJson: { systolic: 120, diastolic: 80 } });
    switch (kind) {
      case 'ccmRecord':
        return (await ccm()).id;
      case 'ccmallergy':
        return sub(s.ccmAllergies);
      case 'ccmdiagnosis':
        return sub(s.ccmDiagnoses, { diagnosisId: (await insertRow(s.patientDiagnoses, { patientId, description: 'Essential hypertension', code: 'I10' })).id });
      case 'ccmconditions':
        return sub(s.ccmConditions);
      case 'ccmcareplan':
        // A care plan as the form stores it: the PDF reads its coded fields and lists.
        return sub(s.ccmCarePlans, {
          planType: optionCodes('carePlanTypes')[0],
          status: optionCodes('carePlanStatuses')[0],
          goals: [{ description: 'Blood pressure below 130/80', measure: null, target: null, targetDate: null }],
          interventions: [{ description: 'Home blood pressure monitoring', responsible: 'Nurse' }],
          reviewDate: '2026-12-01',
        });
      case 'ccmmedicationevent':
        return sub(s.ccmMedicationEvents, { prescriptionId: (await insertRow(s.prescriptions, { ...mine, medicationName: 'Metformin 500 mg' })).id });
      case 'vitalentry':
        return sub(s.ccmVitalEntries, { measurementId: (await measurement()).id });
      case 'ccmmedicalnote':
        return sub(s.ccmMedicalNotes, { medicalNoteDetailId: (await insertRow(s.medicalNoteDetails, { medicalNoteId: (await note()).id, text: 'Detail', authorId: f.nurseA1.id })).id });
      case 'ccmobservation':
        return sub(s.ccmObservations);
      case 'ccmattachment':
        return sub(s.ccmAttachments);
      case 'ccmconsentform':
        return sub(s.ccmConsentForms);
      case 'ccmimaging':
        return sub(s.ccmImaging);
      case 'ccmvaccine':
        return sub(s.ccmVaccines);
      case 'ccmlab':
        return sub(s.ccmLabs);
      case 'ccmtimelogentry':
        return sub(s.ccmTimeLogEntries, { timeEntryId: (await timeEntry()).id });
      case 'ccmConditionHistory':
        return (await insertRow(s.ccmConditionHistory, { hospitalId, conditionId: (await sub(s.ccmConditions)) as number, recordedOn: '2026-10-01' })).id;
      case 'appointment':
        return (await appointment()).id;
      case 'appointmentNote':
        return (await insertRow(s.appointmentNotes, { appointmentId: (await appointment()).id, authorId: f.doctorA1.id, text: 'Note' })).id;
      case 'visitInvitation':
        return (await insertRow(s.visitInvitations, { appointmentId: (await appointment()).id, userId: f.nurseA1.id, tokenHash: `h-${Math.random()}`, expiresAt: new Date(Date.now() + 86_400_000) })).id;
      case 'videoCallRing': {
        const call = await insertRow(s.videoCalls, { appointmentId: (await appointment()).id, hospitalId });
        return (await insertRow(s.videoCallRings, { callId: call.id, callerUserId: f.doctorA1.id, calleeUserId: f.nurseA1.id, expiresAt: new Date(Date.now() + 60_000) })).id;
      }
      case 'prescription':
        return (await insertRow(s.prescriptions, { ...mine, medicationName: 'Metformin 500 mg' })).id;
      case 'patientDiagnosis':
        return (await insertRow(s.patientDiagnoses, { patientId, description: 'Essential hypertension', code: 'I10' })).id;
      case 'survey':
        return (await survey()).survey.id;
      case 'surveyLink': {
        const { survey: row } = await survey();
        return (await insertRow(s.surveyLinks, { ...mine, surveyId: row.id, tokenHash: `h-${Math.random()}`, expiresAt: new Date(Date.now() + 86_400_000), createdBy: f.nurseA1.id })).id;
      }
      case 'surveyRecurrence':
        return (await survey()).recurrence.id;
      case 'treatmentPlan':
        return (await plan()).id;
      case 'treatmentPlanDevice':
        return (await insertRow(s.treatmentPlanDevices, { treatmentPlanId: (await plan()).id, deviceType: 'BLOOD_PRESSURE' })).id;
      case 'timeEntry':
        return (await timeEntry()).id;
      case 'medicalNote':
        return (await note()).id;
      case 'medicalNoteDetail':
        return (await insertRow(s.medicalNoteDetails, { medicalNoteId: (await note()).id, text: 'Detail', authorId: f.nurseA1.id })).id;
      case 'hub':
        return (await hub()).id;
      case 'medicalDevice':
        return (await device()).id;
      case 'deviceIdentifier':
        return (await t.ctx.db.select({ k: schema.medicalDevices.deviceIdentifier }).from(schema.medicalDevices).where(eq(schema.medicalDevices.id, (await device()).id)))[0]!.k;
      case 'patientPresence':
        return (await insertRow(s.patientPresence, { ...mine, leavingTo: 'Hospital' })).id;
      case 'publicLink':
        return (await insertRow(s.publicLinks, { ...mine, tokenHash: `h-${Math.random()}`, periodStart: new Date(Date.now() - 86_400_000), periodEnd: new Date(), expiresAt: new Date(Date.now() + 86_400_000), createdBy: f.nurseA1.id })).id;
      case 'notification':
        return (await insertRow(s.notifications, { notificationTypeId: 1, toUserId: f.nurseA1.id, relatedPatientId: patientId, hospitalId, messageEn: 'Alert', messageEs: 'Alerta' })).id;
      case 'license':
        return license();
      case 'medicalTeam':
        return (await t.ctx.db.insert(schema.medicalTeams).values(mine).onConflictDoUpdate({ target: [schema.medicalTeams.patientId, schema.medicalTeams.hospitalId], set: { patientId } }).returning())[0]!.id;
      case 'ecpLog':
        return ecpLog();
      case 'ecpOutbound':
        return (await insertRow(s.ecpOutbound, { hospitalId, measurementId: (await measurement()).id, ecpLogId: await ecpLog(), idempotencyKey: `k-${Math.random()}` })).id;
      case 'user':
        return patientId;
      case 'patientIdentifier': {
        await t.ctx.db.insert(schema.patientMetadata).values({ userId: patientId, patientIdentifier: 'MRN-AUDIT-1' }).onConflictDoUpdate({ target: schema.patientMetadata.userId, set: { patientIdentifier: 'MRN-AUDIT-1' } });
        return `${f.orgA.id}:MRN-AUDIT-1`;
      }
    }
  };
  fresh = make;
  for (const kind of Object.keys(auditRecordLookups) as AuditRecordKind[]) { keys[kind] = await make(kind); }
}, 120_000);
afterAll(async () => t?.close());

describe('the patient of each kind of record', () => {
  it('is read from the row for every kind the trail knows, and no row names none', async () => {
    const wrong: string[] = [];
    for (const kind of Object.keys(auditRecordLookups) as AuditRecordKind[]) {
      const got = await readPatientOfRecord(t.ctx.db, kind, keys[kind]);
      if (got !== f.patientA1.id) { wrong.push(`${kind} ${String(keys[kind])}: ${got}`); }
      const none = auditRecordLookups[kind].key === 'text' ? `${f.orgA.id}:NO-SUCH-KEY` : 2_000_000_000;
      expect(await readPatientOfRecord(t.ctx.db, kind, none), kind).toBeNull();
    }
    expect(wrong).toEqual([]);
  });

  it('names no patient for a staff user, an identifier of another organization, or a client monitoring plan', async () => {
    expect(await readPatientOfRecord(t.ctx.db, 'user', f.nurseA1.id)).toBeNull();
    expect(await readPatientOfRecord(t.ctx.db, 'patientIdentifier', `${f.orgB.id}:MRN-AUDIT-1`)).toBeNull();
    const clientPlan = await insertRow(schema.treatmentPlans, { hospitalId: f.a1.id, title: 'Client plan', isClientMonitoringPlan: true });
    expect(await readPatientOfRecord(t.ctx.db, 'treatmentPlan', clientPlan.id)).toBeNull();
  });
});

/** The endpoints declared with a record kind whose other input is all optional: callable with the key alone. */
function keyOnlyEndpoints(): Array<{ def: EndpointDef; kind: AuditRecordKind; part: string; field: string }> {
  const out = [];
  for (const def of allEndpoints as readonly EndpointDef[]) {
    const plan = auditPlanOf(def);
    if (!plan?.record || plan.record.part === 'answer' || def.multipart) { continue; }
    const { kind, part, field } = plan.record;
    const others = (['params', 'headers', 'query', 'body'] as const).every((p) => {
      const schema = def[p];
      if (!schema) { return true; }
      const probe = p === part ? { [field]: p === 'body' ? 1 : '1' } : {};
      return schema.safeParse(probe).success;
    });
    if (others) { out.push({ def, kind, part, field }); }
  }
  return out;
}

/** A fixture user of office a1 (or organization A) allowed `def`, or null when none is. */
function allowedCaller(def: EndpointDef) {
  return [f.nurseA1, f.doctorA1, f.officeAdminA1, f.orgAdminA].find((u) => can(u.roleId as never, def.permission as never)) ?? null;
}

/**
 * `def` called by `who` with the record's key alone, in the input part the declaration keys it
 * by (a text key `<organization>:<value>` sends its value); a write sends an empty body besides.
 */
async function callWithKey(def: EndpointDef, part: string, field: string, key: RecordKey, who: CallUser) {
  const value = typeof key === 'string' ? key.slice(key.indexOf(':') + 1) : key;
  const input = { [part]: { [field]: value } } as CallInput<EndpointDef>;
  if (part !== 'body' && def.method !== 'GET') { input.body = {}; }
  return callAs(who, def, input);
}

async function eventsOf(endpoint: string, userId: number) {
  await auditTrail(t.ctx).flush();
  return t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.endpoint, endpoint), eq(auditEvents.userId, userId))).orderBy(auditEvents.id);
}

describe('calls keyed by a record are recorded with its patient', () => {
  it('for every endpoint callable with the key alone (generated), reads and deletes alike', async () => {
    const endpoints = keyOnlyEndpoints();
    const problems: string[] = [];
    for (const { def, kind, part, field } of endpoints) {
      const who = allowedCaller(def);
      if (!who) { continue; }
      const key = def.method === 'DELETE' ? await fresh(kind) : keys[kind];
      const res = await callWithKey(def, part, field, key, who);
      const name = `${def.method} ${def.path}`;
      if (res.status >= 500) { problems.push(`${name}: ${res.status} ${res.reply.body.slice(0, 300)}`); }
      const [last] = (await eventsOf(name, who.id)).slice(-1);
      // The row's patient: patient A1's row, except where the call itself names another patient
      // (creating a resident from an ECP log maps the log to the patient it creates).
      const expected = def.method === 'DELETE' ? f.patientA1.id : await readPatientOfRecord(t.ctx.db, kind, key);
      if (expected !== f.patientA1.id && name !== 'POST ecp/createresidentfromecplog') { problems.push(`${name}: the call moved the row to patient ${expected}`); }
      if (!last) { problems.push(`${name}: no event`); }
      else if (last.patientId !== expected || last.outcome !== res.status) { problems.push(`${name} (${kind}): patient ${last.patientId}, outcome ${last.outcome} for ${res.status}`); }
    }
    expect(problems).toEqual([]);
    // Reads and deletes of nearly every kind: the generated list is not empty by accident.
    expect(endpoints.length).toBeGreaterThan(60);
    expect(new Set(endpoints.map((e) => e.kind)).size).toBeGreaterThan(25);
  });

  it('a CCM sub-record read, changed and deleted by its own id names its patient; the delete names it after the row is gone', async () => {
    const id = keys.ccmallergy as number;
    const put = await callAs(f.nurseA1, ccm.updateCcmAllergy, { params: { id }, body: { allergen: 'Penicillin', allergenCodeSystem: 'TEXT', allergenCode: '', category: 'MEDICATION', status: 'ACTIVE' } });
    expect(put.status, put.reply.body).toBe(200);
    const del = await callAs(f.nurseA1, ccm.deleteCcmAllergy, { params: { id } });
    expect(del.status, del.reply.body).toBe(200);
    expect((await t.ctx.db.select().from(schema.ccmAllergies).where(eq(schema.ccmAllergies.id, id))).length).toBe(0);
    const [u] = (await eventsOf('PUT ccmallergy/{id}', f.nurseA1.id)).slice(-1);
    const [d] = (await eventsOf('DELETE ccmallergy/{id}', f.nurseA1.id)).slice(-1);
    expect(u).toMatchObject({ patientId: f.patientA1.id, action: 'U', outcome: 200, resource: 'AllergyIntolerance' });
    expect(d).toMatchObject({ patientId: f.patientA1.id, action: 'D', outcome: 200, resource: 'AllergyIntolerance' });
  });

  it("keeps the patient of an event still waiting for its append when a DELETE removes its record first", async () => {
    const trail = auditTrail(t.ctx);
    const event = (key: RecordKey, requestId: string) => ({
      at: new Date(),
      userId: f.nurseA1.id,
      roleId: f.nurseA1.roleId,
      organizationId: f.orgA.id,
      patientId: null,
      resource: 'Observation',
      action: 'U',
      endpoint: 'PUT ccmlab/{id}',
      outcome: 200,
      address: '127.0.0.1',
      requestId,
      record: { kind: 'ccmlab' as const, key },
    });
    const gone = [await fresh('ccmlab'), await fresh('ccmlab')] as number[];
    await t.ctx.db.delete(schema.ccmLabs).where(inArray(schema.ccmLabs.id, gone));
    // An append in flight, then the events of the two records wait in the queue.
    trail.record({ ...event(keys.ccmRecord, 'wait-ahead'), record: { kind: 'ccmRecord', key: keys.ccmRecord } });
    trail.record(event(gone[0]!, 'wait-filled'));
    trail.record(event(gone[1]!, 'wait-unfilled'));
    // What a DELETE of the first record does before removing it (lib/audit-route.ts patientBeforeDelete).
    trail.fillDeleted('ccmlab', gone[0]!, f.patientA1.id);
    await trail.flush();
    const rows = await t.ctx.db.select().from(auditEvents).where(inArray(auditEvents.requestId, ['wait-filled', 'wait-unfilled']));
    expect(Object.fromEntries(rows.map((r) => [r.requestId, r.patientId]))).toEqual({ 'wait-filled': f.patientA1.id, 'wait-unfilled': null });
  });

  it("records another organization's attempt at the record with the record's patient and its 404", async () => {
    const res = await callAs(f.doctorB1, ccm.getCcmRecordById, { params: { id: keys.ccmRecord as number } });
    expect(res.status).toBe(404);
    const [row] = (await eventsOf('GET ccmrecord/{id}', f.doctorB1.id)).slice(-1);
    expect(row).toMatchObject({ patientId: f.patientA1.id, outcome: 404, organizationId: f.orgB.id, resource: 'CarePlan', action: 'R' });
  });

  it('records a successful read about a staff user only when a patientOnly plan names a patient', async () => {
    await callAs(f.officeAdminA1, users.getUserByIdMinimal, { headers: { userid: f.nurseA1.id } });
    await callAs(f.officeAdminA1, users.getUserByIdMinimal, { headers: { userid: f.patientA1.id } });
    const rows = await eventsOf('GET user/getuserbyidminimal', f.officeAdminA1.id);
    expect(rows.map((r) => r.patientId)).toContain(f.patientA1.id);
    expect(rows.filter((r) => r.patientId === null && r.outcome < 300)).toEqual([]);
  });

  it('a kept (cached) CCM record answer is recorded like a fresh one', async () => {
    const first = await callAs(f.nurseA1, ccm.getCcmRecordById, { params: { id: keys.ccmRecord as number } });
    const second = await callAs(f.nurseA1, ccm.getCcmRecordById, { params: { id: keys.ccmRecord as number } });
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = (await eventsOf('GET ccmrecord/{id}', f.nurseA1.id)).slice(-2);
    expect(rows.map((r) => r.patientId)).toEqual([f.patientA1.id, f.patientA1.id]);
  });
});
