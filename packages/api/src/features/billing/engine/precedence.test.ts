import { describe, expect, it } from 'vitest';
import { computePatientMonth } from './compute';
import { days, entry, facts, options, PRACTITIONER } from './test-fixtures';
import { precedenceRules, type PrecedenceRuleId } from './precedence';
import { noteServiceDay } from './notes';
import type { EngineClaim, PatientMonthFacts, PrecedenceEvidence } from './types';

/**
 * Every exclusion of reference section 9 (precedence.ts): facts in, the billed codes and the
 * precedence decision in the evidence out. The seeded CY2026 fee schedule has no amount for
 * 99487, 99491, 99492, 99493, 99426 (reference section 8 gives none): those decisions must not
 * depend on it.
 */

const billed = (claims: EngineClaim[]) => claims.filter((c) => c.status === 'billable').map((c) => (c.units > 1 ? `${c.code}x${c.units}` : c.code));
const find = (claims: EngineClaim[], code: string, status?: 'billable' | 'suppressed') => claims.find((c) => c.code === code && (!status || c.status === status));
const run = (over: Partial<PatientMonthFacts>, settings = {}, fees?: Record<string, number>) => computePatientMonth(facts(over), options(settings, fees)).claims;
const decision = (c: EngineClaim | undefined, rule: PrecedenceRuleId): PrecedenceEvidence | undefined => c?.evidence.precedence?.find((p) => p.rule === rule);
const seen = new Set<string>();
/** The decision of `rule` on the claim, recorded as covered. */
const decided = (c: EngineClaim | undefined, rule: PrecedenceRuleId) => {
  const d = decision(c, rule);
  expect(d, `${c?.code} carries ${rule}`).toBeDefined();
  expect(d!.source).toBe(precedenceRules[rule].source);
  seen.add(rule);
  return d!;
};

const carePlan = [{ id: 5, medicalNoteId: 2, program: 'CCM' as const, timeEntryDay: null, writtenDay: '2026-03-04', authorId: PRACTITIONER, categoryType: 'CCM_CARE_PLAN' }];
const rpmPeriod: Partial<PatientMonthFacts> = { episodeStart: '2026-03-01', priorSetupClaims: [{ code: '99453', episodeStart: '2026-03-01', year: 2026, month: 2 }] };

