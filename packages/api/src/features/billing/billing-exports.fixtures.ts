/**
 * Test helpers shared by the billing integration tests of exports, links, authorizations and
 * settings: calls through app.inject with a session per user, and billing rows written directly
 * (the tests do not depend on the billing engine).
 */
import { Role } from '@vigil/contract';
import { sessionFor, type createTenancyFixture, type TestApp } from '../../../test/setup';
import { billingClaims, doctorMetadata, patientBillingProfiles, patientMetadata, userBillingAuthorizations, users } from '../../db/schema/index';
import { eq } from 'drizzle-orm';

export type Fixture = Awaited<ReturnType<typeof createTenancyFixture>>;

export const REQUIRED = 'This field is required';
export const FUTURE_MONTH = 'CSV cannot be downloaded for upcoming months';
export const FUTURE_MONTH_ES = 'No se puede descargar el CSV de meses futuros';
export const FORBIDDEN = 'You do not have permission to do this';
export const INVALID_ID = 'Invalid id';

/** A month surely past (claims are seeded there) and a year surely to come. */
export const PAST = { year: 2025, month: 6 } as const;
export const FUTURE_YEAR = new Date().getUTCFullYear() + 1;

export interface CallOptions {
  headers?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  payload?: unknown;
  lang?: 'en' | 'es';
}

/** Builds a `call(method, path, who, opts)` bound to a test app, with one session per user. */
export function caller(getApp: () => TestApp) {
  const sessions = new Map<number, { sessionguid: string }>();
  return async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: { id: number }, opts: CallOptions = {}) {
    const t = getApp();
    let s = sessions.get(who.id);
    if (!s) {
      s = await sessionFor(t, who.id);
      sessions.set(who.id, s);
    }
    const headers: Record<string, string> = { ...s, 'accept-language': opts.lang ?? 'en' };
    for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
    const qs = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
    return t.app.inject({ method, url: `/api/${path}${qs}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
  };
}

/** Writes one billing_claims row (default: billable 99454 of PAST, 1 unit, $47.43). */
export async function seedClaim(
  t: TestApp,
  values: Partial<typeof billingClaims.$inferInsert> & { patientId: number; hospitalId: number },
): Promise<number> {
  const [row] = await t.ctx.db
    .insert(billingClaims)
    .values({
      year: PAST.year,
      month: PAST.month,
      program: 'RPM',
      code: '99454',
      units: 1,
      status: 'billable',
      amountCents: 4743,
      datesOfService: [`${PAST.year}-0${PAST.month}-30`],
      ...values,
    })
    .returning({ id: billingClaims.id });
  return row!.id;
}

/** Gives a patient identifiers, a birth date and a name; gives a doctor an NPI. */
export async function describePatient(t: TestApp, patientId: number, v: { firstName: string; lastName: string; birthdate: string; identifier: string; mrn: string }) {
  await t.ctx.db.update(users).set({ firstName: v.firstName, lastName: v.lastName, birthdate: v.birthdate }).where(eq(users.id, patientId));
  await t.ctx.db.insert(patientMetadata).values({ userId: patientId, patientIdentifier: v.identifier, medicalRegistrationNumber: v.mrn, ssn: '111-22-3333' });
}

export async function giveNpi(t: TestApp, userId: number, npi: string, name?: { firstName: string; lastName: string }) {
  if (name) { await t.ctx.db.update(users).set(name).where(eq(users.id, userId)); }
  await t.ctx.db.insert(doctorMetadata).values({ userId, npi });
}

export async function setProfile(t: TestApp, patientId: number, v: Partial<typeof patientBillingProfiles.$inferInsert>) {
  await t.ctx.db
    .insert(patientBillingProfiles)
    .values({ patientId, ...v })
    .onConflictDoUpdate({ target: patientBillingProfiles.patientId, set: v });
}

export async function authorize(t: TestApp, userId: number, hospitalId: number, programs: string[]) {
  const [row] = await t.ctx.db.insert(userBillingAuthorizations).values({ userId, hospitalId, programsJson: programs }).returning();
  return row!;
}

/** Roles without billing.read (for 403 checks): patient and caregiver. */
export const withoutBillingRead = (f: Fixture) => [f.patientA1, f.caregiverA1];
export { Role };
