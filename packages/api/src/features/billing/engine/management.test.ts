import { describe, expect, it } from 'vitest';
import { computePatientMonth } from './compute';
import { entry, facts, NURSE, options, PRACTITIONER } from './test-fixtures';
import type { EngineClaim, PatientMonthFacts, TimeEntryFact } from './types';
import type { Program } from './codes';

/** Billable codes with units, e.g. ['99457', '99458x2']. */
const billed = (claims: EngineClaim[], program?: Program) =>
  claims.filter((c) => c.status === 'billable' && (!program || c.program === program)).map((c) => (c.units > 1 ? `${c.code}x${c.units}` : c.code));
const find = (claims: EngineClaim[], code: string) => claims.find((c) => c.code === code);

/** A month with only time entries (no readings). */
const month = (entries: TimeEntryFact[], over: Parameters<typeof facts>[0] = {}) => computePatientMonth(facts({ timeEntries: entries, ...over }), options()).claims;
const rpm = (minutes: number, interactive = true) => month([entry('RPM', minutes, { interactive })]);

describe('RPM treatment management at the minute boundaries (section 1.2, C7, C8)', () => {
  it.each([
    [9, []],
    [10, ['99470']],
    [19, ['99470']],
    [20, ['99457']],
    [39, ['99457']],
    [40, ['99457', '99458']],
    [59, ['99457', '99458']],
    [60, ['99457', '99458x2']],
    [65, ['99457', '99458x2']],
  ])('%i interactive minutes -> %j', (minutes, expected) => {
    expect(billed(rpm(minutes as number), 'RPM')).toEqual(expected);
  });

  it('9 minutes: 99470 suppressed with 10 needed', () => {
    expect(find(rpm(9), '99470')!.reason!.en).toBe('Only 9 minutes (09:00) of RPM time: 10 needed for 99470 (20 for 99457)');
  });

  it('12 minutes: 99470 billed and 99457 suppressed with the reason', () => {
    const claims = rpm(12);
    expect(find(claims, '99457')!.reason).toEqual({
      en: 'Only 12 minutes (12:00) of RPM time: 20 needed for 99457; 10 reached: 99470 billed instead',
      es: 'Solo 12 minutos (12:00) de tiempo de RPM: se necesitan 20 para 99457; se alcanzaron 10: se factura 99470 en su lugar',
    });
  });

  it('39 minutes: 99458 suppressed with 40 needed', () => {
    expect(find(rpm(39), '99458')!.reason!.en).toBe('39 minutes (39:00): 40 needed for one unit of 99458 (each full 20 minutes beyond the 20 of 99457)');
  });

  it('counts seconds: 19:59 is still 99470, 20:00 is 99457', () => {
    expect(billed(month([entry('RPM', 19, { interactive: true, extraSeconds: 59 })]), 'RPM')).toEqual(['99470']);
    expect(billed(month([entry('RPM', 10, { interactive: true }), entry('RPM', 10)]), 'RPM')).toEqual(['99457']);
  });

  it('without interactive communication at 20 and at 10 minutes: nothing, with the C8 reason', () => {
    expect(billed(rpm(20, false))).toEqual([]);
    expect(find(rpm(20, false), '99457')!.reason!.en).toMatch(/^No real-time interactive communication this month: 99457 needs/);
    expect(find(rpm(10, false), '99470')!.reason!.es).toMatch(/^No hubo comunicación interactiva en tiempo real este mes: 99470/);
  });

  it('one interactive communication in the month covers 99457 and its add-ons', () => {
    const claims = month([entry('RPM', 5, { interactive: true, day: '2026-03-02' }), entry('RPM', 55, { day: '2026-03-20' })]);
    expect(billed(claims)).toEqual(['99457', '99458x2']);
    expect(find(claims, '99457')!.evidence.interactiveContact).toMatchObject({ day: '2026-03-02', staffUserId: NURSE });
  });

  it('bills management without interactive communication when REQUIRE_INTERACTIVE_FOR_MANAGEMENT is off', () => {
    const claims = computePatientMonth(facts({ timeEntries: [entry('RPM', 20)] }), options({ REQUIRE_INTERACTIVE_FOR_MANAGEMENT: false })).claims;
    expect(billed(claims)).toEqual(['99457']);
  });

  it('caps 99458 at RPM_99458_MAX_UNITS with the reason, and follows the setting', () => {
    const f = facts({ timeEntries: [entry('RPM', 80, { interactive: true })] });
    const two = computePatientMonth(f, options()).claims;
    expect(billed(two)).toEqual(['99457', '99458x2']);
    expect(find(two, '99458')!.reason!.en).toBe('80 minutes (80:00) would give 3 units of 99458; capped at 2 (setting RPM_99458_MAX_UNITS)');
    expect(billed(computePatientMonth(f, options({ RPM_99458_MAX_UNITS: 3 })).claims)).toEqual(['99457', '99458x3']);
  });

  it('carries the time entries, the total as MM:SS and the date the threshold was reached', () => {
    const a = entry('RPM', 12, { interactive: true, day: '2026-03-03' });
    const b = entry('RPM', 8, { day: '2026-03-09', medicalNoteDetailId: 77 });
    const c = find(month([a, b]), '99457')!;
    expect(c.evidence.timeEntries!.map((e) => [e.id, e.countedSeconds, e.interactive])).toEqual([
      [a.id, 720, true],
      [b.id, 480, false],
    ]);
    expect(c.evidence.totalTime).toBe('20:00');
    expect(c.datesOfService).toEqual(['2026-03-09']);
    expect(c.practitionerUserId).toBe(PRACTITIONER);
    expect(c.amountCents).toBe(5128);
  });
});

