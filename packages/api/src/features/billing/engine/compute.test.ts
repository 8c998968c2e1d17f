import { describe, expect, it } from 'vitest';
import { computePatientMonth } from './compute';
import { days, entry, facts, NURSE, options, PRACTITIONER } from './test-fixtures';
import type { EngineClaim, PatientMonthFacts } from './types';
import { billingSettingDefs, citationOf, defaultBillingSettings, resolveSettings } from './settings';

const billed = (claims: EngineClaim[]) => claims.filter((c) => c.status === 'billable').map((c) => (c.units > 1 ? `${c.code}x${c.units}` : c.code));
const find = (claims: EngineClaim[], code: string, status?: 'billable' | 'suppressed') => claims.find((c) => c.code === code && (!status || c.status === status));
const run = (over: Partial<PatientMonthFacts>, settings = {}) => computePatientMonth(facts(over), options(settings)).claims;

/** An RPM patient with 16 reading days in the period 1-30 March (set-up already billed). */
const rpmMonth: Partial<PatientMonthFacts> = {
  episodeStart: '2026-03-01',
  readingDays: days('2026-03-01', 16),
  priorSetupClaims: [{ code: '99453', episodeStart: '2026-03-01', year: 2026, month: 2 }],
};

describe('RPM: 16 days and 20 interactive minutes', () => {
  it('bills 99454 and 99457 with their evidence and amounts', () => {
    const call = entry('RPM', 20, { interactive: true, day: '2026-03-12', medicalNoteDetailId: 9 });
    const claims = run({ ...rpmMonth, timeEntries: [call], notes: [{ id: 9, medicalNoteId: 3, program: 'RPM', timeEntryDay: '2026-03-12', writtenDay: '2026-04-02', authorId: NURSE, categoryType: 'RPM_INTERACTIVE_COMMUNICATION' }] });
    expect(billed(claims)).toEqual(['99454', '99457']);
    const supply = find(claims, '99454')!;
    expect(supply.evidence.readingDays).toHaveLength(16);
    expect(supply.evidence.practitioner).toEqual({ userId: PRACTITIONER, name: 'Dr Test', source: 'profile' });
    const mgmt = find(claims, '99457')!;
    expect(mgmt.evidence.interactiveContact).toEqual({ timeEntryId: call.id, day: '2026-03-12', staffUserId: NURSE });
    // The note was written on 2 April: its day in the evidence is the day of the call it documents.
    expect(mgmt.evidence.notes).toEqual([{ id: 9, medicalNoteId: 3, day: '2026-03-12', daySource: 'timeEntry', authorId: NURSE }]);
    expect(mgmt.evidence.rules).toContain('C8');
    expect(claims.filter((c) => c.status === 'billable').reduce((s, c) => s + (c.amountCents ?? 0), 0)).toBe(4743 + 5128);
  });
});

