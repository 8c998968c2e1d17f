/**
 * Precedence between mutually exclusive codes (reference billing-rules.md section 9 and the
 * within-family exclusions listed under it). One table, {@link precedenceRules}: each exclusion
 * names the codes it separates, how the engine decides which one is billed, and the source.
 *
 * How a decision is made (docs/billing-engine.md, "Precedence"):
 * - A coding rule that ranks the codes decides (complex CCM over non-complex CCM when complex CCM's
 *   requirements are met; CoCM over general BHI when CoCM's are met; the day band or the minutes
 *   pick 99445 or 99454, 99470 or 99457 ...). Amounts play no part.
 * - Where the reference leaves the choice to the practice (the patient's billing type, spec
 *   section 5), the billing type decides. Amounts play no part.
 * - Only where the rules leave a real choice between codes whose requirements are all met
 *   (99491 vs 99490; 99424 vs 99426) do amounts decide, and only when EVERY amount is loaded in
 *   the fee schedule. A missing amount is never read as $0: the rule's documented order decides
 *   and the evidence says which amounts were not loaded.
 * Pure: no database.
 */
import type { BilingualText } from './settings';
import { t } from './reasons';
import type { EngineClaim, PrecedenceBasis, PrecedenceEvidence } from './types';

export type { PrecedenceBasis };

export interface PrecedenceRule {
  id: string;
  /** The codes or programs that exclude each other. */
  codes: string;
  /** Which one is billed, in words. */
  winner: string;
  basis: PrecedenceBasis;
  /** Reference rule ids / sections. */
  reference: string[];
  /** The primary or secondary source the reference cites. */
  source: string;
}

const r = (id: string, codes: string, winner: string, basis: PrecedenceBasis, reference: string[], source: string): PrecedenceRule => ({ id, codes, winner, basis, reference, source });

/**
 * Every exclusion of reference section 9 with its precedence (mirrored in docs/billing-engine.md,
 * "Precedence"). Order: within code families first, then between programs, then across offices.
 */
