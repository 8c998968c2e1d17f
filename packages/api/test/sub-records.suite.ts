/**
 * The shared suite every CCM sub-record group runs (portal-spec.md section 7 "CCM": create,
 * update, delete, get by patient id, get by CCM record id; HOUSE_STYLE sections 3 and 8). A group
 * adds one test file that calls `describeSubRecordGroup` with its contract group, its table, a
 * valid form, a changed form and the form mistakes it must refuse:
 *
 *   describeSubRecordGroup({ group: ccmAllergyGroup, table: ccmAllergies, valid: {...}, changed: {...}, invalid: [...] });
 *
 * It proves, through the HTTP API on a real database:
 * - a row created by the care team reads back in both lists (by patient, by CCM record), with the
 *   parent record's patient and office and its author;
 * - update replaces the fields; delete removes the row (and a second delete is 404);
 * - callers of another office and of another organization get 404 for the patient, the record
 *   and the row, on every one of the five endpoints, and the group's table is unchanged;
 * - each form mistake answers 400 with the spec's per-field message in English and in Spanish,
 *   and stores nothing;
 * - the writes keep the caller's cached session (`changesAccess: false`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { ccm, message, type EndpointDef, type MessageKey } from '@vigil/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from './setup';
import { callerFor } from './call-as';
import { cachedSession } from '../src/lib/session-cache';
import { tokenHash } from '../src/lib/crypto';

type Fixture = Awaited<ReturnType<typeof createTenancyFixture>>;

/** A form mistake of the group and the message each field must carry. */
export interface InvalidForm {
  /** What the case shows, for the test name. */
  name: string;
  /** Replaces fields of the valid form (undefined removes a field). */
  patch: Record<string, unknown>;
  /** field -> catalogue key of its message (contract messages.ts), with the message's parameters when it has any. */
  errors: Record<string, MessageKey | [MessageKey, Record<string, string | number>]>;
  /** Only when the check needs the server (a hook): the contract schema alone accepts the form. */
  serverOnly?: boolean;
}

export interface SubRecordSuiteOptions {
  /** The contract's group (`subRecordEndpoints` result). */
  group: {
    slug: string;
    createBody: { safeParse: (v: unknown) => { success: boolean } };
    updateBody: { safeParse: (v: unknown) => { success: boolean } };
    create: EndpointDef;
    update: EndpointDef;
    remove: EndpointDef;
    getByPatientId: EndpointDef;
    getByCcmRecordId: EndpointDef;
  };
  /** The group's table (`subRecordTable`). */
  table: PgTable;
  /** A valid form (without ccmRecordId). */
  valid: Record<string, unknown>;
  /** A different valid form, for the update. */
  changed: Record<string, unknown>;
  /** Mistakes the form must refuse, at least one. */
  invalid: InvalidForm[];
  /**
   * For a group whose form names rows of another feature (a diagnosis, a prescription): makes
   * them for the fixture's patient and returns the forms to use instead of `valid` / `changed`,
   * with `validInA2` for a record of office a2 when the named row belongs to an office.
   */
  /**
   * A field that must differ between rows (a vital entry is a measurement: one per patient, type
   * and instant): every create and update that sends the valid or changed value gets `make(n)`
   * instead, n counting from 1, and the comparisons leave the field out.
   */
  unique?: { field: string; make: (n: number) => unknown };
  prepare?: (ctx: { t: TestApp; f: Fixture }) => Promise<{ valid: Record<string, unknown>; changed: Record<string, unknown>; validInA2?: Record<string, unknown> }>;
  /**
   * The rows are authored records of another feature (care time, a medical note): only their
   * author or an office admin of the office changes or deletes them (time tracking's and medical
   * notes' rule, spec section 5). The update is then made by the author, and another clinician of
   * the same office is refused (403) and changes nothing.
   */
  authored?: boolean;
}

type Who = { id: number };