describe('RTM treatment management (section 2)', () => {
  const rtm = (minutes: number, interactive = true) => month([entry('RTM', minutes, { interactive })], { billingType: 'RTM' });
  it.each([
    [9, []],
    [10, ['98979']],
    [19, ['98979']],
    [20, ['98980']],
    [39, ['98980']],
    [40, ['98980', '98981']],
    [60, ['98980', '98981x2']],
    [65, ['98980', '98981x2']],
  ])('%i interactive minutes -> %j', (minutes, expected) => {
    expect(billed(rtm(minutes as number), 'RTM')).toEqual(expected);
  });
  it('needs the interactive communication too', () => {
    expect(billed(rtm(25, false))).toEqual([]);
  });
});

describe('CCM eligibility: two or more chronic conditions (section 3)', () => {
  const ccm = (chronicConditions: PatientMonthFacts['chronicConditions']) =>
    computePatientMonth(facts({ billingType: 'CCM', timeEntries: [entry('CCM', 25)], chronicConditions }), options()).claims;
  const HTN = { id: 'hypertension', en: 'Hypertension', es: 'Hipertensión', codes: ['I10'] };
  const DM = { id: 'diabetes', en: 'Diabetes', es: 'Diabetes', codes: ['E11.9'] };
  it('bills 99490 with two conditions and names them in the evidence', () => {
    const claims = ccm([DM, HTN]);
    expect(billed(claims)).toEqual(['99490']);
    expect(find(claims, '99490')!.evidence.details).toMatchObject({ chronicConditions: 2, chronicConditionNames: { en: 'Diabetes (E11.9); Hypertension (I10)' } });
  });
  it('suppresses CCM with one chronic condition, naming it, and with none', () => {
    const one = ccm([DM]);
    expect(billed(one)).toEqual([]);
    expect(find(one, '99490')!.reason).toEqual({
      en: 'CCM needs two or more chronic conditions: only one, Diabetes (E11.9)',
      es: 'El CCM necesita dos o más afecciones crónicas: solo una, Diabetes (E11.9)',
    });
    expect(find(ccm([]), '99490')!.reason!.en).toBe('CCM needs two or more chronic conditions: none is on the problem list or billing profile');
  });
});