describe('the mutual exclusions of section 9', () => {
  it('RPM with RTM in one period: RTM suppressed for an RPM patient (C3)', () => {
    const claims = run({ ...rpmMonth, timeEntries: [entry('RPM', 20, { interactive: true }), entry('RTM', 20, { interactive: true })] });
    expect(billed(claims)).toEqual(['99454', '99457']);
    expect(find(claims, '98980')!.reason!.en).toBe("RPM and RTM in the same period: RTM suppressed (the patient's billing type is RPM)");
    expect(find(claims, '98980')!.reason!.es).toBe('RPM y RTM en el mismo período: se suprime RTM (el tipo de facturación del paciente es RPM)');
  });

  it('RPM with RTM for an RTM patient: RPM suppressed, readings count as RTM', () => {
    const claims = run({ ...rpmMonth, billingType: 'RTM', rtmSystem: 'MSK', priorSetupClaims: [{ code: '98975', episodeStart: '2026-03-01', year: 2026, month: 2 }], timeEntries: [entry('RPM', 20, { interactive: true }), entry('RTM', 20, { interactive: true })] });
    expect(billed(claims)).toEqual(['98977', '98980']);
    expect(find(claims, '99457')!.reason!.en).toMatch(/^RPM and RTM in the same period: RPM suppressed/);
  });

  it('RPM with CCM and separate time: both billed, each with its own entries (C4)', () => {
    const r = entry('RPM', 20, { interactive: true });
    const c = entry('CCM', 20);
    const claims = run({ ...rpmMonth, timeEntries: [r, c] });
    expect(billed(claims)).toEqual(['99454', '99457', '99490']);
    expect(find(claims, '99457')!.evidence.timeEntries!.map((e) => e.id)).toEqual([r.id]);
    expect(find(claims, '99490')!.evidence.timeEntries!.map((e) => e.id)).toEqual([c.id]);
  });

  it('never counts overlapping time of one staff member twice (C4)', () => {
    const start = Date.parse('2026-03-05T14:00:00Z');
    const r = entry('RPM', 20, { interactive: true, startedAt: new Date(start).toISOString() });
    const c = entry('CCM', 20, { startedAt: new Date(start + 10 * 60_000).toISOString() });
    const claims = run({ timeEntries: [r, c] });
    expect(billed(claims)).toEqual(['99457']);
    expect(find(claims, '99490')!.evidence.timeEntries![0]!.countedSeconds).toBe(600);
    expect(find(claims, '99490')!.reason!.en).toBe('Only 10 minutes (10:00) of CCM time: 20 needed for 99490');
  });

  it('counts two staff members at the same time separately', () => {
    const at = '2026-03-05T14:00:00.000Z';
    const claims = run({ timeEntries: [entry('CCM', 10, { startedAt: at }), entry('CCM', 10, { startedAt: at, staffUserId: 300 })] });
    expect(billed(claims)).toEqual(['99490']);
  });

  it('APCM with CCM: APCM bundles CCM, so CCM is suppressed', () => {
    const claims = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('CCM', 25)] });
    expect(billed(claims)).toEqual(['G0557']);
    expect(find(claims, '99490')!.reason!.en).toBe('APCM bundles CCM: not billed in an APCM month (same practitioner)');
  });

  it('APCM with CCM for a CCM patient: APCM is the one suppressed', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('APCM', 5), entry('CCM', 25)] });
    expect(billed(claims)).toEqual(['99490']);
    expect(find(claims, 'G0557')!.reason!.en).toMatch(/^APCM cannot be billed with CCM/);
  });

  it('APCM with RPM: both billed (parallel)', () => {
    expect(billed(run({ ...rpmMonth, billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('RPM', 20, { interactive: true })] }))).toEqual(['99454', '99457', 'G0557']);
  });

  it('APCM month: general BHI becomes G0570 and CoCM G0568', () => {
    const bhi = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('BHI', 20)] });
    expect(billed(bhi)).toEqual(['G0557', 'G0570']);
    expect(find(bhi, '99484')!.reason!.en).toBe('APCM month: the APCM add-on G0570 is billed instead of 99484');
    const cocm = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('BHI', 90, { activity: 'COCM' })] });
    expect(billed(cocm)).toEqual(['G0557', 'G0568']);
    expect(find(cocm, '99494')!.status).toBe('suppressed');
  });

  it('CCM with PCM by the same practitioner: the billing type wins', () => {
    const both = [entry('CCM', 25), entry('PCM', 35)];
    expect(billed(run({ billingType: 'CCM', timeEntries: both }))).toEqual(['99490']);
    expect(billed(run({ billingType: 'PCM', timeEntries: both }))).toEqual(['99426']);
    expect(find(run({ billingType: 'CCM', timeEntries: both }), '99426')!.reason!.en).toBe('CCM and PCM by the same practitioner in the same month: PCM suppressed');
  });

  it('PCM here with CCM billed by a different practitioner elsewhere follows PCM_CCM_DIFFERENT_PRACTITIONER', () => {
    const f = { billingType: 'PCM' as const, timeEntries: [entry('PCM', 35)], claimsElsewhere: [{ hospitalId: 99, code: '99490', program: 'CCM' as const, practitionerUserId: 555, year: 2026, month: 3, period: null }] };
    const flagged = run(f);
    expect(billed(flagged)).toEqual(['99426']);
    expect(find(flagged, '99426')!.evidence.flags!.some((x) => x.en.includes('PCM_CCM_DIFFERENT_PRACTITIONER: flag'))).toBe(true);
    expect(billed(run(f, { PCM_CCM_DIFFERENT_PRACTITIONER: 'block' }))).toEqual([]);
    expect(find(run(f, { PCM_CCM_DIFFERENT_PRACTITIONER: 'allow' }), '99426')!.evidence.flags).toBeUndefined();
  });

  it('CoCM with CCM follows COCM_WITH_CCM_PCM (allowed by default)', () => {
    const f = { timeEntries: [entry('CCM', 20), entry('BHI', 40, { activity: 'COCM' })] };
    expect(billed(run(f))).toEqual(['99490', '99492']);
    expect(billed(run(f, { COCM_WITH_CCM_PCM: 'block' }))).toEqual(['99490']);
  });

  it('chronic pain management with RPM is flagged by default and blocked on request (CPM_CONCURRENCY)', () => {
    const f = { ...rpmMonth, timeEntries: [entry('RPM', 20, { interactive: true }), entry('CPM', 30, { staffUserId: PRACTITIONER })] };
    const flagged = run(f);
    expect(billed(flagged)).toEqual(['99454', '99457', 'G3002']);
    expect(find(flagged, 'G3002')!.evidence.flags!.map((x) => x.en)).toContain('Chronic pain management with RPM in the same month is unconfirmed (setting CPM_CONCURRENCY: flag); time is never shared');
    expect(billed(run(f, { CPM_CONCURRENCY: 'block' }))).toEqual(['99454', '99457']);
  });
});