export const precedenceRules = {
  RPM_SUPPLY_BAND: r('RPM_SUPPLY_BAND', '99445 / 99454', '16-30 days -> 99454; 2-15 days -> 99445 (not additive)', 'facts', ['§1.1', '§9'], 'CPT 2026 descriptors via rimidi.com; nixonlawgroup 2026 final rule summary ("not additive")'),
  RTM_SUPPLY_BAND: r('RTM_SUPPLY_BAND', '98984/98985/98986 / 98976/98977/98978', 'same system: 16-30 days -> 98976-98978; 2-15 days -> 98984-98986', 'facts', ['§2', '§9'], 'CPT 2026 via AAPC 2026 RTM/RPM article; CMS CR 14250 via fairpath.ai'),
  RPM_MGMT_BAND: r('RPM_MGMT_BAND', '99470 / 99457+99458', '20+ minutes -> 99457 (+99458); 10-19 -> 99470; 99458 is an add-on to 99457 only', 'facts', ['§1.1', '§1.2', '§9'], 'CPT 2026 via rimidi.com, imstx.net; integralhs.com ("99457 ... mutually exclusive with 99470")'),
  RTM_MGMT_BAND: r('RTM_MGMT_BAND', '98979 / 98980+98981', '20+ minutes -> 98980 (+98981); 10-19 -> 98979', 'facts', ['§2', '§9'], 'CPT 2026 via fairpath.ai RTM 2026 update; getorva.com'),
  CCM_FAMILY: r(
    'CCM_FAMILY',
    '99487+99489 / 99491+99437 / 99490+99439',
    'complex CCM 99487 when its requirements are met (60 minutes, care plan established or substantially revised); otherwise 99491 or 99490: the higher amount when both are loaded, else 99491 (documented order)',
    'codingRule',
    ['§3', '§9'],
    'CPT via codapedia.com: complex and non-complex CCM are not reported in the same month; "Do not report 99491 in the same calendar month as 99487, 99489, 99490"; CMS MLN909188 (CCM booklet)',
  ),
  PCM_FAMILY: r('PCM_FAMILY', '99424+99425 / 99426+99427', 'the higher amount when both are loaded, else 99424 (documented order)', 'amountThenOrder', ['§4'], 'NGS Medicare PCM page (descriptors: physician/QHP personally vs clinical staff)'),
  COCM_OVER_BHI: r(
    'COCM_OVER_BHI',
    '99492/99493(+99494) / 99484',
    'CoCM when its requirements are met (99492 >= 36 minutes in the first month, 99493 >= 31 later); otherwise general BHI',
    'codingRule',
    ['§6', '§9'],
    'CMS CY2017 PFS final rule CMS-1654-F p. 278 ("A single practitioner must choose whether to report psychiatric CoCM code(s) ... or the general BHI code"); CoCM is the more specific model (psychiatric consultant and BH care manager), general BHI covers integration that does not meet it (AAFP BHI page)',
  ),
  COCM_INITIAL_SUBSEQUENT: r('COCM_INITIAL_SUBSEQUENT', '99492 / 99493', "the patient's first CoCM month -> 99492, later months -> 99493", 'facts', ['§6', '§9'], 'CPT via bcbsnd reimbursement policy; AAFP'),
  RPM_RTM: r('RPM_RTM', 'RPM / RTM', "the patient's billing type (RTM for an RTM patient, else RPM)", 'billingType', ['C3', '§9'], 'CY2024 PFS final rule via rpmlogix.com ("patients may not concurrently enroll in RPM and RTM"); mtelehealth.com'),
  APCM_BUNDLES_CCM_PCM: r(
    'APCM_BUNDLES_CCM_PCM',
    'APCM / CCM, PCM',
    'APCM (it bundles CCM and PCM), unless the billing type is CCM or PCM',
    'billingType',
    ['§5', '§9'],
    'CY2025 PFS final rule via AAFP APCM page (APCM bundles CCM and PCM); tilehealthcare.com ("strict prohibition against concurrent billing with CCM or PCM")',
  ),
  CCM_PCM: r('CCM_PCM', 'CCM / PCM (same practitioner)', "the patient's billing type (PCM for a PCM patient, else CCM)", 'billingType', ['§4', '§9'], 'namas.co; ccnhealth.com PCM overview'),
  APCM_BH_ADDONS: r('APCM_BH_ADDONS', '99484, 99492, 99493, 99494 / G0568, G0569, G0570', 'in an APCM month G0570 replaces 99484, G0568 99492, G0569 99493; 99494 is dropped', 'codingRule', ['§5', '§9'], 'CY2026 PFS final rule via fairpath.ai APCM behavioral health add-on 2026; mha.org'),
  DEVICE_ONE_PRACTITIONER: r(
    'DEVICE_ONE_PRACTITIONER',
    '99453, 99454, 99445 (98975-98986) in overlapping 30-day periods of two offices',
    'the office that billed first; 99453 / 98975 once per episode across offices',
    'firstBilled',
    ['C2', '§1.1'],
    'CY2024 PFS final rule via rpmlogix.com and mtelehealth.com ("Only one practitioner can bill..."); AMA innovationmatch ("Report this code only once per episode of care")',
  ),
  RPM_RTM_ELSEWHERE: r('RPM_RTM_ELSEWHERE', 'RPM here / RTM in another office (and back)', 'the office that billed first', 'firstBilled', ['C3'], 'CY2024 PFS final rule via rpmlogix.com ("patients may not concurrently enroll in RPM and RTM"); blog.nsightcare.com RTM 2026 guide'),
  CCM_ONE_PRACTITIONER: r('CCM_ONE_PRACTITIONER', 'CCM in two offices', 'the office that billed first', 'firstBilled', ['§3'], 'NGS Medicare CCM page ("Only one practitioner may be paid for CCM per calendar month")'),
  APCM_ONE_PRACTITIONER: r('APCM_ONE_PRACTITIONER', 'APCM in two offices', 'the office that billed first', 'firstBilled', ['§5'], 'healthmonix ("Only one practitioner may bill APCM per patient per month")'),
  PCM_CCM_DIFFERENT_PRACTITIONER: r('PCM_CCM_DIFFERENT_PRACTITIONER', 'PCM / CCM by different practitioners', 'setting PCM_CCM_DIFFERENT_PRACTITIONER (default flag)', 'setting', ['§4', '§9', '§11 item 6'], 'UNCONFIRMED in the reference'),
  COCM_WITH_CCM_PCM: r('COCM_WITH_CCM_PCM', 'CoCM / CCM, PCM', 'setting COCM_WITH_CCM_PCM (default allow)', 'setting', ['§9'], 'UNCONFIRMED in the reference (oncare360 for BHI with CCM)'),
  CPM_CONCURRENCY: r('CPM_CONCURRENCY', 'G3002/G3003 / other programs', 'setting CPM_CONCURRENCY (default flag)', 'setting', ['§7', '§9', '§11 item 8'], 'UNCONFIRMED in the reference'),
} as const satisfies Record<string, PrecedenceRule>;

export type PrecedenceRuleId = keyof typeof precedenceRules;

/** The evidence of one precedence decision (no amounts: the rule decided, not the price). */
export function precedenceEvidence(id: PrecedenceRuleId, kept: string | null, over: string[], basis: PrecedenceBasis = precedenceRules[id].basis): PrecedenceEvidence {
  const rule = precedenceRules[id];
  return { rule: id, basis, source: rule.source, kept, over };
}

