import { describe, expect, it } from 'vitest';
import type { SurveyInstrumentCode } from '@vigil/contract';
import { PHQ9_ITEM9_POSITIVE, scoreSurvey, type ScoringAnswer } from './score';
import { ALERT_SEVERITY } from './bands';

/** Item scores that add up to `total` over `count` items of at most `maxItem` each (first items filled first). */
function spread(total: number, count: number, maxItem: number): number[] {
  const out: number[] = [];
  let left = total;
  for (let i = 0; i < count; i++) {
    const s = Math.min(maxItem, left);
    out.push(s);
    left -= s;
  }
  if (left !== 0) { throw new Error(`cannot spread ${total} over ${count} items`); }
  return out;
}

const items = (prefix: string, scores: number[]): ScoringAnswer[] => scores.map((score, i) => ({ itemKey: `${prefix}.${i + 1}`, score, answerText: null }));
const score = (code: SurveyInstrumentCode, answers: ScoringAnswer[], sex: 'male' | 'female' | null = null) =>
  scoreSurvey({ instrumentCode: code, answers, sex, maxTotal: null });

/** PHQ-9 with item 9 at 0, so the band alone decides. */
const phq9 = (total: number) => score('PHQ9', items('PHQ9', [...spread(total, 8, 3), 0]));

describe('PHQ-9 bands (0-4, 5-9, 10-14, 15-19, 20-27)', () => {
  it.each([
    [0, 'minimal', 0],
    [4, 'minimal', 0],
    [5, 'mild', 1],
    [9, 'mild', 1],
    [10, 'moderate', 2],
    [14, 'moderate', 2],
    [15, 'moderatelySevere', 3],
    [19, 'moderatelySevere', 3],
    [20, 'severe', 4],
    [24, 'severe', 4],
  ])('total %i -> %s (severity %i)', (total, key, severity) => {
    const s = phq9(total);
    expect(s.total).toBe(total);
    expect(s.maxTotal).toBe(27);
    expect(s.band?.key).toBe(key);
    expect(s.band?.severity).toBe(severity);
    expect(s.flags).toEqual([]);
  });

  it('scores 27 with item 9 as severe and flagged', () => {
    const s = score('PHQ9', items('PHQ9', Array(9).fill(3) as number[]));
    expect([s.total, s.band?.key, s.flags]).toEqual([27, 'severe', [PHQ9_ITEM9_POSITIVE]]);
  });

  it('alerts from 15 (moderately severe) but not at 14', () => {
    expect(phq9(14).band!.severity).toBeLessThan(ALERT_SEVERITY);
    expect(phq9(15).band!.severity).toBeGreaterThanOrEqual(ALERT_SEVERITY);
  });

  it('flags item 9 above 0 even with a minimal total, with the answer in the evidence', () => {
    const answers = items('PHQ9', [0, 0, 0, 0, 0, 0, 0, 0, 1]);
    answers[8]!.answerText = 'Several days';
    const s = score('PHQ9', answers);
    expect(s.total).toBe(1);
    expect(s.band?.key).toBe('minimal');
    expect(s.flags).toEqual([PHQ9_ITEM9_POSITIVE]);
    expect(s.evidence.find((e) => e.code === PHQ9_ITEM9_POSITIVE)?.text).toContain('"Several days" (1)');
  });

  it('does not flag item 9 at 0', () => {
    expect(score('PHQ9', items('PHQ9', [3, 3, 3, 3, 3, 2, 0, 0, 0])).flags).toEqual([]);
  });

  it('does not count item 10 (difficulty) in the total', () => {
    const s = score('PHQ9', [...items('PHQ9', [1, 1, 1, 1, 1, 0, 0, 0, 0]), { itemKey: 'PHQ9.10', score: 3, answerText: null }]);
    expect(s.total).toBe(5);
  });

  it('gives no band while a scored item is unanswered', () => {
    const s = score('PHQ9', items('PHQ9', [3, 3, 3, 3, 3, 3, 3, 3]));
    expect(s.band).toBeNull();
    expect(s.evidence[0]!.code).toBe('INCOMPLETE');
    expect(s.evidence[0]!.text).toContain('PHQ9.9');
  });
});

describe('PHQ-2 (positive at 3)', () => {
  it.each([
    [0, 'negative'],
    [2, 'negative'],
    [3, 'positive'],
    [6, 'positive'],
  ])('total %i -> %s', (total, key) => {
    const s = score('PHQ2', items('PHQ2', spread(total, 2, 3)));
    expect([s.total, s.maxTotal, s.band?.key]).toEqual([total, 6, key]);
  });
});

