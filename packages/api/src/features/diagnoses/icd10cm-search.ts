/**
 * The ICD-10-CM search's rules (docs/diagnoses.md "Search"), pure: how a typed query is read, and
 * how the candidates the database found are ranked. The database narrows (icd10cm.repo.ts: code
 * prefix through a btree, words and typos through pg_trgm); this ranks.
 *
 * Order: the exact code first; then billable codes before categories and subcategories (only a
 * billable code may be chosen); then by how well the words match: a description word that starts
 * with the typed word, then a description that contains it, then an alphabetic-index term, then a
 * typo-tolerant (trigram) match; ties go to the shorter code (the less specific "without
 * complications" E11.9 before E11.65) and the shorter description.
 */

/** How a query is searched: as a code prefix ("E11.9", "e11", "I1") or as words ("type 2 diab"). */
export type Icd10cmQuery =
  | { kind: 'code'; compact: string }
  | { kind: 'words'; tokens: string[] }
  | { kind: 'none' };

/** A letter, a digit, then optionally more code characters (a dot anywhere after the third). */
const CODE_QUERY = /^[a-z][0-9]([0-9a-z]([.]?[0-9a-z]{0,4})?|[.])?$/i;

/**
 * Reads a query: a code prefix when it looks like one (upper-cased, dot removed); else its words
 * (lower case, split on anything but letters and digits, at most 6). A words query needs one word
 * of 3 or more characters ("ty" alone would match half the code set): { kind: 'none' } otherwise.
 */
export function readIcd10cmQuery(q: string): Icd10cmQuery {
  const text = q.trim();
  if (CODE_QUERY.test(text)) { return { kind: 'code', compact: text.toUpperCase().replace(/\./g, '') }; }
  const tokens = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  if (!tokens.some((t) => t.length >= 3)) { return { kind: 'none' }; }
  return { kind: 'words', tokens };
}

/** A candidate row as the repo finds it. */
export interface Icd10cmCandidate {
  code: string;
  codeCompact: string;
  description: string;
  billable: boolean;
  category: string;
  /** Index terms, " | "-separated. */
  terms: string;
}

export interface RankedHit extends Icd10cmCandidate {
  /** The index term that matched when the description did not hold every word; else null. */
  matchedTerm: string | null;
  score: number;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Whether `token` starts a word of `text` (at the start, or after a character that is not a letter or digit). */
function startsWord(text: string, token: string): boolean {
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) { if (!isWordChar(text[at - 1])) { return true; } }
  return false;
}

/** Points one typed word earns in a description or term (0: not found there). */
function wordPoints(text: string, token: string, start: number, inside: number): number {
  if (startsWord(text, token)) { return start; }
  if (token.length >= 3 && text.includes(token)) { return inside; }
  return 0;
}

/**
 * Ranks `candidates` for `query` (see the file comment) and keeps the first `limit`. A code query
 * ranks the exact code, then billable, then shorter codes, then by code; a words query ranks
 * billable first, then the word score, then shorter codes and descriptions.
 */
export function rankIcd10cm(query: Icd10cmQuery, candidates: readonly Icd10cmCandidate[], limit: number): RankedHit[] {
  if (query.kind === 'none') { return []; }
  if (query.kind === 'code') {
    return candidates
      .filter((c) => c.codeCompact.startsWith(query.compact))
      .map((c) => ({ ...c, matchedTerm: null, score: c.codeCompact === query.compact ? 1 : 0 }))
      .sort((a, b) => b.score - a.score || Number(b.billable) - Number(a.billable) || a.codeCompact.length - b.codeCompact.length || a.codeCompact.localeCompare(b.codeCompact))
      .slice(0, limit);
  }
  const whole = query.tokens.join(' ');
  const hits = candidates.map((c) => {
    const description = c.description.toLowerCase();
    const allTerms = c.terms.toLowerCase();
    // Most candidates match in the description: their terms are split only when a word needs them.
    const terms = c.terms ? c.terms.split(' | ') : [];
    const lowerTerms = allTerms ? allTerms.split(' | ') : [];
    const inTermsAtAll = (token: string) => allTerms.includes(token);
    let score = 0;
    let allInDescription = true;
    for (const token of query.tokens) {
      const inDescription = wordPoints(description, token, 3, 2);
      if (inDescription > 0) {
        score += inDescription;
        continue;
      }
      allInDescription = false;
      const inTerms = inTermsAtAll(token) ? Math.max(0, ...lowerTerms.map((t) => wordPoints(t, token, 1.5, 1))) : 0;
      score += inTerms > 0 ? inTerms : 0.5; // found by the trigram (typo-tolerant) match
    }
    if (allInDescription) { score += 1; }
    // Typed words next to each other in the description as typed ("type 2"): a phrase.
    for (let i = 0; i + 1 < query.tokens.length; i++) { if (startsWord(description, `${query.tokens[i]} ${query.tokens[i + 1]}`)) { score += 1; } }
    // An index entry that holds every typed word is the index pointing at this very code; one
    // that is exactly what was typed ("Dyslipidemia") is its main term.
    const everyToken = query.tokens.every(inTermsAtAll);
    const exactIndex = everyToken ? lowerTerms.findIndex((t) => t.replace(/[^\p{L}\p{N}]+/gu, ' ').trim() === whole) : -1;
    const termIndex = exactIndex >= 0 ? exactIndex : everyToken ? lowerTerms.findIndex((t) => query.tokens.every((token) => wordPoints(t, token, 1, 1) > 0)) : -1;
    if (exactIndex >= 0) { score += 2; }
    else if (termIndex >= 0) { score += 1; }
    const matchedTerm = allInDescription ? null : (terms[termIndex] ?? terms.find((_, i) => query.tokens.some((token) => inTermsAtAll(token) && wordPoints(lowerTerms[i]!, token, 1, 1) > 0)) ?? null);
    return { ...c, matchedTerm, score };
  });
  return hits
    .sort(
      (a, b) =>
        Number(b.billable) - Number(a.billable) ||
        b.score - a.score ||
        a.codeCompact.length - b.codeCompact.length ||
        a.description.length - b.description.length ||
        a.codeCompact.localeCompare(b.codeCompact),
    )
    .slice(0, limit);
}