describe('precedence within a code family', () => {
  it('RPM_SUPPLY_BAND: 2-15 days bill 99445, 99454 suppressed (not additive)', () => {
    const claims = run({ ...rpmPeriod, readingDays: days('2026-03-01', 8) });
    expect(billed(claims)).toEqual(['99445']);
    expect(decided(find(claims, '99454'), 'RPM_SUPPLY_BAND')).toMatchObject({ basis: 'facts', kept: '99445', over: ['99454'] });
  });

  it('RTM_SUPPLY_BAND: 2-15 MSK days bill 98985, 98977 suppressed', () => {
    const claims = run({ billingType: 'RTM', rtmSystem: 'MSK', episodeStart: '2026-03-01', priorSetupClaims: [{ code: '98975', episodeStart: '2026-03-01', year: 2026, month: 2 }], readingDays: days('2026-03-01', 5) });
    expect(billed(claims)).toEqual(['98985']);
    expect(decided(find(claims, '98977'), 'RTM_SUPPLY_BAND')).toMatchObject({ kept: '98985', over: ['98977'] });
  });

  it('RPM_MGMT_BAND and RTM_MGMT_BAND: 15 minutes bill 99470 / 98979, never 99457 / 98980', () => {
    const rpm = run({ timeEntries: [entry('RPM', 15, { interactive: true })] });
    expect(billed(rpm)).toEqual(['99470']);
    expect(decided(find(rpm, '99457'), 'RPM_MGMT_BAND')).toMatchObject({ kept: '99470', over: ['99457'] });
    const rtm = run({ billingType: 'RTM', timeEntries: [entry('RTM', 15, { interactive: true })] });
    expect(billed(rtm)).toEqual(['98979']);
    expect(decided(find(rtm, '98980'), 'RTM_MGMT_BAND')).toMatchObject({ kept: '98979', over: ['98980'] });
  });

  it('CCM_FAMILY: complex CCM 99487 over 99490 when its requirements are met, although 99487 has no amount loaded', () => {
    const claims = run({ billingType: 'CCM', notes: carePlan, timeEntries: [entry('CCM', 70)] });
    expect(billed(claims)).toEqual(['99487']);
    expect(find(claims, '99487')!.amountCents).toBeNull();
    const d = decided(find(claims, '99490'), 'CCM_FAMILY');
    expect(d).toEqual({ rule: 'CCM_FAMILY', basis: 'codingRule', source: precedenceRules.CCM_FAMILY.source, kept: '99487', over: ['99490'] });
    expect(find(claims, '99490')!.reason!.en).toBe('Only one CCM family per month (99490, 99491 and 99487 are mutually exclusive): 99487 billed instead (99487 takes precedence when its requirements are met)');
    expect(find(claims, '99490')!.reason!.es).toMatch(/se factura 99487 en su lugar \(99487 tiene prioridad cuando se cumplen sus requisitos\)$/);
  });

  it('CCM_FAMILY: complex CCM wins even when non-complex would pay more (amounts play no part)', () => {
    const claims = run({ billingType: 'CCM', notes: carePlan, timeEntries: [entry('CCM', 60)] }, {}, { '99487': 100, '99490': 6613, '99439': 4900 });
    expect(billed(claims)).toEqual(['99487']);
  });

  it('CCM_FAMILY: 99491 vs 99490 with both amounts loaded is decided by the amount', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 30, { staffUserId: PRACTITIONER })] }, {}, { '99490': 9000, '99491': 8500 });
    expect(billed(claims)).toEqual(['99490']);
    expect(decided(find(claims, '99491'), 'CCM_FAMILY')).toEqual({
      rule: 'CCM_FAMILY',
      basis: 'amount',
      source: precedenceRules.CCM_FAMILY.source,
      kept: '99490',
      over: ['99491'],
      amounts: { '99491': 8500, '99490': 9000 },
      amountsNotLoaded: [],
    });
  });

  it('CCM_FAMILY: 99491 vs 99490 with the 99491 amount missing is decided by the documented order, never as $0', () => {
    const claims = run({ billingType: 'CCM', timeEntries: [entry('CCM', 30, { staffUserId: PRACTITIONER })] }, {}, { '99490': 6613, '99439': 4900 });
    expect(billed(claims)).toEqual(['99491']);
    const d = decided(find(claims, '99490'), 'CCM_FAMILY');
    expect(d).toMatchObject({ basis: 'ruleOrderAmountMissing', kept: '99491', amounts: { '99491': null, '99490': 6613 }, amountsNotLoaded: ['99491'] });
    expect(find(claims, '99490')!.reason!.en).toBe(
      'Only one CCM family per month (99490, 99491 and 99487 are mutually exclusive): 99491 billed instead (no amount loaded in the fee schedule for 99491: decided by the documented order 99491 before 99490)',
    );
    expect(find(claims, '99491')!.amountCents).toBeNull();
  });

  it('PCM_FAMILY: 99424 vs 99426 by amount when both are loaded, else 99424 (documented order) with the missing amount named', () => {
    const f = { billingType: 'PCM' as const, timeEntries: [entry('PCM', 35, { staffUserId: PRACTITIONER })] };
    const loaded = run(f, {}, { '99424': 8800, '99426': 9000 });
    expect(billed(loaded)).toEqual(['99426']);
    expect(decided(find(loaded, '99424'), 'PCM_FAMILY')).toMatchObject({ basis: 'amount', kept: '99426' });
    const seeded = run(f);
    expect(billed(seeded)).toEqual(['99424']);
    expect(decided(find(seeded, '99426', 'suppressed'), 'PCM_FAMILY')).toMatchObject({ basis: 'ruleOrderAmountMissing', kept: '99424', amountsNotLoaded: ['99426'] });
  });

  it('COCM_OVER_BHI: CoCM over general BHI when its requirements are met, with no CoCM amount loaded', () => {
    const claims = run({ billingType: 'BHI', timeEntries: [entry('BHI', 25), entry('BHI', 40, { activity: 'COCM' })] });
    expect(billed(claims)).toEqual(['99492']);
    expect(decided(find(claims, '99484'), 'COCM_OVER_BHI')).toEqual({ rule: 'COCM_OVER_BHI', basis: 'codingRule', source: precedenceRules.COCM_OVER_BHI.source, kept: '99492', over: ['99484'] });
    expect(decided(find(claims, '99492'), 'COCM_OVER_BHI').kept).toBe('99492');
    // CoCM below its minimum: general BHI is billed.
    expect(billed(run({ billingType: 'BHI', timeEntries: [entry('BHI', 25), entry('BHI', 30, { activity: 'COCM' })] }))).toEqual(['99484']);
    // Whatever the amounts: a cheaper CoCM still wins.
    expect(billed(run({ billingType: 'BHI', timeEntries: [entry('BHI', 25), entry('BHI', 40, { activity: 'COCM' })] }, {}, { '99484': 9000, '99492': 100 }))).toEqual(['99492']);
  });

  it('COCM_INITIAL_SUBSEQUENT: the first CoCM month bills 99492, a later one 99493', () => {
    const first = run({ billingType: 'BHI', timeEntries: [entry('BHI', 40, { activity: 'COCM' })] });
    expect(decided(find(first, '99492'), 'COCM_INITIAL_SUBSEQUENT')).toMatchObject({ basis: 'facts', kept: '99492', over: ['99493'] });
    const later = run({ billingType: 'BHI', firstCocmMonth: { year: 2025, month: 11 }, timeEntries: [entry('BHI', 40, { activity: 'COCM' })] });
    expect(billed(later)).toEqual(['99493']);
    expect(decided(find(later, '99493'), 'COCM_INITIAL_SUBSEQUENT').kept).toBe('99493');
  });
});