/** Declares the shared suite for one sub-record group. */
export function describeSubRecordGroup(opts: SubRecordSuiteOptions): void {
  const { slug } = opts.group;
  const tableName = getTableName(opts.table);

  describe(`CCM sub-record group ${slug}`, () => {
    let t: TestApp;
    let f: Fixture;
    let recordA1: number;
    let valid = opts.valid;
    let changed = opts.changed;
    let validInA2 = opts.valid;
    const callAs = callerFor(() => t);
    let sent = 0;
    /** The form as sent: `unique` field made distinct (see SubRecordSuiteOptions.unique). */
    function distinct(form: Record<string, unknown>): Record<string, unknown> {
      const u = opts.unique;
      if (!u || (form[u.field] !== valid[u.field] && form[u.field] !== changed[u.field])) { return form; }
      return { ...form, [u.field]: u.make(++sent) };
    }
    /** The form as compared with an answer (without the `unique` field). */
    const comparable = (form: Record<string, unknown>) => (opts.unique ? Object.fromEntries(Object.entries(withoutUndefined(form)).filter(([k]) => k !== opts.unique!.field)) : withoutUndefined(form));
    // The group's five endpoints through their contract declarations (test/call-as.ts); the raw
    // reply is answered, as every assertion below reads the envelope itself (status, data, errors, code).
    type Body = Record<string, unknown>;
    const send = async (def: EndpointDef, who: Who, input: { params?: { id: number }; headers?: Record<string, number>; body?: Body; lang?: 'en' | 'es' }) =>
      (await callAs(who, def, { ...input, body: input.body && distinct(input.body) } as never)).reply;
    const post = (who: Who, form: Body, lang?: 'en' | 'es') => send(opts.group.create, who, { body: form, lang });
    const put = (who: Who, id: number, form: Body, lang?: 'en' | 'es') => send(opts.group.update, who, { params: { id }, body: form, lang });
    const remove = (who: Who, id: number) => send(opts.group.remove, who, { params: { id } });
    const byPatient = (who: Who, patientId: number) => send(opts.group.getByPatientId, who, { headers: { patientid: patientId } });
    const byRecord = (who: Who, ccmRecordId: number) => send(opts.group.getByCcmRecordId, who, { headers: { ccmrecordid: ccmRecordId } });
    const tableRows = async () => ((await t.ctx.db.execute(sql`select * from ${sql.identifier(tableName)} order by id`)) as unknown as { rows: unknown[] }).rows;
    async function create(who: Who, ccmRecordId: number, form = valid) {
      const res = await post(who, { ...form, ccmRecordId });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Record<string, unknown> & { id: number };
    }
    async function openRecord(who: Who, patientId: number, hospitalId: number) {
      const res = (await callAs(who, ccm.createCcmRecord, { body: { patientId, hospitalId } })).reply;
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().data as { id: number }).id;
    }

    beforeAll(async () => {
      t = await createTestApp({ sessionCacheMs: 60_000 });
      f = await createTenancyFixture(t);
      // CCM is off by default: these offices run it (lib/program-switches.ts).
      await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
      recordA1 = await openRecord(f.nurseA1, f.patientA1.id, f.a1.id);
      if (opts.prepare) {
        const forms = await opts.prepare({ t, f });
        valid = forms.valid;
        changed = forms.changed;
        validInA2 = forms.validInA2 ?? forms.valid;
      } else { validInA2 = valid; }
    });
    afterAll(() => t?.close());

    it('creates a row that reads back in the by-patient and the by-record lists', async () => {
      const created = await create(f.nurseA1, recordA1);
      expect(created).toMatchObject({ ...comparable(valid), ccmRecordId: recordA1, patientId: f.patientA1.id, hospitalId: f.a1.id, createdBy: f.nurseA1.id });
      for (const res of [await byPatient(f.doctorA1, f.patientA1.id), await byRecord(f.doctorA1, recordA1), await byRecord(f.orgAdminA, recordA1)]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toContainEqual(created);
      }
    });

    it('lists only the rows of the record asked for, newest first', async () => {
      const second = await openRecord(f.doctorA1, f.patientA1.id, f.a1.id);
      const older = await create(f.doctorA1, second);
      const newer = await create(f.doctorA1, second, changed);
      const ids = ((await byRecord(f.nurseA1, second)).json().data as { id: number; ccmRecordId: number }[]).map((r) => r.id);
      expect(ids).toEqual([newer.id, older.id]);
      const ofPatient = (await byPatient(f.nurseA1, f.patientA1.id)).json().data as { ccmRecordId: number }[];
      expect(new Set(ofPatient.map((r) => r.ccmRecordId))).toEqual(new Set([recordA1, second]));
    });

    it('updates a row and reads the change back', async () => {
      const created = await create(f.nurseA1, recordA1);
      const res = await put(opts.authored ? f.nurseA1 : f.doctorA1, created.id, changed);
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data as Record<string, unknown>;
      expect(updated).toMatchObject({ ...comparable(changed), id: created.id, ccmRecordId: recordA1, createdBy: f.nurseA1.id, createdAt: created.createdAt });
      expect(((await byRecord(f.nurseA1, recordA1)).json().data as unknown[])).toContainEqual(updated);
    });

    if (opts.authored) {
      it("refuses another clinician's change or delete of an authored row (403) and changes nothing; the office admin may", async () => {
        const created = await create(f.nurseA1, recordA1);
        const before = await tableRows();
        const refused = await put(f.doctorA1, created.id, changed);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('notAuthorOrOfficeAdmin');
        expect((await remove(f.doctorA1, created.id)).statusCode).toBe(403);
        expect(await tableRows()).toEqual(before);
        expect((await put(f.officeAdminA1, created.id, changed)).statusCode).toBe(200);
      });
    }

    it('deletes a row; a second delete is 404', async () => {
      const created = await create(f.nurseA1, recordA1);
      const res = await remove(f.officeAdminA1, created.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ id: created.id });
      expect(((await byPatient(f.nurseA1, f.patientA1.id)).json().data as { id: number }[]).map((r) => r.id)).not.toContain(created.id);
      expect((await remove(f.officeAdminA1, created.id)).statusCode).toBe(404);
    });

    it('answers 404 to another office and another organization for the patient, the record and the row, and changes nothing', async () => {
      const row = await create(f.nurseA1, recordA1);
      const before = await tableRows();
      const outsiders = [
        ['office admin of another office', f.officeAdminA2],
        ['doctor of another office', f.doctorA2],
        ['organization admin of another organization', f.orgAdminB],
        ['doctor of another organization', f.doctorB1],
      ] as const;
      for (const [name, who] of outsiders) {
        const answers = {
          create: await post(who, { ...valid, ccmRecordId: recordA1 }),
          update: await put(who, row.id, changed),
          delete: await remove(who, row.id),
          byPatient: await byPatient(who, f.patientA1.id),
          byRecord: await byRecord(who, recordA1),
        };
        for (const [op, res] of Object.entries(answers)) { expect(res.statusCode, `${op} as ${name}: ${res.body}`).toBe(404); }
      }
      expect(await tableRows()).toEqual(before);
    });

    it("does not show a patient's rows of another office to that office's staff", async () => {
      // The patient is in offices a1 and a2; a2's record and rows are a2's, a1's are a1's.
      await t.ctx.db.execute(sql`insert into user_hospitals (user_id, hospital_id) values (${f.patientA1.id}, ${f.a2.id})`);
      const recordA2 = await openRecord(f.doctorA2, f.patientA1.id, f.a2.id);
      const rowA2 = await create(f.doctorA2, recordA2, validInA2);
      const seenByA2 = (await byPatient(f.doctorA2, f.patientA1.id)).json().data as { hospitalId: number; id: number }[];
      expect(seenByA2.map((r) => r.id)).toEqual([rowA2.id]);
      const seenByA1 = (await byPatient(f.nurseA1, f.patientA1.id)).json().data as { hospitalId: number }[];
      expect(seenByA1.length).toBeGreaterThan(0);
      expect(seenByA1.every((r) => r.hospitalId === f.a1.id)).toBe(true);
    });

    for (const mistake of opts.invalid) {
      it(`refuses ${mistake.name} with per-field messages in English and Spanish and stores nothing`, async () => {
        const form = { ...valid, ...mistake.patch };
        // The same rule in the browser (the contract's schema) unless it needs the server.
        expect(opts.group.createBody.safeParse({ ...form, ccmRecordId: recordA1 }).success).toBe(mistake.serverOnly === true);
        const before = await tableRows();
        const existing = await create(f.nurseA1, recordA1);
        const afterCreate = await tableRows();
        for (const lang of ['en', 'es'] as const) {
          const created = await post(f.nurseA1, { ...form, ccmRecordId: recordA1 }, lang);
          const updated = await put(f.nurseA1, existing.id, form, lang);
          for (const res of [created, updated]) {
            expect(res.statusCode, res.body).toBe(400);
            const errors = res.json().errors as Record<string, string>;
            for (const [field, key] of Object.entries(mistake.errors)) {
              const expected = Array.isArray(key) ? message(key[0], lang, key[1]) : message(key, lang);
              expect(errors[field], `${field} in ${lang}: ${res.body}`).toBe(expected);
            }
          }
        }
        expect(await tableRows()).toEqual(afterCreate);
        expect(afterCreate.length).toBe(before.length + 1);
      });
    }

    it('keeps the caller\'s cached session through its writes (changesAccess: false)', async () => {
      const headers = await callAs.sessionOf(f.nurseA1);
      expect((await byRecord(f.nurseA1, recordA1)).statusCode).toBe(200); // the session is resolved and cached
      const hash = tokenHash(headers.sessionguid);
      expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
      const row = await create(f.nurseA1, recordA1);
      expect((await put(f.nurseA1, row.id, changed)).statusCode).toBe(200);
      expect((await remove(f.nurseA1, row.id)).statusCode).toBe(200);
      expect(cachedSession(t.ctx, hash, Date.now())).toBeDefined();
    });
  });
}

function withoutUndefined(form: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
}