describe('CCM (section 3)', () => {
  const ccm = (minutes: number, o: Partial<TimeEntryFact> = {}, over: Parameters<typeof facts>[0] = {}, fees?: Record<string, number>) =>
    computePatientMonth(facts({ billingType: 'CCM', timeEntries: [entry('CCM', minutes, o)], ...over }), fees ? options({}, fees) : options()).claims;

  it.each([
    [19, []],
    [20, ['99490']],
    [39, ['99490']],
    [40, ['99490', '99439']],
    [59, ['99490', '99439']],
    [60, ['99490', '99439x2']],
    [65, ['99490', '99439x2']],
    [90, ['99490', '99439x2']],
  ])('%i minutes of clinical staff time -> %j', (minutes, expected) => {
    expect(billed(ccm(minutes as number))).toEqual(expected);
  });

  it('needs no interactive communication', () => {
    expect(find(ccm(20), '99490')!.status).toBe('billable');
  });

  it('19 minutes: 99490 suppressed with 20 needed', () => {
    expect(find(ccm(19), '99490')!.reason!.en).toBe('Only 19 minutes (19:00) of CCM time: 20 needed for 99490');
  });

  it('picks one CCM family, the one that pays more: 99491 over 99490 for 30 minutes by the practitioner', () => {
    const fees = { '99490': 6613, '99439': 4900, '99491': 8500, '99437': 6000 };
    const claims = ccm(30, { staffUserId: PRACTITIONER }, {}, fees);
    expect(billed(claims)).toEqual(['99491']);
    expect(find(claims, '99490')!.reason!.en).toBe('Only one CCM family per month (99490, 99491 and 99487 are mutually exclusive): 99491 billed instead ($85.00 vs $66.13)');
  });

  it('99491 needs the billing practitioner personally: 30 nurse minutes give 99490 only', () => {
    const fees = { '99490': 6613, '99491': 8500 };
    expect(billed(ccm(30, {}, {}, fees))).toEqual(['99490']);
  });

  it('99437 per full 30 practitioner minutes, capped by CCM_99437_MAX_UNITS', () => {
    const fees = { '99490': 1, '99491': 8500, '99437': 6000 };
    expect(billed(ccm(59, { staffUserId: PRACTITIONER }, {}, fees))).toEqual(['99491']);
    expect(billed(ccm(60, { staffUserId: PRACTITIONER }, {}, fees))).toEqual(['99491', '99437']);
    expect(billed(ccm(120, { staffUserId: PRACTITIONER }, {}, fees))).toEqual(['99491', '99437x2']);
    const one = computePatientMonth(facts({ billingType: 'CCM', timeEntries: [entry('CCM', 120, { staffUserId: PRACTITIONER })] }), options({ CCM_99437_MAX_UNITS: 1 }, fees)).claims;
    expect(billed(one)).toEqual(['99491', '99437']);
  });

  it('complex CCM 99487 needs 60 minutes and a care plan note; 99489 per full 30 beyond', () => {
    const fees = { '99490': 6613, '99439': 4900, '99487': 20000, '99489': 7000 };
    const note = [{ id: 5, medicalNoteId: 2, program: 'CCM' as const, timeEntryDay: null, writtenDay: '2026-03-04', authorId: PRACTITIONER, categoryType: 'CCM_CARE_PLAN' }];
    expect(billed(ccm(59, {}, { notes: note }, fees))).toEqual(['99490', '99439']);
    expect(find(ccm(59, {}, { notes: note }, fees), '99487')!.reason!.en).toBe('Complex CCM: only 59 minutes (59:00), 60 needed for 99487');
    expect(billed(ccm(60, {}, { notes: note }, fees))).toEqual(['99487']);
    expect(billed(ccm(89, {}, { notes: note }, fees))).toEqual(['99487']);
    expect(billed(ccm(90, {}, { notes: note }, fees))).toEqual(['99487', '99489']);
    expect(find(ccm(60, {}, {}, fees), '99487')!.reason!.en).toMatch(/^Complex CCM not billed: no care plan/);
    // Complex and non-complex CCM are exclusive: complex CCM is billed when its requirements are met, whatever it pays.
    const cheapComplex = ccm(60, {}, { notes: note }, { ...fees, '99487': 13000 });
    expect(billed(cheapComplex)).toEqual(['99487']);
    expect(find(cheapComplex, '99490')!.reason!.en).toBe('Only one CCM family per month (99490, 99491 and 99487 are mutually exclusive): 99487 billed instead (99487 takes precedence when its requirements are met)');
  });
});

describe('PCM (section 4)', () => {
  const pcm = (minutes: number, staffUserId = NURSE, fees?: Record<string, number>) =>
    computePatientMonth(facts({ billingType: 'PCM', timeEntries: [entry('PCM', minutes, { staffUserId })] }), fees ? options({}, fees) : options()).claims;
  it.each([
    [29, []],
    [30, ['99426']],
    [59, ['99426']],
    [60, ['99426', '99427']],
    [90, ['99426', '99427x2']],
  ])('%i clinical staff minutes -> %j', (minutes, expected) => {
    expect(billed(pcm(minutes as number))).toEqual(expected);
  });
  it('29 minutes: nothing, PCM under 30 minutes is not billed', () => {
    expect(find(pcm(29), '99426')!.reason!.en).toMatch(/^Only 29 minutes \(29:00\) of PCM time: 30 needed/);
  });
  it('the practitioner personally: 99424 (+99425) when it pays more', () => {
    expect(billed(pcm(30, PRACTITIONER))).toEqual(['99424']);
    expect(billed(pcm(60, PRACTITIONER, { '99424': 8800, '99425': 6000, '99426': 6300 }))).toEqual(['99424', '99425']);
  });
});

