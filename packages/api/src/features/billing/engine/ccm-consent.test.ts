/**
 * CCM in the engine (docs/ccm.md): consent gating of CCM, PCM and APCM; complex CCM 99487/99489
 * with moderate or high medical decision making; CCM minutes from the time log counted once.
 */
import { describe, expect, it } from 'vitest';
import { computePatientMonth } from './compute';
import { entry, facts, NURSE, options } from './test-fixtures';
import type { EngineClaim, NoteFact, PatientMonthFacts } from './types';

const billed = (claims: EngineClaim[]) => claims.filter((c) => c.status === 'billable').map((c) => (c.units > 1 ? `${c.code}x${c.units}` : c.code));
const find = (claims: EngineClaim[], code: string) => claims.find((c) => c.code === code);
const run = (over: Partial<PatientMonthFacts>) => computePatientMonth(facts(over), options()).claims;
const carePlanNote: NoteFact = { id: 7, medicalNoteId: 2, program: 'CCM', timeEntryDay: '2026-03-10', writtenDay: '2026-03-10', authorId: NURSE, categoryType: 'CCM_CARE_PLAN' };
const ccmConsent = { program: 'CCM' as const, consentType: 'VERBAL', consentDate: '2026-03-02', obtainedBy: 'Nora Nurse' };

describe('consent gating', () => {
  it('bills 99490 with the consent in the evidence when CCM consent is on file', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 25, { interactive: true })], consents: [ccmConsent] });
    expect(billed(claims)).toEqual(['99490']);
    expect(find(claims, '99490')!.evidence.details).toMatchObject({ consent: ccmConsent });
    expect(find(claims, '99490')!.evidence.totalSeconds).toBe(25 * 60);
  });

  it('suppresses 99490 with "No CCM consent on file" in both languages without consent', () => {
    for (const consents of [[], undefined, [{ ...ccmConsent, program: 'PCM' as const }]]) {
      const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], consents });
      expect(billed(claims)).toEqual([]);
      const c = find(claims, '99490')!;
      expect(c).toMatchObject({ status: 'suppressed', datesOfService: [] });
      expect(c.reason).toEqual({ en: 'No CCM consent on file', es: 'No hay consentimiento de CCM registrado' });
      expect(c.evidence.details).toMatchObject({ consent: null });
      // The time is still shown as evidence of what was done.
      expect(c.evidence.totalSeconds).toBe(25 * 60);
    }
  });

  it('gates PCM and APCM on their own consent, and leaves RPM alone', () => {
    const pcm = run({ billingType: 'PCM', timeEntries: [entry('PCM', 35)], consents: [ccmConsent] });
    expect(billed(pcm)).toEqual([]);
    expect(find(pcm, '99426')!.reason!.en).toBe('No PCM consent on file');
    const apcm = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5)], consents: [] });
    expect(apcm.filter((c) => c.program === 'APCM').every((c) => c.status === 'suppressed' && c.reason!.en === 'No APCM consent on file')).toBe(true);
    const rpm = run({ billingType: 'RPM', timeEntries: [entry('RPM', 20, { interactive: true })], consents: [] });
    expect(rpm.filter((c) => c.program === 'RPM' && c.reason?.en.includes('consent'))).toEqual([]);
  });
});

describe('complex CCM 99487 / 99489', () => {
  const complexMonth = (level: PatientMonthFacts['complexDecisionMaking']) =>
    run({ billingType: 'CCM', timeEntries: [entry('CCM', 45), entry('CCM', 50)], notes: [carePlanNote], consents: [ccmConsent], complexDecisionMaking: level });

  it('bills 99487 and 99489 with moderate or high decision making and a care plan revised this month', () => {
    for (const level of ['MODERATE', 'HIGH'] as const) {
      const claims = complexMonth(level);
      expect(billed(claims)).toEqual(['99487', '99489']);
      expect(find(claims, '99487')!.evidence.details).toMatchObject({ complexDecisionMaking: level, consent: ccmConsent });
    }
  });

  it('does not bill complex CCM with straightforward, low or unrecorded decision making: 99490 with add-ons instead, and says why', () => {
    for (const level of ['STRAIGHTFORWARD', 'LOW', null, undefined] as const) {
      const claims = complexMonth(level);
      expect(billed(claims)).toEqual(['99490', '99439x2']);
      const c = claims.find((x) => x.code === '99487' && x.status === 'suppressed')!;
      expect(c.reason!.en).toContain('moderate or high medical decision making is needed');
      expect(c.reason!.en).toContain(level ? `medical decision making is ${level.toLowerCase()}` : 'no medical decision making level is recorded');
      expect(c.reason!.es).toContain('toma de decisiones médicas moderada o alta');
    }
  });

  it('needs the care plan revision too: moderate decision making alone bills 99490', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 95)], consents: [ccmConsent], complexDecisionMaking: 'HIGH' });
    expect(billed(claims)).toEqual(['99490', '99439x2']);
  });
});

