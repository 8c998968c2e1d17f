/** The office or organization a billing view is about. */
export type BillingScope = { kind: 'hospital'; id: number } | { kind: 'organization'; id: number };

/** A calendar month (month 1-12). */
export interface BillingMonth {
  year: number;
  month: number;
}

/** The spec's billing headers (hospitalid or organizationid, month, year) for a scope and month. */
export function periodHeaders(scope: BillingScope, period: BillingMonth) {
  return scope.kind === 'hospital'
    ? { hospitalid: scope.id, month: period.month, year: period.year }
    : { organizationid: scope.id, month: period.month, year: period.year };
}
