/**
 * Totals of amounts where some codes may have no fee-schedule amount (docs/billing-engine.md
 * "Amounts"): a missing amount is never counted as $0. The total sums the codes that have an
 * amount and says how many it leaves out.
 */

/**
 * Sums `amountCents` of the codes that have one. `cents` is null when there are codes and none has
 * an amount (nothing to add up), 0 for no codes; `withoutAmount` counts the codes left out.
 */
export function sumKnownAmounts(codes: { amountCents: number | null }[]): { cents: number | null; withoutAmount: number } {
  let cents = 0;
  let known = 0;
  for (const c of codes) {
    if (c.amountCents === null) { continue; }
    cents += c.amountCents;
    known += 1;
  }
  const withoutAmount = codes.length - known;
  return { cents: codes.length > 0 && known === 0 ? null : cents, withoutAmount };
}
