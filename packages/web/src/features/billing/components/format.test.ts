import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('billing amounts (docs/billing-engine.md "Amounts")', () => {
  it('shows a missing amount as "no amount loaded", never $0.00', () => {
    expect(formatMoney(null, 'en')).toBe('no amount loaded');
    expect(formatMoney(null, 'es')).toBe('sin importe cargado');
    expect(formatMoney(undefined, 'en')).toBe('no amount loaded');
  });

  it('shows a loaded amount in dollars, $0.00 included', () => {
    expect(formatMoney(4743, 'en')).toBe('$47.43');
    expect(formatMoney(0, 'en')).toBe('$0.00');
  });
});