describe('precedence between programs (same practitioner, same month)', () => {
  it('RPM_RTM: the billing type decides (C3)', () => {
    const claims = run({ timeEntries: [entry('RPM', 20, { interactive: true }), entry('RTM', 20, { interactive: true })] });
    expect(billed(claims)).toEqual(['99457']);
    expect(decided(find(claims, '98980'), 'RPM_RTM')).toMatchObject({ basis: 'billingType', kept: 'RPM', over: ['98980'] });
    expect(decided(find(claims, '99457'), 'RPM_RTM').kept).toBe('RPM');
  });

  it('APCM_BUNDLES_CCM_PCM: APCM bundles CCM; a CCM patient keeps CCM', () => {
    const apcm = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('CCM', 25)] });
    expect(decided(find(apcm, '99490'), 'APCM_BUNDLES_CCM_PCM')).toMatchObject({ basis: 'billingType', kept: 'APCM', over: ['99490'] });
    const ccm = run({ billingType: 'CCM', timeEntries: [entry('APCM', 5), entry('CCM', 25)] });
    expect(billed(ccm)).toEqual(['99490']);
    expect(decided(find(ccm, 'G0557'), 'APCM_BUNDLES_CCM_PCM')).toMatchObject({ kept: 'CCM', over: ['G0557'] });
  });

  it('CCM_PCM: the billing type decides', () => {
    const claims = run({ billingType: 'PCM', timeEntries: [entry('CCM', 25), entry('PCM', 35)] });
    expect(billed(claims)).toEqual(['99426']);
    expect(decided(find(claims, '99490'), 'CCM_PCM')).toMatchObject({ basis: 'billingType', kept: 'PCM', over: ['99490'] });
  });

  it('APCM_BH_ADDONS: CoCM in an APCM month becomes G0568 (after CoCM won over general BHI)', () => {
    const claims = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5), entry('BHI', 25), entry('BHI', 40, { activity: 'COCM' })] });
    expect(billed(claims)).toEqual(['G0557', 'G0568']);
    const g = find(claims, 'G0568')!;
    expect(decided(g, 'APCM_BH_ADDONS')).toMatchObject({ kept: 'G0568', over: ['99492'] });
    expect(g.evidence.precedence!.map((p) => p.rule)).toEqual(['COCM_INITIAL_SUBSEQUENT', 'COCM_OVER_BHI', 'APCM_BH_ADDONS']);
  });

  it('COCM_WITH_CCM_PCM, CPM_CONCURRENCY and PCM_CCM_DIFFERENT_PRACTITIONER follow their settings', () => {
    const cocm = run({ timeEntries: [entry('CCM', 20), entry('BHI', 40, { activity: 'COCM' })] }, { COCM_WITH_CCM_PCM: 'block' });
    expect(decided(find(cocm, '99492'), 'COCM_WITH_CCM_PCM')).toMatchObject({ basis: 'setting', kept: null, over: ['99492'] });
    const cpm = run({ timeEntries: [entry('CCM', 20), entry('CPM', 30, { staffUserId: PRACTITIONER })] });
    expect(decided(find(cpm, 'G3002'), 'CPM_CONCURRENCY')).toMatchObject({ basis: 'setting', kept: 'CPM' });
    const pcm = run({ billingType: 'PCM', timeEntries: [entry('PCM', 35)], claimsElsewhere: [{ hospitalId: 99, code: '99490', program: 'CCM', practitionerUserId: 555, year: 2026, month: 3, period: null }] });
    expect(decided(find(pcm, '99426'), 'PCM_CCM_DIFFERENT_PRACTITIONER')).toMatchObject({ basis: 'setting', kept: 'PCM' });
  });
});

