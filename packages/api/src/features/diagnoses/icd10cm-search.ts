/**
 * The ICD-10-CM search's rules (docs/diagnoses.md "Search"), pure: how a typed query is read, which
 * codes it names, and how they are ranked. The release's in-memory index (icd10cm-index.ts)
 * narrows; the clinical vocabulary (icd10cm-terms.ts, data/icd10cm/clinical-terms.json) reads
 * abbreviations, lay and Spanish terms into concepts and combination codes; this ranks.
 *
 * Order of a words query (`searchIcd10cm`):
 * 1. when every typed word belongs to a named concept ("htn", "type 2 diabetes", "insuficiencia
 *    cardiaca", "diabetes with ckd"): the combination codes of the concepts named (Official
 *    Guidelines I.A.15 "with", I.C.9.a: "htn with chf" -> I11.0), then each concept's codes, its
 *    default first ("diabetes" -> E11.9, guidelines I.C.4.a.2; "copd" -> J44.9);
 * 2. then the word matches (`rankIcd10cm`), the concept words read as the code set's own words:
 *    billable codes before categories (only a billable code may be chosen); obstetric (O),
 *    perinatal (P), congenital (Q), family-history (Z80-Z84) and personal-history (Z85-Z87) codes
 *    after the others unless the query says so (pregnancy, newborn, family, history: `isDemoted`);
 *    then by how well the words match (a description word that starts with the typed word, then a
 *    description that contains it, then an alphabetic-index term, then a typo correction), with a
 *    bonus for the concepts' codes, the codes a primary-care or cardiology clinic uses, and
 *    "unspecified" codes when the query gives no detail; ties go to the shorter code (the less
 *    specific "without complications" E11.9 before E11.65) and the shorter description.
 * A code query ("E11.9", "i10") lists the codes of that prefix, the exact code first; one that
 * finds no code ("t2dm" reads like a code) is searched as words.
 */
import type { ClinicalTerms, ConceptReading, SearchLang } from './icd10cm-terms';
import type { Icd10cmIndex } from './icd10cm-index';
import { foldText } from './icd10cm-terms';

/** How a query is searched: as a code prefix ("E11.9", "e11", "I1") or as words ("type 2 diab"). */
export type Icd10cmQuery =
  | { kind: 'code'; compact: string }
  | { kind: 'words'; tokens: string[]; /** Whether a word has 3 or more characters: the code set's text is searched only then (else only the clinical terms: "af", "dm"). */ lexical: boolean }
  | { kind: 'none' };

/** A letter, a digit, then optionally more code characters (a dot anywhere after the third). */
const CODE_QUERY = /^[a-z][0-9]([0-9a-z]([.]?[0-9a-z]{0,4})?|[.])?$/i;

/**
 * Reads a query: a code prefix when it looks like one (upper-cased, dot removed); else its words
 * (lower case, accents removed, split on anything but letters and digits, at most 8). Words of
 * which none has 3 or more characters are searched only among the clinical terms ("af", "dm":
 * `lexical` false; "ty" alone would match half the code set); no word at all is { kind: 'none' }.
 */
export function readIcd10cmQuery(q: string): Icd10cmQuery {
  const text = q.trim();
  if (CODE_QUERY.test(text)) { return { kind: 'code', compact: text.toUpperCase().replace(/\./g, '') }; }
  return readWords(text);
}