describe('one billing practitioner per patient and period (C2)', () => {
  it('suppresses everything when the patient has no billing practitioner', () => {
    const claims = run({ ...rpmMonth, practitioner: null, timeEntries: [entry('RPM', 20, { interactive: true })] });
    expect(billed(claims)).toEqual([]);
    expect(find(claims, '99454')!.reason!.en).toMatch(/^No billing practitioner for this patient/);
  });

  it('suppresses a program the practitioner is not authorised to bill', () => {
    const claims = run({ ...rpmMonth, practitionerPrograms: ['CCM'], timeEntries: [entry('RPM', 20, { interactive: true }), entry('CCM', 20)] });
    expect(billed(claims)).toEqual(['99490']);
    expect(find(claims, '99457')!.reason!.en).toBe('Dr Test is not authorised to bill RPM in this office (user billing authorizations)');
  });

  it('suppresses the RPM device codes another office already bills for the patient this month', () => {
    const claims = run({ ...rpmMonth, timeEntries: [entry('RPM', 20, { interactive: true })], claimsElsewhere: [{ hospitalId: 42, code: '99454', program: 'RPM', practitionerUserId: 7, year: 2026, month: 3, period: { start: '2026-03-01', end: '2026-03-30' } }] });
    expect(billed(claims)).toEqual(['99457']);
    expect(find(claims, '99454')!.reason!.en).toMatch(/^Another office \(id 42\) already bills the RPM device codes/);
  });
});

describe('reasons and settings', () => {
  it('gives every suppressed code a reason in English and Spanish', () => {
    const scenarios: Partial<PatientMonthFacts>[] = [
      { readingDays: days('2026-03-01', 1), episodeStart: '2026-03-01', timeEntries: [entry('RPM', 9), entry('CCM', 19), entry('PCM', 29), entry('BHI', 19), entry('CPM', 29)] },
      { billingType: 'APCM', timeEntries: [entry('CCM', 30), entry('APCM', 3), entry('BHI', 45, { activity: 'COCM' })] },
      { practitioner: null, timeEntries: [entry('RPM', 45, { interactive: true })] },
    ];
    for (const s of scenarios) {
      for (const c of run(s).filter((x) => x.status === 'suppressed')) {
        expect(c.reason?.en.length, c.code).toBeGreaterThan(10);
        expect(c.reason?.es.length, c.code).toBeGreaterThan(10);
        expect(c.amountCents).toBeNull();
      }
    }
  });

  it('every setting has a default, a bilingual description and a source', () => {
    expect(billingSettingDefs.length).toBeGreaterThanOrEqual(15);
    for (const d of billingSettingDefs) {
      expect(defaultBillingSettings[d.key]).toBe(d.default);
      expect(d.description.en).not.toBe('');
      expect(d.description.es).not.toBe('');
      expect(d.source).not.toBe('');
      expect(d.name.en).not.toBe('');
      expect(d.name.es).not.toBe('');
      // No internal markers: whether a rule is confirmed is the toBeConfirmed flag, shown as words.
      for (const text of [d.name.en, d.name.es, d.description.en, d.description.es]) { expect(text).not.toMatch(/UNCONFIRMED|NO CONFIRMADO|\(\?\)|[A-Z]{2,}_[A-Z]/); }
    }
    expect(defaultBillingSettings.RPM_SETUP_MIN_DAYS).toBe(2);
    expect(defaultBillingSettings.RPM_99458_MAX_UNITS).toBe(2);
    expect(defaultBillingSettings.INCLUDE_SIMULATED_READINGS).toBe(false);
  });

  it('cites each setting\'s source readably, with the reference\'s section titles', () => {
    expect(citationOf('§1.1 (99453), §1.2, §11 item 1', 'en')).toBe(
      'Vigil billing rules reference (US Medicare care-management billing, CY2024-CY2026): section 1.1, RPM codes (99453); section 1.2, RPM billing logic; section 11, open question 1',
    );
    expect(citationOf('C6', 'es')).toContain('regla común C6: las lecturas deben llegar automáticamente de un dispositivo médico');
    for (const d of billingSettingDefs) { for (const lang of ['en', 'es'] as const) { expect(citationOf(d.source, lang)).not.toMatch(/§/); } }
  });

  it('resolves overrides in layers and ignores unknown keys and invalid values', () => {
    const s = resolveSettings({ RPM_SETUP_MIN_DAYS: 16, CPM_CONCURRENCY: 'block' }, { RPM_SETUP_MIN_DAYS: '10', NOPE: 1, RPM_99458_MAX_UNITS: 99, CCM_99437_MAX_UNITS: 1.5, INCLUDE_SIMULATED_READINGS: 'true', COCM_WITH_CCM_PCM: 'maybe' });
    expect(s.RPM_SETUP_MIN_DAYS).toBe(10);
    expect(s.CPM_CONCURRENCY).toBe('block');
    expect(s.RPM_99458_MAX_UNITS).toBe(2);
    expect(s.CCM_99437_MAX_UNITS).toBe(2);
    expect(s.INCLUDE_SIMULATED_READINGS).toBe(true);
    expect(s.COCM_WITH_CCM_PCM).toBe('allow');
    expect('NOPE' in s).toBe(false);
  });
});
