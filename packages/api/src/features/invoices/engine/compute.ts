/**
 * Invoice arithmetic (docs/invoices.md "Arithmetic"): facts in, totals with their evidence out, no
 * database (the shape of features/billing/engine). All money is integer cents and all
 * percentages are basis points (1 % = 100), so every step is exact integer arithmetic; the only
 * rounding is of a percentage of an amount, to the nearest cent with halves away from zero
 * (ROUND_HALF_UP, the usual commercial rounding of invoice amounts).
 */

/** One office's billable patients in the month. */
export interface InvoiceLineFact {
  hospitalId: number | null;
  description: string;
  /** Billable patients (whole, >= 0). */
  quantity: number;
  /** Unit price per patient, in cents (whole, >= 0). */
  unitPriceCents: number;
}

export interface InvoiceFacts {
  lines: InvoiceLineFact[];
  /** A discount as an amount in cents; ignored when `discountBasisPoints` is above 0. */
  discountCents: number;
  /** A discount as a percentage of the subtotal, in basis points (0 to 10,000). */
  discountBasisPoints: number;
  /** Tax as a percentage of the subtotal after discount, in basis points (0 to 10,000). */
  taxBasisPoints: number;
}

export interface ComputedLine extends InvoiceLineFact {
  amountCents: number;
}

export interface InvoiceTotals {
  lines: ComputedLine[];
  subtotalCents: number;
  discountAmountCents: number;
  taxableCents: number;
  taxAmountCents: number;
  grandTotalCents: number;
  /** How each figure was reached, in words a reviewer can check. */
  evidence: string[];
}

export type InvoiceComputation = { ok: true; totals: InvoiceTotals } | { ok: false; reason: 'discountExceedsSubtotal' | 'invalidFacts' };

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * `amountCents * basisPoints / 10,000` rounded to the nearest cent, halves away from zero. BigInt,
 * so no intermediate product loses precision however large the amount.
 */
export function percentOfCents(amountCents: number, basisPoints: number): number {
  const product = BigInt(amountCents) * BigInt(basisPoints);
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  return Number(remainder * 2n >= 10_000n ? quotient + 1n : quotient);
}

/**
 * Computes an invoice: each line is quantity x unit price; the subtotal their sum; the discount
 * either the percentage of the subtotal or the amount (never more than the subtotal); tax the
 * percentage of the subtotal after discount; the grand total subtotal - discount + tax.
 * Answers `invalidFacts` for a negative, fractional or out-of-range input and
 * `discountExceedsSubtotal` for an amount discount above the subtotal.
 */
export function computeInvoice(facts: InvoiceFacts): InvoiceComputation {
  const pctOk = (bp: number) => isWhole(bp) && bp <= 10_000;
  if (!isWhole(facts.discountCents) || !pctOk(facts.discountBasisPoints) || !pctOk(facts.taxBasisPoints)) { return { ok: false, reason: 'invalidFacts' }; }
  if (facts.lines.some((l) => !isWhole(l.quantity) || !isWhole(l.unitPriceCents))) { return { ok: false, reason: 'invalidFacts' }; }
  const evidence: string[] = [];
  const lines = facts.lines.map((l) => {
    const amountCents = l.quantity * l.unitPriceCents;
    evidence.push(`${l.description}: ${l.quantity} x ${l.unitPriceCents} = ${amountCents}`);
    return { ...l, amountCents };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (!Number.isSafeInteger(subtotalCents)) { return { ok: false, reason: 'invalidFacts' }; }
  evidence.push(`subtotal = ${subtotalCents}`);
  let discountAmountCents: number;
  if (facts.discountBasisPoints > 0) {
    discountAmountCents = percentOfCents(subtotalCents, facts.discountBasisPoints);
    evidence.push(`discount = ${facts.discountBasisPoints / 100} % of ${subtotalCents} = ${discountAmountCents} (half up)`);
  } else {
    if (facts.discountCents > subtotalCents) { return { ok: false, reason: 'discountExceedsSubtotal' }; }
    discountAmountCents = facts.discountCents;
    evidence.push(`discount = ${discountAmountCents}`);
  }
  const taxableCents = subtotalCents - discountAmountCents;
  const taxAmountCents = percentOfCents(taxableCents, facts.taxBasisPoints);
  evidence.push(`tax = ${facts.taxBasisPoints / 100} % of ${taxableCents} = ${taxAmountCents} (half up)`);
  const grandTotalCents = taxableCents + taxAmountCents;
  evidence.push(`grand total = ${taxableCents} + ${taxAmountCents} = ${grandTotalCents}`);
  return { ok: true, totals: { lines, subtotalCents, discountAmountCents, taxableCents, taxAmountCents, grandTotalCents, evidence } };
}

/** A percentage with at most two decimals (12.5) as basis points (1250), exactly. */
export const basisPointsOf = (percent: number): number => Math.round(percent * 100);

/** Basis points (1250) as the percentage number the API answers (12.5). */
export const percentOf = (basisPoints: number): number => basisPoints / 100;
