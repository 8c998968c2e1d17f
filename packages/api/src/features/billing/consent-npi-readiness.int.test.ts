/**
 * Consent with effective dates through the HTTP API (docs/billing-engine.md "Consent"; CMS
 * MLN909188: the patient may stop CCM at any time, effective at the end of the calendar month;
 * consent comes before the service): a consent form revoked in September still bills September,
 * not October; minutes logged before the consent was obtained do not count. And the readiness
 * problem "NPI missing for Dr. X" before month end, gone once a valid NPI (CMS check digit) is entered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, ccm, metadata, Role, type In } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { useTestClock } from '../../../test/clock';
import { createTenancyFixture, createTestApp, createUser, enablePrograms, type TestApp } from '../../../test/setup';
import { ccmRecords, patientDiagnoses } from '../../db/schema/index';
import { setProfile, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';
import { dayList, seedReadings, seedTime } from '../../../test/fixtures/billing-generation.fixtures';

useTestClock('2026-11-20T17:00:00Z');

let t: TestApp;
let f: Fixture;
const callAs = callerFor(() => t);
const people: Record<string, number> = {};
const records: Record<string, number> = {};

async function ccmPatient(name: string) {
  const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: name, lastName: 'Consent' } });
  people[name] = p.id;
  await setProfile(t, p.id, { billingType: 'CCM', billingPractitionerId: f.doctorA1.id });
  await t.ctx.db.insert(patientDiagnoses).values([
    { patientId: p.id, code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { patientId: p.id, code: 'I10', description: 'Essential (primary) hypertension' },
  ]);
  const [r] = await t.ctx.db.insert(ccmRecords).values({ patientId: p.id, hospitalId: f.a1.id, recordDate: '2026-08-01' }).returning({ id: ccmRecords.id });
  records[name] = r!.id;
  return p.id;
}

/** A consent form's fields as the update call takes them (the create call adds the record). */
type ConsentForm = In<typeof ccm.updateCcmConsentForm.body>;
const consentForm = (over: Partial<ConsentForm>): ConsentForm => ({ program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-08-03', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE', notes: '', ...over });

async function details(patientId: number, month: number, lang: 'en' | 'es' = 'en') {
  const res = await callAs(f.nurseA1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: patientId, hospitalid: f.a1.id, year: 2026, month }, lang });
  expect(res.status, res.reply.body).toBe(200);
  const d = res.body;
  return [...d.claims, ...d.suppressed];
}
const ccm99490 = (claims: Awaited<ReturnType<typeof details>>) => claims.find((c) => c.code === '99490')!;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: this office runs it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id]);
  // Revoked: consent obtained in August, 25 CCM minutes in September and in October.
  const revoked = await ccmPatient('Revoked');
  await seedTime(t, { patientId: revoked, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 25, day: '2026-09-20' });
  await seedTime(t, { patientId: revoked, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 25, day: '2026-10-10' });
  // Late: consent obtained on 10 September; 12 minutes on 5 September (before), 15 on 12 September.
  const late = await ccmPatient('Late');
  await seedTime(t, { patientId: late, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 12, day: '2026-09-05' });
  await seedTime(t, { patientId: late, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'CCM', minutes: 15, day: '2026-09-12' });
  // Monitored: an RPM patient in the current period (started 1 November), billed by doctorA1 (no NPI yet).
  const monitored = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Monitored', lastName: 'Npi' } });
  people.Monitored = monitored.id;
  await setProfile(t, monitored.id, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: '2026-11-01' });
  await seedReadings(t, { patientId: monitored.id, hospitalId: f.a1.id, days: dayList('2026-11-01', 16) });
});

afterAll(async () => {
  await t?.close();
});