describe('precedence across offices (the office that billed first keeps it)', () => {
  const elsewhere = (code: string, program: 'RPM' | 'RTM' | 'CCM' | 'APCM', year: number, month: number, period: { start: string; end: string } | null = null) => ({ hospitalId: 42, code, program, practitionerUserId: 7, year, month, period });

  it('DEVICE_ONE_PRACTITIONER: a 99454 billed elsewhere in February for a period overlapping ours (not equal) suppresses our March 99454', () => {
    const f = { ...rpmPeriod, readingDays: days('2026-03-01', 20), claimsElsewhere: [elsewhere('99454', 'RPM', 2026, 2, { start: '2026-02-10', end: '2026-03-11' })] };
    const claims = run(f);
    expect(billed(claims)).toEqual([]);
    const c = find(claims, '99454')!;
    expect(c.reason!.en).toBe('Another office (id 42) already bills the RPM device codes for this patient for the overlapping device period 2026-02-10 to 2026-03-11: only one practitioner per 30-day period');
    expect(decided(c, 'DEVICE_ONE_PRACTITIONER')).toMatchObject({ basis: 'firstBilled', over: ['99454'] });
    // A period elsewhere that ended before ours began does not count.
    expect(billed(run({ ...f, claimsElsewhere: [elsewhere('99454', 'RPM', 2026, 2, { start: '2026-01-30', end: '2026-02-28' })] }))).toEqual(['99454']);
  });

  it('DEVICE_ONE_PRACTITIONER: 99453 once per episode across offices, whatever episode start the other office used', () => {
    const f: Partial<PatientMonthFacts> = {
      episodeStart: '2026-03-01',
      readingDays: days('2026-03-01', 20),
      priorSetupClaims: [{ code: '99453', episodeStart: '2026-02-20', year: 2026, month: 3, hospitalId: 42, period: { start: '2026-02-20', end: '2026-03-21' } }],
    };
    const claims = run(f);
    const setup = find(claims, '99453')!;
    expect(setup.status).toBe('suppressed');
    expect(setup.reason!.en).toBe('99453 was already billed by another office (id 42) for the device period 2026-02-20 to 2026-03-21 in this episode of care: once per episode, one practitioner');
    expect(decided(setup, 'DEVICE_ONE_PRACTITIONER')).toMatchObject({ over: ['99453'] });
    // A set-up billed elsewhere for an earlier episode (its period ended before ours began) does not count.
    const earlier = run({ ...f, priorSetupClaims: [{ code: '99453', episodeStart: '2025-06-01', year: 2025, month: 6, hospitalId: 42, period: { start: '2025-06-01', end: '2025-06-30' } }] });
    expect(find(earlier, '99453')!.status).toBe('billable');
  });

  it('RPM_RTM_ELSEWHERE, CCM_ONE_PRACTITIONER and APCM_ONE_PRACTITIONER: same month elsewhere suppresses ours', () => {
    const rtm = run({ ...rpmPeriod, readingDays: days('2026-03-01', 20), claimsElsewhere: [elsewhere('98977', 'RTM', 2026, 3)] });
    expect(decided(find(rtm, '99454'), 'RPM_RTM_ELSEWHERE')).toMatchObject({ basis: 'firstBilled' });
    const ccm = run({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], claimsElsewhere: [elsewhere('99490', 'CCM', 2026, 3)] });
    expect(billed(ccm)).toEqual([]);
    expect(decided(find(ccm, '99490'), 'CCM_ONE_PRACTITIONER')).toMatchObject({ over: ['99490'] });
    // A CCM claim elsewhere in ANOTHER month does not count.
    expect(billed(run({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], claimsElsewhere: [elsewhere('99490', 'CCM', 2026, 2)] }))).toEqual(['99490']);
    const apcm = run({ billingType: 'APCM', timeEntries: [entry('APCM', 5)], claimsElsewhere: [elsewhere('G0557', 'APCM', 2026, 3)] });
    expect(decided(find(apcm, 'G0557'), 'APCM_ONE_PRACTITIONER')).toMatchObject({ over: ['G0557'] });
  });
});

