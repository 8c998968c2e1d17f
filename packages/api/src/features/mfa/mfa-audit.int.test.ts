/**
 * Second factors in the audit trail (docs/security.md "Multi-factor authentication"): enrolment,
 * removal, new recovery codes, an administrator's reset and a policy change are audit events (who,
 * which endpoint, the outcome, refusals too); reads and enrolment starts are not.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc, eq, like } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { mfa, Role } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { auditEvents } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

beforeAll(async () => {
  t = await createTestApp({ auditEnabled: true });
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

it('records enrolment, new recovery codes, removal, a reset and a policy change, with their callers and outcomes', async () => {
  const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] });
  expect((await callAs(doctor, mfa.getMyMfa)).status).toBe(200);
  const started = await callAs(doctor, mfa.startTotp, { body: {} });
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(started.body.secret), algorithm: 'SHA1', digits: 6, period: 30 });
  expect((await callAs(doctor, mfa.confirmTotp, { body: { factorId: started.body.factorId, code: app.generate() } })).status).toBe(200);
  expect((await callAs(doctor, mfa.regenerateRecoveryCodes)).status).toBe(200);
  expect((await callAs(doctor, mfa.deleteMyFactor, { params: { id: started.body.factorId } })).status).toBe(200);
  // Another organization's admin is refused, and the refusal is recorded too.
  expect((await callAs(f.orgAdminB, mfa.resetUserFactors, { params: { userId: doctor.id } })).status).toBe(404);
  expect((await callAs(f.orgAdminA, mfa.resetUserFactors, { params: { userId: doctor.id } })).status).toBe(200);
  expect((await callAs(f.orgAdminA, mfa.setMfaPolicy, { body: { policy: 'admins' } })).status).toBe(200);
  await auditTrail(t.ctx).flush();

  const events = await t.ctx.db
    .select({ userId: auditEvents.userId, resource: auditEvents.resource, action: auditEvents.action, endpoint: auditEvents.endpoint, outcome: auditEvents.outcome, organizationId: auditEvents.organizationId })
    .from(auditEvents)
    .where(like(auditEvents.endpoint, '% mfa/%'))
    .orderBy(asc(auditEvents.id));
  expect(events).toEqual([
    { userId: doctor.id, resource: 'Practitioner', action: 'C', endpoint: 'POST mfa/totp/confirm', outcome: 200, organizationId: f.orgA.id },
    { userId: doctor.id, resource: 'Practitioner', action: 'C', endpoint: 'POST mfa/recoverycodes', outcome: 200, organizationId: f.orgA.id },
    { userId: doctor.id, resource: 'Practitioner', action: 'D', endpoint: 'DELETE mfa/factors/{id}', outcome: 200, organizationId: f.orgA.id },
    { userId: f.orgAdminB.id, resource: 'Practitioner', action: 'D', endpoint: 'DELETE mfa/users/{userId}/factors', outcome: 404, organizationId: f.orgB.id },
    { userId: f.orgAdminA.id, resource: 'Practitioner', action: 'D', endpoint: 'DELETE mfa/users/{userId}/factors', outcome: 200, organizationId: f.orgA.id },
    { userId: f.orgAdminA.id, resource: 'Organization', action: 'U', endpoint: 'PUT mfa/policy', outcome: 200, organizationId: f.orgA.id },
  ]);
  // Nothing of the doctor's reads or starts.
  expect(await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.endpoint, 'GET mfa/factors'))).toEqual([]);
});
