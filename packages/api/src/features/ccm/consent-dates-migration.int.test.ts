/**
 * Migration 0026 keeps the history of existing rows (docs/billing-engine.md "Consent"): a REVOKED
 * consent form gets the local day of its last change as its revocation day (never before the day
 * it was obtained), an ACTIVE one none; a care plan gets the local day it was created as its
 * establishment day. The hand-written statements of the migration are run again on rows written
 * as before it (no revocation or establishment day).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { ccmCarePlans, ccmConsentForms, ccmRecords } from '../../db/schema/index';

let t: TestApp;
const file = path.join(__dirname, '../../db/migrations/0026_consent_and_care_plan_dates.sql');
const handWritten = readFileSync(file, 'utf8').split('-- hand-written')[1]!.split('--> statement-breakpoint').map((s) => s.replace(/^--.*$/gm, '').trim()).filter(Boolean);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migration 0026: consent and care plan dates of existing rows', () => {
  it('dates a revoked consent by its last change in the office time zone, leaves an active one undated, and dates care plans by their creation', async () => {
    const f = await createTenancyFixture(t);
    const [r] = await t.ctx.db.insert(ccmRecords).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-02' }).returning({ id: ccmRecords.id });
    const base = { ccmRecordId: r!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', obtainedBy: 'Nurse' };
    // 02:30 UTC on 10 March is 9 March in New York (the fixture offices' zone).
    const [revoked] = await t.ctx.db.insert(ccmConsentForms).values({ ...base, consentDate: '2026-01-05', status: 'REVOKED', updatedAt: new Date('2026-03-10T02:30:00Z') }).returning({ id: ccmConsentForms.id });
    const [early] = await t.ctx.db.insert(ccmConsentForms).values({ ...base, consentDate: '2026-03-20', status: 'REVOKED', updatedAt: new Date('2026-03-10T12:00:00Z') }).returning({ id: ccmConsentForms.id });
    const [active] = await t.ctx.db.insert(ccmConsentForms).values({ ...base, consentDate: '2026-01-05', status: 'ACTIVE' }).returning({ id: ccmConsentForms.id });
    const [plan] = await t.ctx.db
      .insert(ccmCarePlans)
      .values({ ccmRecordId: r!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, title: 'Plan', planType: 'comprehensive', status: 'active', problemList: 'x', expectedOutcome: 'x', prognosis: 'x', goals: [{}], symptomManagement: 'x', interventions: [{}], medicationManagement: 'x', reviewDate: '2026-06-30', createdAt: new Date('2026-02-01T03:00:00Z') })
      .returning({ id: ccmCarePlans.id });
    for (const statement of handWritten) { await t.ctx.db.execute(sql.raw(statement)); }
    const revokedOn = async (id: number) => (await t.ctx.db.select({ d: ccmConsentForms.revokedOn }).from(ccmConsentForms).where(eq(ccmConsentForms.id, id)))[0]!.d;
    expect(await revokedOn(revoked!.id)).toBe('2026-03-09');
    expect(await revokedOn(early!.id)).toBe('2026-03-20');
    expect(await revokedOn(active!.id)).toBeNull();
    const [p] = await t.ctx.db.select({ d: ccmCarePlans.establishedOn, r: ccmCarePlans.revisedOn }).from(ccmCarePlans).where(eq(ccmCarePlans.id, plan!.id));
    expect(p).toEqual({ d: '2026-01-31', r: null });
  });
});
