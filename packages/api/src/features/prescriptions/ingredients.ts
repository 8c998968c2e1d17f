/**
 * Ingredient names to the "active moiety" the duplicate warning compares (docs/prescriptions.md
 * "Duplicate warning"): two active prescriptions of the same patient that share a moiety are a
 * therapeutic duplicate to check (metoprolol succinate and metoprolol tartrate; metformin
 * hydrochloride immediate and extended release), as FDA's Orange Book groups products by active
 * moiety ("the molecule ... excluding those appended portions of the molecule that cause the drug
 * to be an ester, salt ... or other noncovalent derivative", 21 CFR 314.3).
 *
 * Pure text rules, no database: lower-case, single spaces, and the salt and hydrate words of
 * SALT_WORDS dropped from the END of the name while another word remains ("levothyroxine sodium"
 * -> "levothyroxine", "sodium chloride" stays, "amlodipine besylate" -> "amlodipine").
 */

/**
 * Counter-ions, esters and hydrates that end USAN/USP salt names (USP Salt Policy, the FDA SRS
 * names of the NDC Directory's SUBSTANCENAME). A name ending in one of them names the same moiety
 * as the name without it.
 */
export const SALT_WORDS: ReadonlySet<string> = new Set([
  'acetate', 'anhydrous', 'besylate', 'bitartrate', 'bromide', 'calcium', 'citrate', 'dihydrate', 'dihydrochloride', 'dipropionate',
  'disodium', 'fumarate', 'furoate', 'gluconate', 'hcl', 'hemihydrate', 'hyclate', 'hydrobromide', 'hydrochloride', 'lactate', 'magnesium', 'maleate',
  'mesylate', 'monohydrate', 'monosodium', 'phosphate', 'potassium', 'propionate', 'sodium', 'succinate', 'sulfate', 'tartrate', 'trihydrate',
]);

/** The active moiety of one ingredient name, lower case ("METFORMIN HYDROCHLORIDE" -> "metformin"); '' for a blank name. */
export function activeMoiety(name: string): string {
  const words = name.toLowerCase().replace(/[^a-z0-9 ,.-]+/g, ' ').replace(/,/g, ' ').trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && SALT_WORDS.has(words[words.length - 1]!)) { words.pop(); }
  return words.join(' ');
}

/** The distinct active moieties of a product's ingredients, sorted. */
export function moietiesOf(ingredientNames: readonly string[]): string[] {
  return [...new Set(ingredientNames.map(activeMoiety).filter((m) => m !== ''))].sort();
}

/** The moieties two ingredient-key lists share, sorted ([] when none). */
export function sharedMoieties(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b);
  return [...new Set(a.filter((m) => other.has(m)))].sort();
}