/** Adds a precedence decision to a claim's evidence (and the rule's reference ids); a later decision of the same rule replaces the earlier one. */
export function withPrecedence(c: EngineClaim, p: PrecedenceEvidence): void {
  const earlier = (c.evidence.precedence ?? []).filter((x) => x.rule !== p.rule);
  c.evidence = { ...c.evidence, rules: [...new Set([...c.evidence.rules, ...precedenceRules[p.rule as PrecedenceRuleId].reference])], precedence: [...earlier, p] };
}

/** A family of codes: a base code and its add-ons (billable and suppressed claims). */
export interface Family {
  base: string;
  claims: EngineClaim[];
}

/**
 * The family's amount: fee x units of its billable claims in cents, or null when any billable
 * code has no amount in the fee schedule (never counted as 0). `missing` lists those codes.
 */
export function familyAmount(f: Family, fees: Record<string, number>): { cents: number | null; missing: string[] } {
  let cents = 0;
  const missing: string[] = [];
  for (const c of f.claims) {
    if (c.status !== 'billable') { continue; }
    const fee = fees[c.code];
    if (fee === undefined) { missing.push(c.code); }
    else { cents += fee * c.units; }
  }
  return { cents: missing.length > 0 ? null : cents, missing };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Picks one family among the eligible ones (those whose requirements are met) by the rule's
 * `tiers`: the first tier holding an eligible family wins over every later tier (a coding rule,
 * amounts not looked at). Inside that tier, several eligible families are a real choice: the
 * higher amount when every amount is loaded (ties: tier order), else the tier order with the
 * codes whose amount is not loaded named in the evidence and the reason.
 * Returns the winning family's claims (with the decision in their evidence) followed by each
 * losing family's base claim as suppressed with the reason in English and Spanish.
 */
export function chooseFamily(id: PrecedenceRuleId, tiers: string[][], eligible: Family[], fees: Record<string, number>, ruleText: BilingualText): EngineClaim[] {
  if (eligible.length === 0) { return []; }
  const byBase = new Map(eligible.map((f) => [f.base, f]));
  const tier = tiers.find((codes) => codes.some((code) => byBase.has(code)));
  if (!tier) { throw new Error(`precedence ${id}: no tier holds ${eligible.map((f) => f.base).join(', ')}`); }
  const inTier = tier.filter((code) => byBase.has(code)).map((code) => byBase.get(code)!);
  let best = inTier[0]!;
  let basis: PrecedenceBasis = 'codingRule';
  const amounts: Record<string, number | null> = {};
  const notLoaded: string[] = [];
  if (inTier.length > 1) {
    for (const f of inTier) {
      const a = familyAmount(f, fees);
      amounts[f.base] = a.cents;
      notLoaded.push(...a.missing);
    }
    if (notLoaded.length === 0) {
      basis = 'amount';
      for (const f of inTier) { if (amounts[f.base]! > amounts[best.base]!) { best = f; } }
    } else {
      basis = 'ruleOrderAmountMissing';
    }
  }
  const over = eligible.filter((f) => f !== best).map((f) => f.base);
  const decision: PrecedenceEvidence = { ...precedenceEvidence(id, best.base, over, basis), ...(inTier.length > 1 ? { amounts, amountsNotLoaded: notLoaded } : {}) };
  const out = best.claims.map((c) => {
    const copy = { ...c };
    if (over.length > 0) { withPrecedence(copy, decision); }
    return copy;
  });
  for (const f of eligible) {
    if (f === best) { continue; }
    const baseClaim = f.claims.find((c) => c.code === f.base)!;
    let why: BilingualText;
    if (!tier.includes(f.base)) {
      why = t(`${best.base} takes precedence when its requirements are met`, `${best.base} tiene prioridad cuando se cumplen sus requisitos`);
    } else if (basis === 'amount') {
      why = t(`${money(amounts[best.base]!)} vs ${money(amounts[f.base]!)}`, `${money(amounts[best.base]!)} frente a ${money(amounts[f.base]!)}`);
    } else {
      const list = notLoaded.join(', ');
      why = t(
        `no amount loaded in the fee schedule for ${list}: decided by the documented order ${tier.join(' before ')}`,
        `no hay importe cargado en la tabla de tarifas para ${list}: se decide por el orden documentado ${tier.join(' antes que ')}`,
      );
    }
    const suppressed: EngineClaim = { ...baseClaim, status: 'suppressed', reason: t(`${ruleText.en}: ${best.base} billed instead (${why.en})`, `${ruleText.es}: se factura ${best.base} en su lugar (${why.es})`), datesOfService: [], amountCents: null };
    withPrecedence(suppressed, decision);
    out.push(suppressed);
  }
  return out;
}