describe('CCM minutes from the time log, counted once', () => {
  it('counts an entry that reaches the engine twice (time log and note) once', () => {
    const e = entry('CCM', 15, { interactive: true });
    const claims = run({ billingType: 'CCM', timeEntries: [e, { ...e }], consents: [ccmConsent] });
    expect(billed(claims)).toEqual([]);
    expect(find(claims, '99490')!.evidence.totalSeconds).toBe(15 * 60);
    expect(find(claims, '99490')!.reason!.en).toContain('20 needed for 99490');
  });

  it('counts overlapping time of one staff member once and adds separate entries', () => {
    const a = entry('CCM', 15, { startedAt: '2026-03-05T10:00:00.000Z' });
    const overlapping = entry('CCM', 15, { startedAt: '2026-03-05T10:10:00.000Z' });
    const later = entry('CCM', 10, { startedAt: '2026-03-06T10:00:00.000Z' });
    const claims = run({ billingType: 'CCM', timeEntries: [a, overlapping, later], consents: [ccmConsent] });
    expect(find(claims, '99490')!.evidence.totalSeconds).toBe((25 + 10) * 60);
    expect(billed(claims)).toEqual(['99490']);
  });
});

// Consent with effective dates (engine/consent.ts, docs/billing-engine.md "Consent").
// Source: CMS MLN909188 "Chronic Care Management Services": the patient may stop CCM at any time,
// "effective at the end of the calendar month"; consent is obtained before the service is furnished.
describe('consent effective dates', () => {
  const revokedOn = (day: string) => [{ ...ccmConsent, consentDate: '2026-01-05', revokedOn: day }];

  it('still bills the month of revocation (effective at the end of the calendar month) and says so', () => {
    // Revoked on 3 March, the CCM time of March is after the revocation day and still counts.
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 25, { day: '2026-03-20' })], consents: revokedOn('2026-03-03') });
    expect(billed(claims)).toEqual(['99490']);
    const c = find(claims, '99490')!;
    expect(c.reason!.en).toBe('CCM consent revoked on 2026-03-03: this month still bills (effective at the end of the calendar month); later months do not');
    expect(c.reason!.es).toContain('este mes aún se factura');
    expect(c.evidence.details).toMatchObject({ consent: { revokedOn: '2026-03-03' }, consentSource: expect.stringContaining('MLN909188') });
  });

  it('does not bill the months after the revocation month', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], consents: revokedOn('2026-02-27') });
    expect(billed(claims)).toEqual([]);
    const c = find(claims, '99490')!;
    expect(c).toMatchObject({ status: 'suppressed', datesOfService: [] });
    expect(c.reason).toEqual({
      en: 'CCM consent revoked on 2026-02-27: effective at the end of that calendar month, later months are not billed',
      es: 'Consentimiento de CCM revocado el 2026-02-27: efectivo al final de ese mes natural, los meses siguientes no se facturan',
    });
    expect(c.evidence.details).toMatchObject({ consent: null, revokedConsent: { revokedOn: '2026-02-27' } });
  });

  it('bills again with a new consent obtained after the revocation', () => {
    const consents = [...revokedOn('2026-01-20'), { ...ccmConsent, consentDate: '2026-03-01' }];
    expect(billed(run({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], consents }))).toEqual(['99490']);
  });

  it('does not count minutes logged before the consent was obtained, and the evidence says so', () => {
    const before = entry('CCM', 12, { day: '2026-03-01' });
    const after = entry('CCM', 15, { day: '2026-03-10' });
    const claims = run({ billingType: 'CCM', timeEntries: [before, after], consents: [{ ...ccmConsent, consentDate: '2026-03-02' }] });
    // 27 minutes logged, 15 after the consent: under the 20 of 99490.
    expect(billed(claims)).toEqual([]);
    const c = find(claims, '99490')!;
    expect(c.evidence.totalSeconds).toBe(15 * 60);
    expect(c.evidence.details).toMatchObject({ preConsentTime: { program: 'CCM', consentDate: '2026-03-02', seconds: 12 * 60, time: '12:00', entries: [{ id: before.id, day: '2026-03-01', seconds: 720 }] } });
    expect(c.reason!.en).toContain('20 needed for 99490');
    expect(c.reason!.en).toContain('12:00 of CCM time logged before the consent was obtained (2026-03-02) is not counted');
    expect(c.reason!.es).toContain('registrado antes de obtener el consentimiento');
    // The same minutes on the consent day count (the consent takes effect that day).
    const sameDay = run({ billingType: 'CCM', timeEntries: [entry('CCM', 12, { day: '2026-03-02' }), after], consents: [{ ...ccmConsent, consentDate: '2026-03-02' }] });
    expect(billed(sameDay)).toEqual(['99490']);
  });

  it('leaves time of programs without a consent rule alone', () => {
    const claims = run({ billingType: 'RPM', timeEntries: [entry('RPM', 20, { interactive: true, day: '2026-03-01' })], consents: [{ ...ccmConsent, consentDate: '2026-03-20' }] });
    expect(find(claims, '99457')!.evidence.totalSeconds).toBe(20 * 60);
  });
});