/** The words of a query (see readIcd10cmQuery). */
function readWords(text: string): Icd10cmQuery {
  const tokens = [...new Set(foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 8);
  if (tokens.length === 0) { return { kind: 'none' }; }
  return { kind: 'words', tokens, lexical: tokens.some((t) => t.length >= 3) };
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
  /** The description and terms folded (icd10cm-terms.ts foldText), when the index has done it once. */
  folded?: { description: string; terms: string };
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

/** What the query mentions, for `isDemoted` (icd10cm-terms.ts ConceptReading.context). */
export type QueryContext = ConceptReading['context'];

const NO_CONTEXT: QueryContext = { pregnancy: false, newborn: false, family: false, history: false };

/**
 * Whether code `codeCompact` goes after the others of a words query: obstetric (chapter 15, O) and
 * pregnancy-status codes (Z33-Z3A) unless the query speaks of pregnancy; perinatal (chapter 16, P)
 * unless of a newborn; congenital (chapter 17, Q) unless of a newborn or congenital; family history
 * (Z80-Z84) unless of family; personal history (Z85-Z87) unless of history. A primary-care or
 * cardiology clinic codes these only when the note says so (portal-spec.md section 8 "Diagnosis").
 */
export function isDemoted(codeCompact: string, context: QueryContext): boolean {
  const letter = codeCompact[0];
  if (letter === 'O') { return !context.pregnancy; }
  if (letter === 'P' || letter === 'Q') { return !context.newborn; }
  if (letter === 'Z') {
    const two = codeCompact.slice(1, 3);
    if (two >= '80' && two <= '84') { return !context.family; }
    if (two >= '85' && two <= '87') { return !context.history; }
    if (two >= '33' && two <= '3A') { return !context.pregnancy && !context.newborn; }
  }
  return false;
}

/** How `rankIcd10cm` weighs a words query beyond its words. */
export interface RankOptions {
  /** Points added to a code's word score (the concepts' and combinations' codes, `searchIcd10cm`). */
  boost?: ReadonlyMap<string, number>;
  /** Codes a primary-care or cardiology clinic uses (the clinical terms' codes): half a point. */
  common?: ReadonlySet<string>;
  /** What the query mentions (`isDemoted`). */
  context?: QueryContext;
}

/** Words that are detail: a query without them prefers the "unspecified" code. */
const DETAIL_WORDS = new Set(['unspecified', 'other', 'specified', 'without', 'with']);

/**
 * Ranks `candidates` for `query` (see the file comment) and keeps the first `limit`. A code query
 * ranks the exact code, then billable, then shorter codes, then by code; a words query ranks
 * billable first, then not demoted (`isDemoted`), then the word score (plus `options.boost`, half
 * a point for a common code, half a point for an "unspecified" or "without complications" code
 * when the query names no such detail), then shorter codes and descriptions.
 */
export function rankIcd10cm(query: Icd10cmQuery, candidates: readonly Icd10cmCandidate[], limit: number, options: RankOptions = {}): RankedHit[] {
  if (query.kind === 'none') { return []; }
  if (query.kind === 'code') {
    return candidates
      .filter((c) => c.codeCompact.startsWith(query.compact))
      .map((c) => ({ ...c, matchedTerm: null, score: c.codeCompact === query.compact ? 1 : 0 }))
      .sort((a, b) => b.score - a.score || Number(b.billable) - Number(a.billable) || a.codeCompact.length - b.codeCompact.length || a.codeCompact.localeCompare(b.codeCompact))
      .slice(0, limit);
  }
  const whole = query.tokens.join(' ');
  const context = options.context ?? NO_CONTEXT;
  const wantsDefault = !query.tokens.some((t) => DETAIL_WORDS.has(t));
  const hits = candidates.map((c) => {
    const description = c.folded?.description ?? foldText(c.description);
    const allTerms = c.folded?.terms ?? foldText(c.terms);
    // Most candidates match in the description: their terms are split only when a word needs them.
    let split: string[] | null = null;
    const lowerTermsOf = () => (split ??= allTerms ? allTerms.split(' | ') : []);
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
      const inTerms = inTermsAtAll(token) ? Math.max(0, ...lowerTermsOf().map((t) => wordPoints(t, token, 1.5, 1))) : 0;
      score += inTerms > 0 ? inTerms : 0.5; // found by the trigram (typo-tolerant) match
    }
    if (allInDescription) { score += 1; }
    // Typed words next to each other in the description as typed ("type 2"): a phrase.
    for (let i = 0; i + 1 < query.tokens.length; i++) { if (startsWord(description, `${query.tokens[i]} ${query.tokens[i + 1]}`)) { score += 1; } }
    // An index entry that holds every typed word is the index pointing at this very code; one
    // that is exactly what was typed ("Dyslipidemia") is its main term.
    const everyToken = query.tokens.every(inTermsAtAll);
    const exactIndex = everyToken ? lowerTermsOf().findIndex((t) => t.replace(/[^\p{L}\p{N}]+/gu, ' ').trim() === whole) : -1;
    const termIndex = exactIndex >= 0 ? exactIndex : everyToken ? lowerTermsOf().findIndex((t) => query.tokens.every((token) => wordPoints(t, token, 1, 1) > 0)) : -1;
    if (exactIndex >= 0) { score += 2; }
    else if (termIndex >= 0) { score += 1; }
    let matchedTerm: string | null = null;
    if (!allInDescription) {
      const terms = c.terms ? c.terms.split(' | ') : [];
      const lowerTerms = lowerTermsOf();
      matchedTerm = terms[termIndex] ?? terms.find((_, i) => query.tokens.some((token) => inTermsAtAll(token) && wordPoints(lowerTerms[i]!, token, 1, 1) > 0)) ?? null;
    }
    score += options.boost?.get(c.code) ?? 0;
    if (options.common?.has(c.code)) { score += 0.5; }
    if (wantsDefault && (description.includes('unspecified') || description.includes('without complications'))) { score += 0.5; }
    // "with esophagitis" is not "without esophagitis": a code that excludes a typed word loses its points.
    if (!query.tokens.includes('without')) { for (const token of query.tokens) { if (description.includes(`without ${token}`)) { score -= 3; } } }
    return { ...c, matchedTerm, score, demoted: isDemoted(c.codeCompact, context) };
  });
  return hits
    .sort(
      (a, b) =>
        Number(b.billable) - Number(a.billable) ||
        Number(a.demoted) - Number(b.demoted) ||
        b.score - a.score ||
        a.codeCompact.length - b.codeCompact.length ||
        a.description.length - b.description.length ||
        a.codeCompact.localeCompare(b.codeCompact),
    )
    .slice(0, limit)
    .map(({ demoted: _demoted, folded: _folded, ...hit }) => hit);
}

/** A search hit: a ranked code and, for a Spanish caller, its Spanish description where the clinical terms hold one. */
export interface SearchHit extends RankedHit {
  descriptionEs: string | null;
}

/** Most candidates a words query hands to the ranking. */
const WORD_CANDIDATES = 60;
/** Words tried for a word that matched nothing as typed (icd10cm-index.ts similarWords). */
const CORRECTIONS = 3;
/** Points a combination code and a named concept's codes add to their word score when some typed words are not the concept's. */
const COMBINATION_BOOST = 2;
const CONCEPT_BOOST = 1.5;

/**
 * Searches release `index` for `q` as a clinician of language `lang` means it (the file comment):
 * up to `limit` hits, each with its Spanish description for `lang` 'es'. Pure and synchronous
 * (about a millisecond for a keystroke on the full code set: docs/benchmarks.md "ICD-10-CM search").
 */
export function searchIcd10cm(index: Icd10cmIndex, terms: ClinicalTerms, q: string, lang: SearchLang, limit: number): SearchHit[] {
  const withSpanish = (hits: RankedHit[]): SearchHit[] => hits.map((h) => ({ ...h, descriptionEs: lang === 'es' ? terms.descriptionEs(h.code) : null }));
  let query = readIcd10cmQuery(q);
  if (query.kind === 'code') {
    const hits = rankIcd10cm(query, index.findByCode(query.compact, limit), limit);
    if (hits.length > 0) { return withSpanish(hits); }
    query = readWords(q.trim());
  }
  if (query.kind !== 'words') { return []; }
  const reading = terms.matchConcepts(q, lang);
  const complete = reading.hits.length > 0 && reading.rest.length === 0;

  // The concepts' codes: combinations first, then each concept's, its default first.
  const named: { code: string; term: string; points: number }[] = [];
  for (const combination of reading.combinations) {
    named.push({ code: combination.code, term: reading.hits.filter((h) => combination.conceptIds.includes(h.concept.id)).map((h) => h.term).join(' + '), points: COMBINATION_BOOST });
  }
  for (const hit of reading.hits) { hit.concept.codes.forEach((code, i) => named.push({ code, term: hit.term, points: i === 0 ? CONCEPT_BOOST : CONCEPT_BOOST - 0.5 })); }
  const first = new Map<string, (typeof named)[number]>();
  for (const n of named) { if (!first.has(n.code)) { first.set(n.code, n); } }

  // The code set's words, in the query's order: a concept as typed when the code set holds each of
  // its words ("cerebral infarction"), else as its first English term ("htn" -> "hypertension");
  // the other words as typed (a Spanish word as its English counterpart).
  const lexicalWords = [
    ...new Set(
      reading.parts.flatMap((part) => {
        if ('word' in part) { return [lang === 'es' ? terms.englishWord(part.word) : part.word]; }
        const hit = reading.hits[part.hit]!;
        const typed = reading.words.slice(hit.from, hit.to);
        return !hit.partial && typed.every((w) => index.hasWord(w)) ? typed : terms.wordsOf(hit.concept.en[0]!, 'en');
      }),
    ),
  ].slice(0, 8);
  const lexicalQuery: Icd10cmQuery = lexicalWords.length > 0 ? { kind: 'words', tokens: lexicalWords, lexical: lexicalWords.some((t) => t.length >= 3) } : query;
  const context = reading.context;
  const demoted = (row: Icd10cmCandidate) => isDemoted(row.codeCompact, context);
  const lexical = query.lexical && lexicalQuery.kind === 'words' ? findLexical(index, lexicalQuery.tokens, demoted) : [];

  const conceptRows = [...first.keys()].map((code) => index.get(code.replace('.', ''))).filter((r): r is Icd10cmCandidate => r !== undefined);
  const options: RankOptions = { common: terms.commonCodes, context };
  if (complete) {
    // Every word is a concept's: its codes first, in their order, then the word matches.
    // The term shown: an index term of the code holding the typed words where there is one ("GERD"), else the clinical term ("htn").
    const indexTerms = new Map(rankIcd10cm(query, conceptRows, conceptRows.length).map((h) => [h.code, h.matchedTerm]));
    const top: RankedHit[] = conceptRows.map(({ folded: _folded, ...r }) => ({ ...r, matchedTerm: descriptionHolds(r, query.tokens) ? null : (indexTerms.get(r.code) ?? first.get(r.code)!.term), score: 0 }));
    const taken = new Set(top.map((r) => r.code));
    const rest = rankIcd10cm(lexicalQuery, lexical.filter((r) => !taken.has(r.code)), limit, options);
    return withSpanish([...top, ...rest].slice(0, limit));
  }
  const boost = new Map([...first].map(([code, n]) => [code, n.points]));
  const pool = new Map(lexical.map((r) => [r.code, r]));
  for (const r of conceptRows) { pool.set(r.code, r); }
  return withSpanish(rankIcd10cm(lexicalQuery, [...pool.values()], limit, { ...options, boost }));
}

/** Whether `row`'s description holds every typed word at a word start. */
function descriptionHolds(row: Icd10cmCandidate, tokens: readonly string[]): boolean {
  const description = row.folded?.description ?? foldText(row.description);
  return tokens.every((t) => startsWord(description, t));
}

/**
 * The index's candidates for `tokens` (every word at a word start), pre-ranked; when none holds
 * every word as typed, each word of 4 or more letters is tried with its nearest spellings in the
 * release (icd10cm-index.ts similarWords).
 */
function findLexical(index: Icd10cmIndex, tokens: readonly string[], demoted: (row: Icd10cmCandidate) => boolean): Icd10cmCandidate[] {
  const exact = index.findByWords(tokens.map((t) => [t]), WORD_CANDIDATES, demoted);
  if (exact.length > 0 || !tokens.some((t) => t.length >= 4)) { return exact; }
  return index.findByWords(tokens.map((t) => [t, ...index.similarWords(t, CORRECTIONS)]), WORD_CANDIDATES, demoted);
}