describe('BHI 99484 and CoCM 99492-99494 (section 6)', () => {
  const bhi = (minutes: number, activity = '', over: Parameters<typeof facts>[0] = {}) => month([entry('BHI', minutes, { activity })], { billingType: 'BHI', ...over });
  it.each([
    [19, []],
    [20, ['99484']],
  ])('general BHI %i minutes -> %j', (m, e) => expect(billed(bhi(m as number))).toEqual(e));
  it.each([
    [35, []],
    [36, ['99492']],
    [85, ['99492']],
    [86, ['99492', '99494']],
    [115, ['99492', '99494']],
    [116, ['99492', '99494x2']],
  ])('CoCM first month %i minutes -> %j', (m, e) => expect(billed(bhi(m as number, 'COCM care manager'))).toEqual(e));
  it.each([
    [30, []],
    [31, ['99493']],
    [75, ['99493']],
    [76, ['99493', '99494']],
    [106, ['99493', '99494x2']],
  ])('CoCM later month %i minutes -> %j', (m, e) => expect(billed(bhi(m as number, 'COCM', { firstCocmMonth: { year: 2026, month: 1 } }))).toEqual(e));
  it('shows the validated rating scales completed in the month in the BHI and CoCM evidence', () => {
    const phq9 = { surveyId: 7, instrumentCode: 'PHQ9', day: '2026-03-10', total: 17, band: 'moderatelySevere' };
    expect(find(bhi(20, '', { assessments: [phq9] }), '99484')!.evidence.assessments).toEqual([phq9]);
    const cocm = bhi(90, 'COCM', { assessments: [phq9] });
    expect(find(cocm, '99492')!.evidence.assessments).toEqual([phq9]);
    expect(find(cocm, '99494')!.evidence.assessments).toEqual([phq9]);
    expect(find(bhi(20), '99484')!.evidence.assessments).toEqual([]);
  });
  it('one practitioner reports CoCM or general BHI in a month, not both', () => {
    const claims = month([entry('BHI', 25), entry('BHI', 40, { activity: 'COCM' })], { billingType: 'BHI', firstCocmMonth: { year: 2026, month: 1 } });
    expect(billed(claims).length).toBe(1);
    expect(claims.filter((c) => c.status === 'suppressed' && (c.code === '99484' || c.code === '99493'))[0]!.reason!.en).toMatch(/^One practitioner reports either CoCM or general BHI/);
  });
});

describe('chronic pain management G3002/G3003 (section 7, not RTM)', () => {
  const cpm = (minutes: number, staffUserId = PRACTITIONER) => month([entry('CPM', minutes, { staffUserId })], { billingType: 'CPM' });
  it.each([
    [29, []],
    [30, ['G3002']],
    [44, ['G3002']],
    [45, ['G3002', 'G3003']],
    [59, ['G3002', 'G3003']],
    [60, ['G3002', 'G3003x2']],
  ])('%i practitioner minutes -> %j', (m, e) => expect(billed(cpm(m as number))).toEqual(e));
  it('time of other staff does not count toward G3002', () => {
    expect(billed(cpm(40, NURSE))).toEqual([]);
    expect(find(cpm(40, NURSE), 'G3002')!.reason!.en).toBe('Only 0 minutes (00:00) of chronic pain management personally by the billing practitioner: 30 needed for G3002');
  });
  it('names chronic pain management in its description, never RTM', async () => {
    const { codeInfo } = await import('./codes');
    expect(codeInfo('G3002').program).toBe('CPM');
    expect(codeInfo('G3002').en).toMatch(/^Chronic pain management/);
  });
});

describe('APCM base codes (section 5)', () => {
  const apcm = (over: Parameters<typeof facts>[0]) => computePatientMonth(facts({ billingType: 'APCM', timeEntries: [entry('APCM', 5)], ...over }), options()).claims;
  const HTN = { id: 'hypertension', en: 'Hypertension', es: 'Hipertensión', codes: ['I10'] };
  const DM = { id: 'diabetes', en: 'Diabetes', es: 'Diabetes', codes: ['E11.9', 'E11.65'] };
  it('G0556 for one or no chronic condition, G0557 for two, G0558 for two and QMB', () => {
    expect(billed(apcm({ chronicConditions: [] }))).toEqual(['G0556']);
    expect(billed(apcm({ chronicConditions: [HTN] }))).toEqual(['G0556']);
    expect(billed(apcm({ chronicConditions: [HTN, DM] }))).toEqual(['G0557']);
    expect(billed(apcm({ chronicConditions: [HTN, DM], qmb: true }))).toEqual(['G0558']);
  });
  it('counts conditions, not diagnoses, and names them in the evidence', () => {
    const [claim] = apcm({ diagnoses: ['E11.9', 'E11.65'], chronicConditions: [DM] });
    expect(claim!.code).toBe('G0556');
    expect(claim!.evidence.details).toMatchObject({ chronicConditions: 1, chronicConditionNames: { en: 'Diabetes (E11.9, E11.65)', es: 'Diabetes (E11.9, E11.65)' } });
  });
  it('needs documented APCM activity in the month', () => {
    const claims = computePatientMonth(facts({ billingType: 'APCM' }), options()).claims;
    expect(billed(claims)).toEqual([]);
    expect(find(claims, 'G0557')!.reason!.en).toMatch(/^No APCM care management documented/);
  });
});