// Complex CCM: "establishment or substantial revision of a comprehensive care plan" (CPT 99487,
// reference billing-rules.md section 3) read from the CCM record's care plan dates first, then a
// CCM_CARE_PLAN note; the evidence names the source that counted.
describe('complex CCM care plan revision sources', () => {
  const month = (over: Partial<PatientMonthFacts>) => run({ billingType: 'CCM', timeEntries: [entry('CCM', 45), entry('CCM', 50)], consents: [ccmConsent], complexDecisionMaking: 'HIGH', ...over });
  const plan = { id: 31, title: 'Comprehensive care plan', establishedOn: '2025-11-02', revisedOn: null as string | null };

  it('counts a revision date in the month on the CCM record care plan, and names it', () => {
    const claims = month({ carePlans: [{ ...plan, revisedOn: '2026-03-12' }] });
    expect(billed(claims)).toEqual(['99487', '99489']);
    expect(find(claims, '99487')!.evidence.details).toMatchObject({ carePlanRevision: { source: 'carePlanRevised', carePlanId: 31, day: '2026-03-12' } });
  });

  it('counts a care plan established in the month', () => {
    const claims = month({ carePlans: [{ ...plan, establishedOn: '2026-03-03' }] });
    expect(find(claims, '99487')!.evidence.details).toMatchObject({ carePlanRevision: { source: 'carePlanEstablished', day: '2026-03-03' } });
  });

  it('falls back to the CCM_CARE_PLAN note, and names it', () => {
    const claims = month({ carePlans: [plan], notes: [carePlanNote] });
    expect(billed(claims)).toEqual(['99487', '99489']);
    expect(find(claims, '99487')!.evidence.details).toMatchObject({ carePlanRevision: { source: 'carePlanNote', noteId: 7, day: '2026-03-10' } });
  });

  it('does not count dates of other months: 99490 with the reason naming both sources', () => {
    const claims = month({ carePlans: [{ ...plan, revisedOn: '2026-02-27' }] });
    expect(billed(claims)).toEqual(['99490', '99439x2']);
    const c = claims.find((x) => x.code === '99487')!;
    expect(c.reason!.en).toBe('Complex CCM not billed: no care plan was established or substantially revised this month (the care plan dates of the CCM record, or a CCM care plan note)');
    expect(c.evidence.details).toMatchObject({ carePlanRevision: null });
  });
});
