/**
 * The ICD-10-CM search's in-memory index (docs/diagnoses.md "Search"): one per API process and
 * release, built from the release's codes, answering the same candidates, in the same pre-ranked
 * order, as the SQL it replaces (a code prefix over `code_compact`, and every typed word starting a
 * word of the normalised search text, `search_text LIKE '% word%'`), without a round trip,
 * planning or a trigram bitmap per keystroke.
 *
 * - Codes are held sorted by `codeCompact`: a code prefix is a binary search for its range.
 * - Words: the distinct words of every code's search text (icd10cm.parse.ts `searchTextOf`: lower
 *   case, letters and digits, one space between words) sorted, each with the ascending list of the
 *   codes that hold it. A typed word's codes are the union of the lists of the words in its prefix
 *   range ("diab" -> diabetes, diabetic, ...); a query's are the intersection over its words.
 *
 * Memory: about 1.4 million word occurrences for the 46,498 FY2025 codes (5-6 MB of postings plus
 * the rows); built in a few hundred milliseconds, once per release per process.
 */
import type { Icd10cmCandidate } from './icd10cm-search';
import { foldText, typoDistance } from './icd10cm-terms';

/** A code of the release as the index holds it: the candidate row and its search text. */
export interface Icd10cmIndexRow extends Icd10cmCandidate {
  /** icd10cm.parse.ts `searchTextOf`: " words of the description and the index terms ". */
  searchText: string;
}

/** The first position in `sorted` (binary order) whose item is not below `key`: where the items starting with `key` begin. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) { lo = mid + 1; }
    else { hi = mid; }
  }
  return lo;
}

/**
 * Points of one word for the pre-ranking, as the SQL computed them on the lower-case description:
 * 2 when it starts the description or a word after a space (`LIKE 'w%' OR LIKE '% w%'`), 1 when
 * the description merely holds it (`LIKE '%w%'`), else 0.
 */
function descriptionPoints(description: string, word: string): number {
  if (description.startsWith(word) || description.includes(` ${word}`)) { return 2; }
  return description.includes(word) ? 1 : 0;
}

/** One release's codes, searchable by code prefix and by word prefixes. */
export class Icd10cmIndex {
  /** The codes by `codeCompact` (binary order). */
  private readonly rows: Icd10cmCandidate[];
  private readonly compacts: string[];
  private readonly lowerDescriptions: string[];
  /** The distinct words of the search texts, sorted, and the codes (positions in `rows`, ascending) of each. */
  private readonly words: string[];
  private readonly postings: Int32Array[];
  /** Position in `rows` by compact code. */
  private readonly byCompact: Map<string, number>;

  constructor(rows: readonly Icd10cmIndexRow[]) {
    const sorted = [...rows].sort((a, b) => (a.codeCompact < b.codeCompact ? -1 : a.codeCompact > b.codeCompact ? 1 : 0));
    this.rows = sorted.map(({ searchText: _searchText, ...candidate }) => ({ ...candidate, folded: { description: foldText(candidate.description), terms: foldText(candidate.terms) } }));
    this.compacts = sorted.map((r) => r.codeCompact);
    this.lowerDescriptions = this.rows.map((r) => r.folded!.description);
    const byWord = new Map<string, number[]>();
    sorted.forEach((row, i) => {
      // Folded (accents removed) as typed words are: "Ménière" is found by "meniere".
      for (const word of new Set(foldText(row.searchText).split(' '))) {
        if (!word) { continue; }
        const list = byWord.get(word);
        if (list) { list.push(i); }
        else { byWord.set(word, [i]); }
      }
    });
    this.words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.words.map((w) => Int32Array.from(byWord.get(w)!));
    this.byCompact = new Map(this.compacts.map((c, i) => [c, i]));
  }

  /** Whether some code's search text holds `word` (folded) as a whole word. */
  hasWord(word: string): boolean {
    return this.words[lowerBound(this.words, word)] === word;
  }

  /** The code `compact` ("E119"), or undefined when the release does not hold it. */
  get(compact: string): Icd10cmCandidate | undefined {
    const at = this.byCompact.get(compact);
    return at === undefined ? undefined : this.rows[at];
  }

  /**
   * Up to `limit` words of the release's search texts that `word` may be a misspelling of
   * ("hypertenson" -> "hypertension"): same first letter, at most 1 edit for words of 4-7
   * letters and 2 from 8 (icd10cm-terms.ts typoDistance), nearest first, then the word held by more codes.
   * [] for a word of fewer than 4 letters.
   */
  similarWords(word: string, limit: number): string[] {
    if (word.length < 4) { return []; }
    const budget = word.length >= 8 ? 2 : 1;
    const found: { word: string; d: number; n: number }[] = [];
    const first = word[0]!;
    for (let w = lowerBound(this.words, first); w < this.words.length && this.words[w]!.startsWith(first); w++) {
      const candidate = this.words[w]!;
      if (candidate === word || Math.abs(candidate.length - word.length) > budget) { continue; }
      const d = typoDistance(candidate, word);
      if (d <= budget) { found.push({ word: candidate, d, n: this.postings[w]!.length }); }
    }
    return found
      .sort((a, b) => a.d - b.d || b.n - a.n || (a.word < b.word ? -1 : 1))
      .slice(0, limit)
      .map((f) => f.word);
  }

  /** How many codes the index holds. */
  get size(): number {
    return this.rows.length;
  }

