import { describe, expect, it } from 'vitest';
import { basisPointsOf, computeInvoice, percentOfCents, type InvoiceFacts } from './compute';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  lines: [
    { hospitalId: 1, description: 'North', quantity: 12, unitPriceCents: 4_999 },
    { hospitalId: 2, description: 'South', quantity: 3, unitPriceCents: 4_999 },
  ],
  discountCents: 0,
  discountBasisPoints: 0,
  taxBasisPoints: 0,
  ...over,
});

function totals(over: Partial<InvoiceFacts> = {}) {
  const r = computeInvoice(facts(over));
  if (!r.ok) { throw new Error(r.reason); }
  return r.totals;
}

describe('invoice arithmetic', () => {
  it('multiplies each office line and sums the subtotal in cents', () => {
    const t = totals();
    expect(t.lines.map((l) => l.amountCents)).toEqual([59_988, 14_997]);
    expect(t.subtotalCents).toBe(74_985);
    expect(t.grandTotalCents).toBe(74_985);
  });

  it('takes an amount discount as given and taxes what remains', () => {
    const t = totals({ discountCents: 4_985, taxBasisPoints: 825 });
    expect(t.discountAmountCents).toBe(4_985);
    expect(t.taxableCents).toBe(70_000);
    expect(t.taxAmountCents).toBe(5_775); // 8.25 % of 700.00
    expect(t.grandTotalCents).toBe(75_775);
  });

  it('computes a percentage discount of the subtotal, rounding half a cent up', () => {
    // 10 % of 749.85 = 74.985 -> 74.99
    const t = totals({ discountBasisPoints: 1000 });
    expect(t.discountAmountCents).toBe(7_499);
    expect(t.grandTotalCents).toBe(74_985 - 7_499);
  });

  it('rounds tax below half a cent down and from half a cent up', () => {
    expect(percentOfCents(1_001, 50)).toBe(5); // 5.005 -> 5
    expect(percentOfCents(1_000, 50)).toBe(5); // 5.000
    expect(percentOfCents(1_010, 50)).toBe(5); // 5.05 -> 5
    expect(percentOfCents(1_090, 50)).toBe(5); // 5.45 -> 5
    expect(percentOfCents(1_100, 50)).toBe(6); // 5.5 -> 6
    expect(percentOfCents(3, 5_000)).toBe(2); // 1.5 -> 2
  });

  it('never loses a cent to binary floating point (0.1 + 0.2)', () => {
    const t = totals({ lines: [{ hospitalId: 1, description: 'A', quantity: 1, unitPriceCents: 10 }, { hospitalId: 2, description: 'B', quantity: 1, unitPriceCents: 20 }] });
    expect(t.subtotalCents).toBe(30);
    expect(basisPointsOf(8.25)).toBe(825);
    expect(basisPointsOf(0.07)).toBe(7);
    expect(basisPointsOf(33.33)).toBe(3333);
  });

  it('stays exact for large amounts (5,000 patients at $1,234.56)', () => {
    const t = totals({ lines: [{ hospitalId: 1, description: 'A', quantity: 5_000, unitPriceCents: 123_456 }], taxBasisPoints: 725 });
    expect(t.subtotalCents).toBe(617_280_000);
    expect(t.taxAmountCents).toBe(44_752_800);
    expect(t.grandTotalCents).toBe(662_032_800);
  });

  it('refuses an amount discount larger than the subtotal', () => {
    expect(computeInvoice(facts({ discountCents: 74_986 }))).toEqual({ ok: false, reason: 'discountExceedsSubtotal' });
  });

  it('a 100 % discount leaves nothing to tax', () => {
    const t = totals({ discountBasisPoints: 10_000, taxBasisPoints: 1_000 });
    expect(t.discountAmountCents).toBe(74_985);
    expect(t.taxAmountCents).toBe(0);
    expect(t.grandTotalCents).toBe(0);
  });

  it('refuses fractional or negative facts', () => {
    expect(computeInvoice(facts({ discountCents: 1.5 })).ok).toBe(false);
    expect(computeInvoice(facts({ taxBasisPoints: 10_001 })).ok).toBe(false);
    expect(computeInvoice(facts({ lines: [{ hospitalId: 1, description: 'A', quantity: -1, unitPriceCents: 1 }] })).ok).toBe(false);
  });

  it('gives an empty invoice a zero total', () => {
    const t = totals({ lines: [] });
    expect(t.grandTotalCents).toBe(0);
  });

  it('says how each figure was reached', () => {
    const t = totals({ discountBasisPoints: 1000, taxBasisPoints: 825 });
    expect(t.evidence.join('\n')).toMatch(/discount = 10 % of 74985 = 7499/);
  });
});
