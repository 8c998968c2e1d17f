/**
 * Totals where some codes have no fee-schedule amount (docs/billing-engine.md "Amounts"): a code
 * without a loaded amount is "amount not loaded" (null), never $0.00 (reference billing-rules.md
 * section 8 gives no CY2026 figure for e.g. 99487, so none is invented).
 */
import { describe, expect, it } from 'vitest';
import { sumKnownAmounts } from './amounts';
import { computePatientMonth } from './compute';
import { entry, facts, options } from './test-fixtures';

describe('amount not loaded', () => {
  it('sums the known amounts and counts the codes left out; all unloaded is null, not 0', () => {
    expect(sumKnownAmounts([{ amountCents: 4743 }, { amountCents: null }, { amountCents: 5128 }])).toEqual({ cents: 9871, withoutAmount: 1 });
    expect(sumKnownAmounts([{ amountCents: null }, { amountCents: null }])).toEqual({ cents: null, withoutAmount: 2 });
    expect(sumKnownAmounts([])).toEqual({ cents: 0, withoutAmount: 0 });
  });

  it('bills a code without a loaded amount with amountCents null', () => {
    // 99491 (30 minutes personally by the practitioner) has no CY2026 amount seeded.
    const month = computePatientMonth(facts({ billingType: 'CCM', timeEntries: [entry('CCM', 31, { staffUserId: 100 })] }), options());
    const c = month.claims.find((x) => x.code === '99491' && x.status === 'billable');
    expect(c).toBeDefined();
    expect(c!.amountCents).toBeNull();
  });
});