describe('every precedence rule', () => {
  it('has a source and a reference, and a test above that saw its decision in the evidence', () => {
    for (const [id, rule] of Object.entries(precedenceRules)) {
      expect(rule.id).toBe(id);
      expect(rule.source.length, id).toBeGreaterThan(10);
      expect(rule.reference.length, id).toBeGreaterThan(0);
    }
    expect([...seen].sort()).toEqual(Object.keys(precedenceRules).sort());
  });
});

describe("a note's day of service (not the day it was written)", () => {
  it('is the day of the time entry it documents, else the day written inside the note month, else the month edge', () => {
    expect(noteServiceDay({ timeEntryDay: '2026-03-12', writtenDay: '2026-04-02' }, 2026, 3)).toEqual({ day: '2026-03-12', daySource: 'timeEntry' });
    expect(noteServiceDay({ timeEntryDay: null, writtenDay: '2026-03-20' }, 2026, 3)).toEqual({ day: '2026-03-20', daySource: 'written' });
    expect(noteServiceDay({ timeEntryDay: null, writtenDay: '2026-04-02' }, 2026, 3)).toEqual({ day: '2026-03-31', daySource: 'noteMonth' });
  });

  it('dates an APCM month by the note it rests on: a note written in April for March is dated in March', () => {
    const claims = run({ billingType: 'APCM', notes: [{ id: 1, medicalNoteId: 1, program: 'APCM', timeEntryDay: null, writtenDay: '2026-04-03', authorId: PRACTITIONER, categoryType: '' }] });
    expect(find(claims, 'G0557')!.datesOfService).toEqual(['2026-03-31']);
    expect(find(claims, 'G0557')!.evidence.notes).toEqual([{ id: 1, medicalNoteId: 1, day: '2026-03-31', daySource: 'noteMonth', authorId: PRACTITIONER }]);
  });
});