describe('GAD-7 bands (0-4, 5-9, 10-14, 15-21)', () => {
  it.each([
    [0, 'minimal', 0],
    [4, 'minimal', 0],
    [5, 'mild', 1],
    [9, 'mild', 1],
    [10, 'moderate', 2],
    [14, 'moderate', 2],
    [15, 'severe', 4],
    [21, 'severe', 4],
  ])('total %i -> %s (severity %i)', (total, key, severity) => {
    const s = score('GAD7', items('GAD7', spread(total, 7, 3)));
    expect([s.total, s.maxTotal, s.band?.key, s.band?.severity]).toEqual([total, 21, key, severity]);
  });
});

describe('AUDIT zones (0-7, 8-15, 16-19, 20-40)', () => {
  it.each([
    [0, 'zone1'],
    [7, 'zone1'],
    [8, 'zone2'],
    [15, 'zone2'],
    [16, 'zone3'],
    [19, 'zone3'],
    [20, 'zone4'],
    [40, 'zone4'],
  ])('total %i -> %s', (total, key) => {
    const s = score('AUDIT', items('AUDIT', spread(total, 10, 4)));
    expect([s.total, s.maxTotal, s.band?.key]).toEqual([total, 40, key]);
  });

  it('alerts in zone IV only', () => {
    expect(score('AUDIT', items('AUDIT', spread(19, 10, 4))).band!.severity).toBeLessThan(ALERT_SEVERITY);
    expect(score('AUDIT', items('AUDIT', spread(20, 10, 4))).band!.severity).toBeGreaterThanOrEqual(ALERT_SEVERITY);
  });
});

describe('AUDIT-C (positive at 4 for men, 3 for women or no sex recorded)', () => {
  it.each([
    ['male', 3, 'negative'],
    ['male', 4, 'positive'],
    ['female', 2, 'negative'],
    ['female', 3, 'positive'],
    [null, 2, 'negative'],
    [null, 3, 'positive'],
  ] as const)('%s with %i -> %s', (sex, total, key) => {
    const s = score('AUDITC', items('AUDITC', spread(total, 3, 4)), sex);
    expect([s.total, s.maxTotal, s.band?.key]).toEqual([total, 12, key]);
  });

  it('says which cut-off applied', () => {
    expect(score('AUDITC', items('AUDITC', [1, 1, 1]), null).evidence.at(-1)!.text).toContain('no sex recorded');
  });
});

describe("MDQ: positive only with 7+ yes, 'yes' to question 2 and a moderate or serious problem", () => {
  const mdq = (yes: number, sameTime: boolean, problem: number) => {
    const q1 = 'abcdefghijklm'.split('').map((l, i): ScoringAnswer => ({ itemKey: `MDQ.1${l}`, score: i < yes ? 1 : 0, answerText: null }));
    return score('MDQ', [...q1, { itemKey: 'MDQ.2', score: sameTime ? 1 : 0, answerText: null }, { itemKey: 'MDQ.3', score: problem, answerText: null }]);
  };

  it('is positive at 7 yes, same time, moderate problem', () => {
    const s = mdq(7, true, 2);
    expect([s.total, s.maxTotal, s.band?.key]).toEqual([7, 13, 'positive']);
  });
  it('is positive with 13 yes and a serious problem', () => expect(mdq(13, true, 3).band?.key).toBe('positive'));
  it('is negative at 6 yes (condition 1)', () => expect(mdq(6, true, 3).band?.key).toBe('negative'));
  it('is negative without the same period (condition 2)', () => expect(mdq(13, false, 3).band?.key).toBe('negative'));
  it('is negative with a minor problem (condition 3)', () => expect(mdq(13, true, 1).band?.key).toBe('negative'));
  it('is negative with no problem (condition 3)', () => expect(mdq(7, true, 0).band?.key).toBe('negative'));

  it('states each condition in the evidence', () => {
    const codes = mdq(6, true, 2).evidence.map((e) => [e.code, e.text.includes('not met')]);
    expect(codes).toEqual([
      ['MDQ_Q1', true],
      ['MDQ_Q2', false],
      ['MDQ_Q3', false],
      ['MDQ_BAND', false],
    ]);
  });

  it('gives no band while question 3 is unanswered', () => {
    const q1 = 'abcdefghijklm'.split('').map((l): ScoringAnswer => ({ itemKey: `MDQ.1${l}`, score: 1, answerText: null }));
    expect(score('MDQ', [...q1, { itemKey: 'MDQ.2', score: 1, answerText: null }]).band).toBeNull();
  });
});

describe('office templates', () => {
  it('sum the scores of the answers that carry one, without a band', () => {
    const s = scoreSurvey({
      instrumentCode: null,
      sex: null,
      maxTotal: 10,
      answers: [
        { itemKey: null, score: 2, answerText: 'Often' },
        { itemKey: null, score: null, answerText: 'free text' },
        { itemKey: null, score: 5, answerText: null },
      ],
    });
    expect([s.total, s.maxTotal, s.band, s.flags]).toEqual([7, 10, null, []]);
  });
});
