/**
 * The Medicare Beneficiary Identifier (MBI) format, as CMS publishes it in "Understanding the
 * Medicare Beneficiary Identifier (MBI) Format" (cms.gov, New Medicare Card;
 * https://www.cms.gov/medicare/new-medicare-card/understanding-the-mbi.pdf): 11 characters,
 * position by position
 *
 *   1: numeric 1-9            2: alphabetic          3: alphanumeric   4: numeric 0-9
 *   5: alphabetic             6: alphanumeric        7: numeric 0-9    8: alphabetic
 *   9: alphabetic            10: numeric 0-9        11: numeric 0-9
 *
 * where "alphabetic" is the upper-case letters A-Z except S, L, O, I, B and Z (left out so they
 * cannot be read as digits). Dashes are shown on the card only for readability (1EG4-TE5-MK73)
 * and are not part of the identifier. See docs/enrolment.md.
 */

const ALPHA = '[AC-HJKMNP-RT-Y]';
const ALNUM = '[AC-HJKMNP-RT-Y0-9]';
const MBI_PATTERN = new RegExp(`^[1-9]${ALPHA}${ALNUM}[0-9]${ALPHA}${ALNUM}[0-9]${ALPHA}${ALPHA}[0-9]{2}$`);

/** The MBI as stored: upper case, without the spaces and dashes people type for readability. */
export function normaliseMbi(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether `input` (after `normaliseMbi`) follows the CMS MBI format above. */
export function isValidMbi(input: string): boolean {
  return MBI_PATTERN.test(normaliseMbi(input));
}

/** The MBI as CMS prints it on the card: 4-3-4 with dashes (1EG4-TE5-MK73). */
export function formatMbi(mbi: string): string {
  const m = normaliseMbi(mbi);
  return m.length === 11 ? `${m.slice(0, 4)}-${m.slice(4, 7)}-${m.slice(7)}` : m;
}