  /**
   * The codes whose compact code starts with `compact` ("E119"), ordered as the search shows
   * them: the exact code, then billable, then shorter, then by code; the first `limit`.
   */
  findByCode(compact: string, limit: number): Icd10cmCandidate[] {
    const from = lowerBound(this.compacts, compact);
    const hits: Icd10cmCandidate[] = [];
    for (let i = from; i < this.compacts.length && this.compacts[i]!.startsWith(compact); i++) { hits.push(this.rows[i]!); }
    return hits
      .sort(
        (a, b) =>
          Number(b.codeCompact === compact) - Number(a.codeCompact === compact) ||
          Number(b.billable) - Number(a.billable) ||
          a.codeCompact.length - b.codeCompact.length ||
          (a.codeCompact < b.codeCompact ? -1 : a.codeCompact > b.codeCompact ? 1 : 0),
      )
      .slice(0, limit);
  }

  /**
   * The codes whose search text holds, for every group of `alternatives`, a word starting with one
   * of the group's words (each group a typed word and its corrections), cheaply pre-ranked as the
   * SQL did: billable first, then the description points of every alternative word (2 a word
   * start, 1 inside), then shorter code, shorter description, code; the first `limit`. Codes for
   * which `demoted` is true (obstetric, perinatal, family history when the query does not say so:
   * icd10cm-search.ts `isDemoted`) come after the others of the same billable state.
   */
  findByWords(alternatives: readonly (readonly string[])[], limit: number, demoted: (row: Icd10cmCandidate) => boolean = () => false): Icd10cmCandidate[] {
    let matched: Int32Array | null = null;
    for (const group of alternatives) {
      const codes = this.codesStartingAnyOf(group);
      matched = matched ? intersect(matched, codes) : codes;
      if (matched.length === 0) { return []; }
    }
    if (!matched) { return []; }
    const all = alternatives.flat();
    // One number per code orders them as listed above (billable, not demoted, points, shorter code,
    // shorter description; then the code, the order of `rows`); the best `limit` are kept in a heap,
    // so a short prefix matching thousands of codes sorts only `limit` of them.
    const heap = new TopK(limit);
    for (const i of matched) {
      const row = this.rows[i]!;
      const description = this.lowerDescriptions[i]!;
      let points = 0;
      for (const word of all) { points += descriptionPoints(description, word); }
      const key = (row.billable ? 2e9 : 0) + (demoted(row) ? 0 : 1e9) + points * 1e5 + (10 - row.codeCompact.length) * 1e4 + (9999 - Math.min(description.length, 9999));
      heap.offer(key, i);
    }
    return heap.sortedPositions().map((i) => this.rows[i]!);
  }

  /** The codes (ascending positions) holding a word that starts with any of `prefixes`. */
  private codesStartingAnyOf(prefixes: readonly string[]): Int32Array {
    const lists: Int32Array[] = [];
    for (const prefix of prefixes) {
      if (!prefix) { continue; }
      for (let w = lowerBound(this.words, prefix); w < this.words.length && this.words[w]!.startsWith(prefix); w++) { lists.push(this.postings[w]!); }
    }
    if (lists.length === 1) { return lists[0]!; }
    const seen = new Uint8Array(this.rows.length);
    let n = 0;
    for (const list of lists) {
      for (const i of list) {
        if (seen[i]) { continue; }
        seen[i] = 1;
        n++;
      }
    }
    const out = new Int32Array(n);
    for (let i = 0, k = 0; i < seen.length; i++) { if (seen[i]) { out[k++] = i; } }
    return out;
  }
}

/**
 * The `k` best (highest key; for equal keys the lower position) of the items offered: a binary
 * min-heap of size `k` over typed arrays.
 */
class TopK {
  private readonly keys: Float64Array;
  private readonly positions: Int32Array;
  private n = 0;
  constructor(private readonly k: number) {
    this.keys = new Float64Array(k);
    this.positions = new Int32Array(k);
  }

  /** Whether item a (key, position) ranks below item b. */
  private static below(ka: number, pa: number, kb: number, pb: number): boolean {
    return ka < kb || (ka === kb && pa > pb);
  }

  offer(key: number, position: number): void {
    if (this.k === 0) { return; }
    if (this.n < this.k) {
      let at = this.n++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!TopK.below(key, position, this.keys[parent]!, this.positions[parent]!)) { break; }
        this.keys[at] = this.keys[parent]!;
        this.positions[at] = this.positions[parent]!;
        at = parent;
      }
      this.keys[at] = key;
      this.positions[at] = position;
      return;
    }
    if (!TopK.below(this.keys[0]!, this.positions[0]!, key, position)) { return; }
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.n) { break; }
      const right = left + 1;
      const child = right < this.n && TopK.below(this.keys[right]!, this.positions[right]!, this.keys[left]!, this.positions[left]!) ? right : left;
      if (!TopK.below(this.keys[child]!, this.positions[child]!, key, position)) { break; }
      this.keys[at] = this.keys[child]!;
      this.positions[at] = this.positions[child]!;
      at = child;
    }
    this.keys[at] = key;
    this.positions[at] = position;
  }

  /** The kept positions, best first. */
  sortedPositions(): number[] {
    const order = Array.from({ length: this.n }, (_, i) => i);
    order.sort((a, b) => this.keys[b]! - this.keys[a]! || this.positions[a]! - this.positions[b]!);
    return order.map((i) => this.positions[i]!);
  }
}

/** The positions in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) { i++; }
    else if (a[i]! > b[j]!) { j++; }
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return Int32Array.from(out);
}
