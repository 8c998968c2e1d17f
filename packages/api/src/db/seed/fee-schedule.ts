/**
 * The national, non-facility fee schedule seeded at start-up (an admin then loads the real CMS
 * PFS/RVU amounts; docs/billing-engine.md "Amounts": amounts come from the fee-schedule table,
 * never from constants in the rules). Source of every amount: shared/reference/billing-rules.md
 * section 8 (rough national guides: CY2025 at CF 32.3465, CY2026 at CF 33.4009 non-QP), named per
 * row in its description; where the reference's sources conflict the value chosen is named.
 *
 * Codes the engine produces WITHOUT an amount here, because the reference gives no figure for the
 * year (docs/billing-engine.md "Amounts"; the engine then shows "no amount loaded" and never
 * decides by them):
 * - CY2026: 99491, 99437, 99487, 99489 (CCM), 99425, 99426, 99427 (PCM), 99484, 99492, 99493,
 *   99494 (BHI / CoCM), G0556, G0557, G0558 (APCM: "2026 amounts UNCONFIRMED"), G0568, G0569,
 *   G0570 (APCM BH add-ons), G3002 (only a 2023 figure), 98978 and 98986 (contractor-priced /
 *   Medicare status UNCONFIRMED).
 * - CY2025: every code but 99453, 99454, 99457, 99458 and G0556-G0558 (99445, 99470, 98979,
 *   98984-98986 and G0568-G0570 did not exist before 2026).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { feeSchedule } from '../schema/index';

export interface FeeRow {
  code: string;
  amountCents: number;
  description: string;
}

/** CY2026 (CF 33.4009, non-QP), reference section 8. */
export const feeSchedule2026: FeeRow[] = [
  { code: '99453', amountCents: 1837, description: 'RPM set-up; rvudoc $18.37 (sources conflict: $18.75, ~$21-22)' },
  { code: '99454', amountCents: 4743, description: 'RPM supply 16-30 days; paid as 99445 per CMS (sources ~$47-49.10)' },
  { code: '99445', amountCents: 4743, description: 'RPM supply 2-15 days; circle.healthcare $47.43' },
  { code: '99470', amountCents: 2600, description: 'RPM management first 10 min; ~$26' },
  { code: '99457', amountCents: 5128, description: 'RPM management first 20 min; rhythm360 $51.28' },
  { code: '99458', amountCents: 3707, description: 'RPM each additional 20 min; rvudoc $37.07 (conflict: ~$41)' },
  { code: '98975', amountCents: 2000, description: 'RTM set-up; 1access $20' },
  { code: '98976', amountCents: 4743, description: 'RTM respiratory supply 16-30 days; crosswalked to 99454' },
  { code: '98977', amountCents: 4000, description: 'RTM MSK supply 16-30 days; 1access $40 before the PE correction (UNCONFIRMED)' },
  { code: '98984', amountCents: 4743, description: 'RTM respiratory supply 2-15 days; crosswalked to 99454' },
  { code: '98985', amountCents: 3600, description: 'RTM MSK supply 2-15 days; 1access $36 before the PE correction (UNCONFIRMED)' },
  { code: '98979', amountCents: 2600, description: 'RTM management first 10 min; 1access $26' },
  { code: '98980', amountCents: 5400, description: 'RTM management first 20 min; 1access $54' },
  { code: '98981', amountCents: 4100, description: 'RTM each additional 20 min; 1access $41' },
  { code: '99490', amountCents: 6613, description: 'CCM first 20 min; cptcodecalculator $66.13 (~$62 elsewhere)' },
  { code: '99439', amountCents: 4900, description: 'CCM each additional 20 min; ~$48-50' },
  { code: '99424', amountCents: 8800, description: 'PCM first 30 min physician; ccnhealth ~$88' },
  { code: 'G3003', amountCents: 3173, description: 'Chronic pain management each additional 15 min; rvuedge $31.73' },
];

/** CY2025 (CF 32.3465), reference section 8. */
export const feeSchedule2025: FeeRow[] = [
  { code: '99453', amountCents: 1973, description: 'RPM set-up; prescribefit, tenovi' },
  { code: '99454', amountCents: 4302, description: 'RPM supply; prescribefit, integralhs' },
  { code: '99457', amountCents: 4787, description: 'RPM management first 20 min; prescribefit' },
  { code: '99458', amountCents: 3849, description: 'RPM each additional 20 min; medpayiq RVU25A' },
  { code: 'G0556', amountCents: 1520, description: 'APCM <=1 condition; Tile Health, healthmonix' },
  { code: 'G0557', amountCents: 4884, description: 'APCM 2+ conditions; Tile Health, healthmonix' },
  { code: 'G0558', amountCents: 11000, description: 'APCM 2+ conditions and QMB; Tile Health, healthmonix' },
];

/** The seeded schedules by year. */
export const seededFeeSchedules: Record<number, FeeRow[]> = { 2025: feeSchedule2025, 2026: feeSchedule2026 };

/** The seeded amounts of a year as code -> cents (engine tests and fallbacks). */
export const seededFees = (year: number): Record<string, number> => Object.fromEntries((seededFeeSchedules[year] ?? []).map((r) => [r.code, r.amountCents]));

/**
 * Rows an earlier seed put into CY2026 with the CY2025 APCM amounts although the reference gives
 * no CY2026 figure ("2026 amounts UNCONFIRMED"): removed when still exactly as seeded (same amount
 * and description), so an amount an admin loaded stays.
 */
export const withdrawnSeedRows: { year: number; code: string; amountCents: number; description: string }[] = [
  { year: 2026, code: 'G0556', amountCents: 1520, description: 'APCM <=1 condition; 2025 amount, 2026 UNCONFIRMED' },
  { year: 2026, code: 'G0557', amountCents: 4884, description: 'APCM 2+ conditions; 2025 amount, 2026 UNCONFIRMED' },
  { year: 2026, code: 'G0558', amountCents: 11000, description: 'APCM 2+ conditions and QMB; 2025 amount, 2026 UNCONFIRMED' },
];

/**
 * Brings the NATIONAL fee schedule up to {@link seededFeeSchedules} on every start, on a new and an
 * existing database alike: inserts each seeded (year, code) that has no NATIONAL row yet and never
 * touches an existing row (an admin's amount wins), and removes the {@link withdrawnSeedRows} that
 * still hold exactly the seeded values. Idempotent.
 */
export async function seedFeeSchedule(db: Db): Promise<void> {
  for (const [year, fees] of Object.entries(seededFeeSchedules)) {
    await db
      .insert(feeSchedule)
      .values(fees.map((f) => ({ year: Number(year), code: f.code, locality: 'NATIONAL', amountCents: f.amountCents, description: f.description })))
      .onConflictDoNothing();
  }
  for (const w of withdrawnSeedRows) {
    await db
      .delete(feeSchedule)
      .where(
        and(
          eq(feeSchedule.year, w.year),
          eq(feeSchedule.code, w.code),
          eq(feeSchedule.locality, 'NATIONAL'),
          eq(feeSchedule.amountCents, w.amountCents),
          eq(feeSchedule.description, w.description),
        ),
      );
  }
}