describe('consent effective dates through the API', () => {
  it('stores the revocation date, bills the month of revocation and not the next one', async () => {
    const created = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ...consentForm({}), ccmRecordId: records.Revoked! } });
    expect(created.status, created.reply.body).toBe(201);
    const id = created.body.id as number;
    // Active: September and October both bill.
    expect(ccm99490(await details(people.Revoked!, 10)).status).toBe('billable');
    const revoke = await callAs(f.nurseA1, ccm.updateCcmConsentForm, { params: { id }, body: consentForm({ status: 'REVOKED', revokedOn: '2026-09-15' }) });
    expect(revoke.status, revoke.reply.body).toBe(200);
    const listed = await callAs(f.nurseA1, ccm.getCcmConsentFormsByCcmRecordId, { headers: { ccmrecordid: records.Revoked! } });
    expect(JSON.stringify(listed.body)).toContain('"revokedOn":"2026-09-15"');

    const sept = ccm99490(await details(people.Revoked!, 9));
    expect(sept.status).toBe('billable');
    expect(sept.reason!.en).toBe('CCM consent revoked on 2026-09-15: this month still bills (effective at the end of the calendar month); later months do not');
    expect(sept.evidence.details).toMatchObject({ consent: { consentDate: '2026-08-03', revokedOn: '2026-09-15' } });
    const oct = ccm99490(await details(people.Revoked!, 10));
    expect(oct.status).toBe('suppressed');
    expect(oct.reason!.en).toBe('CCM consent revoked on 2026-09-15: effective at the end of that calendar month, later months are not billed');
    expect(oct.reason!.es).toBe('Consentimiento de CCM revocado el 2026-09-15: efectivo al final de ese mes natural, los meses siguientes no se facturan');
  });

  it('refuses a revocation before the consent or without its date, in English and Spanish, and stores nothing', async () => {
    const before = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ...consentForm({ status: 'REVOKED', revokedOn: '2026-08-01' }), ccmRecordId: records.Revoked! } });
    expect(before.status).toBe(400);
    expect(before.errors).toEqual({ revokedOn: 'The revocation date cannot be before the date the consent was obtained' });
    const missing = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ...consentForm({ status: 'REVOKED' }), ccmRecordId: records.Revoked! }, lang: 'es' });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ revokedOn: 'Indique la fecha en que el paciente revocó el consentimiento' });
    const future = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ...consentForm({ status: 'REVOKED', revokedOn: '2026-12-01' }), ccmRecordId: records.Revoked! } });
    expect(future.status).toBe(400);
    expect(future.errors).toEqual({ revokedOn: 'The date cannot be in the future' });
    const listed = await callAs(f.nurseA1, ccm.getCcmConsentFormsByCcmRecordId, { headers: { ccmrecordid: records.Revoked! } });
    expect(listed.body).toHaveLength(1);
  });

  it('does not count the minutes logged before the consent was obtained, and says so', async () => {
    const created = await callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ...consentForm({ consentDate: '2026-09-10' }), ccmRecordId: records.Late! } });
    expect(created.status, created.reply.body).toBe(201);
    const claims = await details(people.Late!, 9);
    const c = ccm99490(claims);
    // 27 minutes logged, 15 of them after the consent: under the 20 of 99490.
    expect(c.status).toBe('suppressed');
    expect(c.evidence.totalSeconds).toBe(15 * 60);
    expect(c.reason!.en).toContain('12:00 of CCM time logged before the consent was obtained (2026-09-10) is not counted');
    expect(c.evidence.details).toMatchObject({ preConsentTime: { consentDate: '2026-09-10', seconds: 12 * 60 } });
  });
});

describe('claim data readiness through the API: the billing practitioner NPI', () => {
  const flagsOf = async (lang: 'en' | 'es' = 'en') => {
    const res = await callAs(f.nurseA1, billing.getBillingReadiness, { headers: { hospitalid: f.a1.id }, lang });
    expect(res.status, res.reply.body).toBe(200);
    const item = res.body.items.find((i) => i.patientId === people.Monitored)!;
    return item.flags;
  };

  it('shows "NPI missing" before month end, refuses an NPI failing the check digit, and clears the problem with a valid one', async () => {
    const missing = (await flagsOf()).find((x) => x.key === 'npiMissing')!;
    expect(missing.text).toMatch(/^NPI missing for .+: enter it in the practitioner's professional data before month end$/);
    expect((await flagsOf('es')).find((x) => x.key === 'npiMissing')!.text).toMatch(/^Falta el NPI de /);
    const bad = await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { npi: '1234567890' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {})).toEqual(['npi']);
    const good = await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { npi: '1234567893' } });
    expect(good.status, good.reply.body).toBe(200);
    expect((await flagsOf()).map((x) => x.key)).not.toContain('npiMissing');
  });
});
