import { describe, expect, it } from 'vitest';
import { instrumentLabel, severityColor, textIn } from './format';

describe('survey display helpers', () => {
  it('writes instrument codes as clinicians do', () => {
    expect(['PHQ9', 'PHQ2', 'GAD7', 'AUDIT', 'AUDITC', 'MDQ'].map(instrumentLabel)).toEqual(['PHQ-9', 'PHQ-2', 'GAD-7', 'AUDIT', 'AUDIT-C', 'MDQ']);
  });

  it('shows a text in the UI language, falling back to the other when it is empty', () => {
    expect(textIn({ text: 'Several days', textEs: 'Varios días' }, 'es')).toBe('Varios días');
    expect(textIn({ text: 'Several days', textEs: 'Varios días' }, 'en')).toBe('Several days');
    expect(textIn({ text: 'Only English', textEs: '' }, 'es')).toBe('Only English');
  });

  it('gives every shared severity its own colour and a neutral one without a result', () => {
    const colours = [0, 1, 2, 3, 4].map(severityColor);
    expect(new Set(colours).size).toBe(5);
    expect(severityColor(null)).toBe('gray.7');
  });
});
