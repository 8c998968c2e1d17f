import { describe, expect, it } from 'vitest';
import { NotificationType } from '@vigil/contract';
import { mentalHealthAlert } from './format';

describe('mental-health alerts on the worklist (docs/assessments.md "Safety")', () => {
  it('reads the instrument, score and item 9 answer of an urgent type 12 alert', () => {
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, { instrumentCode: 'PHQ9', score: 17, item9Answer: 'Several days', surveyId: 4 })).toEqual({
      urgent: true,
      instrument: 'PHQ-9',
      score: 17,
      item9Answer: 'Several days',
    });
  });

  it('marks a type 13 alert (a high band without item 9) as not urgent and without an item 9 answer', () => {
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH_RESULT, { instrumentCode: 'GAD7', score: 18, item9Answer: null })).toEqual({
      urgent: false,
      instrument: 'GAD-7',
      score: 18,
      item9Answer: null,
    });
  });

  it('is null for reading alerts, and tolerates missing or malformed data', () => {
    expect(mentalHealthAlert(NotificationType.ABNORMAL_MEASUREMENT, { score: 3 })).toBeNull();
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, null)).toEqual({ urgent: true, instrument: null, score: null, item9Answer: null });
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, { score: '17', instrumentCode: 9 })).toEqual({ urgent: true, instrument: null, score: null, item9Answer: null });
  });

  it('shows the item 9 answer in the UI language when the alert carries the Spanish text', () => {
    const data = { instrumentCode: 'PHQ9', score: 17, item9Answer: 'Several days', item9AnswerEs: 'Varios días' };
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, data, 'es')?.item9Answer).toBe('Varios días');
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, data, 'en')?.item9Answer).toBe('Several days');
    expect(mentalHealthAlert(NotificationType.MENTAL_HEALTH, { ...data, item9AnswerEs: null }, 'es')?.item9Answer).toBe('Several days');
  });
});
