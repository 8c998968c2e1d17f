/**
 * The drug search's in-memory index (docs/prescriptions.md "Search"): one per API process and
 * catalogue version (`drug_catalogue_version`), built from the finished products and the typo
 * dictionary read in one snapshot, answering EXACTLY what drug-products.repo.ts
 * `searchDrugProducts` and `findSimilarWords` answer (same matches, ranking, tie-breaks, totals),
 * without a round trip, planning or a trigram bitmap per keystroke. It answers product ids; the
 * service reads the page's rows.
 *
 * Every order the SQL sorts by is taken from PostgreSQL at build time as a rank (row_number /
 * dense_rank over the SQL's own expressions), so collation, `lower()` and the strength's numeric
 * cast are the database's, not re-implemented here:
 *
 * - positions: the products sorted by the SQL's order inside a tier (name, generic name, strength
 *   number, id), so "by position" is that order and every posting list below is already in it;
 *   "marketed before discontinued" is a flag per position against the day's date.
 * - `name_key` / `generic_key` (migration 0006, "C" collation) sorted by PostgreSQL: a name prefix
 *   is a binary search (code-point order, as "C" sorts) and its range is read in order, so the
 *   first keystrokes read ten entries whatever the number of matches.
 * - a trigram index of the search texts (positions per 3-character window, windows across a space,
 *   comma or semicolon left out: a typed word never holds one): a word's candidates are the
 *   shortest list among its trigrams, checked with `includes` (LIKE '%word%'). A second list per
 *   trigram holds only the products where it starts a word: tiers 3-4 read the word starts first
 *   and stop once the page is full, so a stem inside thousands of names ("lip") reads ten.
 * - the NDC prefixes: the compact NDCs (hyphens removed) sorted, a binary search; RxCUIs by value.
 * - the typo dictionary (`drug_search_words`) with pg_trgm's similarity computed as pg_trgm does
 *   (words of letters and digits, "  w " padding, distinct trigrams, float4 ratio, `%` at 0.3).
 *
 * Assumed as the SQL's defaults: `pg_trgm.similarity_threshold` 0.3, and marketing end dates
 * 'YYYYMMDD' or '' (product-file.ts blanks any other), compared as strings.
 *
 * Memory: see `footprint()`; for 110,155 products about 50 MB estimated, 37 MB of heap
 * (bench/drugs.ts prints both, docs/benchmarks.md "Drug search").
 */
import type { DrugQuery } from './drug-search';

/** Most matches a search counts (drug-products.repo.ts TOTAL_CAP). */
const TOTAL_CAP = 1000;
/** pg_trgm.similarity_threshold's default: `word % token` holds when similarity >= it. */
export const SIMILARITY_THRESHOLD = 0.3;

/** A finished product as the index is built from it (drug-products.repo.ts `readDrugCatalogue`). */
export interface DrugIndexRow {
  id: number;
  searchText: string;
  nameKey: string;
  genericKey: string;
  productNdc: string;
  ndcCompact: string;
  rxcui: string;
  marketingEndDate: string;
  /** 1-based rank in the SQL's order inside a tier: name, generic name, strength number nulls last, id. */
  withinRank: number;
  /** 1-based rank by (name_key, id). */
  nameRank: number;
  /** 1-based rank by (generic_key, id). */
  genericRank: number;
  /** Dense rank of product_ndc in the database's collation (equal NDCs share it). */
  ndcRank: number;
}

/** One page of matches: product ids, best first, and their number up to TOTAL_CAP. */
export interface DrugIndexPage {
  ids: number[];
  total: number;
}

/** UTF-16 code units compared in code-point order (the "C" collation's byte order for UTF-8). */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) { continue; }
    // Surrogates (D800-DFFF) sort after E000-FFFF in code-point order.
    if (x >= 0xd800) { x += x < 0xe000 ? 0x2000 : -0x800; }
    if (y >= 0xd800) { y += y < 0xe000 ? 0x2000 : -0x800; }
    return x - y;
  }
  return a.length - b.length;
}

/** The first position in `sorted` whose item is not below `key` (`compare` order). */
function lowerBound(sorted: readonly string[], key: string, compare: (a: string, b: string) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, key) < 0) { lo = mid + 1; }
    else { hi = mid; }
  }
  return lo;
}

const binaryCompare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The range [from, to) of `sorted` whose items start with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string, compare: (a: string, b: string) => number): [number, number] {
  const from = lowerBound(sorted, prefix, compare);
  // The range is contiguous: the first item past it by binary search too.
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.startsWith(prefix)) { lo = mid + 1; }
    else { hi = mid; }
  }
  return [from, lo];
}

/** A number for the 3 UTF-16 units at `i`: small (a SMI) when all are below 1024, else above 2^40. */
function trigramKey(text: string, i: number): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  const c = text.charCodeAt(i + 2);
  if (a < 1024 && b < 1024 && c < 1024) { return (a << 20) | (b << 10) | c; }
  return 2 ** 40 + a * 2 ** 32 + b * 2 ** 16 + c;
}

/** A character a typed word cannot hold (drug-search.ts splits on spaces, commas and semicolons). */
const isSeparator = (code: number): boolean => code === 32 || code === 44 || code === 59;

/** A character the SQL's word start (`[^a-z0-9]` before it) does not count as a boundary. */
const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 122);

/**
 * Trigram postings of `texts`: for each 3-unit window (none across a separator), the positions
 * (ascending, each once) of the texts holding it; only windows at a word start when `wordStarts`.
 */
function postings(texts: readonly string[], wordStarts: boolean): Map<number, Int32Array> {
  const counts = new Map<number, { n: number; last: number; list: Int32Array | null }>();
  const windows = (each: (key: number, p: number) => void) => {
    for (let p = 0; p < texts.length; p++) {
      const text = texts[p]!;
      for (let i = 0; i + 3 <= text.length; i++) {
        if (isSeparator(text.charCodeAt(i)) || isSeparator(text.charCodeAt(i + 1)) || isSeparator(text.charCodeAt(i + 2))) { continue; }
        if (wordStarts && i > 0 && isWordChar(text.charCodeAt(i - 1))) { continue; }
        each(trigramKey(text, i), p);
      }
    }
  };
  windows((key, p) => {
    const entry = counts.get(key);
    if (!entry) { counts.set(key, { n: 1, last: p, list: null }); }
    else if (entry.last !== p) {
      entry.n++;
      entry.last = p;
    }
  });
  for (const entry of counts.values()) {
    entry.list = new Int32Array(entry.n);
    entry.n = 0;
    entry.last = -1;
  }
  windows((key, p) => {
    const entry = counts.get(key)!;
    if (entry.last === p) { return; }
    entry.list![entry.n++] = p;
    entry.last = p;
  });
  const out = new Map<number, Int32Array>();
  for (const [key, entry] of counts) { out.set(key, entry.list!); }
  return out;
}

/** `first` starts the text or follows a character outside [a-z0-9] (the SQL's `~ '(^|[^a-z0-9])first'`). */
function startsAWord(text: string, first: string): boolean {
  for (let i = text.indexOf(first); i >= 0; i = text.indexOf(first, i + 1)) {
    if (i === 0) { return true; }
    if (!isWordChar(text.charCodeAt(i - 1))) { return true; }
  }
  return false;
}

/**
 * pg_trgm's trigrams of `text` (ASCII only; null otherwise, as non-ASCII word characters depend on
 * the database's locale): lower case, words of letters and digits, each padded "  word ", distinct.
 */
export function pgTrigrams(text: string): Set<string> | null {
  if (/[^\x00-\x7f]/.test(text)) { return null; }
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) { continue; }
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) { out.add(padded.slice(i, i + 3)); }
  }
  return out;
}

/** The `k` smallest of `keys` (numbers), ascending. */
function smallest(keys: number[], k: number): number[] {
  if (keys.length <= k * 4) { return keys.sort((a, b) => a - b).slice(0, k); }
  const out: number[] = [];
  for (const key of keys) {
    if (out.length === k && key >= out[k - 1]!) { continue; }
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (out[mid]! < key) { lo = mid + 1; }
      else { hi = mid; }
    }
    out.splice(lo, 0, key);
    if (out.length > k) { out.pop(); }
  }
  return out;
}

/** One catalogue version's finished products and typo dictionary, searchable as the SQL searches them. */
export class DrugIndex {
  private readonly n: number;
  /** By position (the order inside a tier). */
  private readonly ids: Int32Array;
  private readonly texts: string[];
  private readonly nameKeys: string[];
  private readonly genericKeys: string[];
  private readonly productNdcs: string[];
  private readonly ndcCompacts: string[];
  private readonly rxcuis: string[];
  private readonly endDates: string[];
  private readonly ndcRanks: Int32Array;
  /** Positions by (name_key, id), and the keys in that order; the same by generic_key. */
  private readonly byName: Int32Array;
  private readonly nameSorted: string[];
  private readonly byGeneric: Int32Array;
  private readonly genericSorted: string[];
  /** Positions by (product_ndc rank, position). */
  private readonly byNdcRank: Int32Array;
  /** Positions by compact NDC (binary order), and the compact NDCs in that order. */
  private readonly byNdc: Int32Array;
  private readonly ndcSorted: string[];
  private readonly byRxcui = new Map<string, number[]>();
  /** Positions (ascending) of the products whose search text holds each trigram; and of those holding it at a word start. */
  private readonly trigrams: Map<number, Int32Array>;
  private readonly wordStartTrigrams: Map<number, Int32Array>;
  /** The dictionary in the database's `order by word`, its words' pg_trgm trigram counts, and the words of each trigram. */
  private readonly words: string[];
  private readonly wordTrigramCounts: Int32Array;
  private readonly wordsByTrigram = new Map<string, Int32Array>();
  private readonly dictionaryAscii: boolean;
  /** The discontinued flags for `flagsDay` ('YYYYMMDD'). */
  private flagsDay = '';
  private discontinued: Uint8Array;

  constructor(rows: readonly DrugIndexRow[], words: readonly string[]) {
    const sorted = [...rows].sort((a, b) => a.withinRank - b.withinRank);
    const n = (this.n = sorted.length);
    this.ids = Int32Array.from(sorted, (r) => r.id);
    const intern = new Map<string, string>();
    const same = (s: string) => {
      const held = intern.get(s);
      if (held !== undefined) { return held; }
      intern.set(s, s);
      return s;
    };
    this.texts = sorted.map((r) => r.searchText);
    this.nameKeys = sorted.map((r) => r.nameKey);
    this.genericKeys = sorted.map((r) => r.genericKey);
    this.productNdcs = sorted.map((r) => same(r.productNdc));
    this.ndcCompacts = sorted.map((r) => same(r.ndcCompact));
    this.rxcuis = sorted.map((r) => same(r.rxcui));
    this.endDates = sorted.map((r) => same(r.marketingEndDate));
    this.ndcRanks = Int32Array.from(sorted, (r) => r.ndcRank);
    this.discontinued = new Uint8Array(n);

    const order = (rank: (r: DrugIndexRow) => number) =>
      Int32Array.from(
        sorted.map((r, p) => [rank(r), p] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]),
        (e) => e[1],
      );
    this.byName = order((r) => r.nameRank);
    this.nameSorted = Array.from(this.byName, (p) => this.nameKeys[p]!);
    this.byGeneric = order((r) => r.genericRank);
    this.genericSorted = Array.from(this.byGeneric, (p) => this.genericKeys[p]!);
    this.byNdc = Int32Array.from(
      Array.from({ length: n }, (_, p) => p).sort((a, b) => binaryCompare(this.ndcCompacts[a]!, this.ndcCompacts[b]!) || a - b),
    );
    this.ndcSorted = Array.from(this.byNdc, (p) => this.ndcCompacts[p]!);
    this.byNdcRank = order((r) => r.ndcRank);
    sorted.forEach((r, p) => {
      if (!r.rxcui) { return; }
      const list = this.byRxcui.get(r.rxcui);
      if (list) { list.push(p); }
      else { this.byRxcui.set(r.rxcui, [p]); }
    });

    this.trigrams = postings(this.texts, false);
    this.wordStartTrigrams = postings(this.texts, true);

    // The typo dictionary.
    this.words = [...words];
    this.wordTrigramCounts = new Int32Array(this.words.length);
    const byTrigram = new Map<string, number[]>();
    let ascii = true;
    this.words.forEach((word, w) => {
      const set = pgTrigrams(word);
      if (!set) {
        ascii = false;
        return;
      }
      this.wordTrigramCounts[w] = set.size;
      for (const t of set) {
        const list = byTrigram.get(t);
        if (list) { list.push(w); }
        else { byTrigram.set(t, [w]); }
      }
    });
    this.dictionaryAscii = ascii;
    for (const [t, list] of byTrigram) { this.wordsByTrigram.set(t, Int32Array.from(list)); }
  }

  /** How many products the index holds. */
  get size(): number {
    return this.n;
  }

  /**
   * An estimate of the index's memory in bytes: typed arrays, the strings it holds (one byte a
   * character for Latin-1 text, plus a header), the maps' entries. bench/drugs.ts also prints the
   * heap's growth for a build.
   */
  footprint(): number {
    const str = (s: string) => 16 + s.length;
    let bytes = 0;
    for (const a of [this.ids, this.ndcRanks, this.byNdcRank, this.byName, this.byGeneric, this.byNdc, this.discontinued, this.wordTrigramCounts]) { bytes += a.byteLength; }
    for (const list of [this.texts, this.nameKeys, this.genericKeys]) { for (const s of list) { bytes += str(s) + 8; } }
    bytes += 8 * 5 * this.n; // the other per-position arrays' slots (interned strings)
    bytes += 8 * 3 * this.n; // the sorted key arrays' slots
    for (const ndc of new Set(this.ndcCompacts)) { bytes += str(ndc); }
    for (const map of [this.trigrams, this.wordStartTrigrams]) { for (const list of map.values()) { bytes += list.byteLength + 64; } }
    for (const w of this.words) { bytes += str(w) + 8; }
    for (const list of this.wordsByTrigram.values()) { bytes += list.byteLength + 64; }
    bytes += this.byRxcui.size * 64;
    return bytes;
  }

  /**
   * One page and the total, as drug-products.repo.ts `searchDrugProducts` answers them for `q`
   * on day `today` ('YYYYMMDD', the database's `current_date`: marketed before discontinued), with
   * the same `alternatives` (the typo fallback) when given.
   */
  search(q: Exclude<DrugQuery, { kind: 'empty' }>, at: { skip: number; limit: number }, today: string, alternatives?: readonly (readonly string[])[]): DrugIndexPage {
    this.flagsFor(today);
    if (q.kind === 'code') { return this.searchCode(q, at); }
    if (alternatives) { return this.searchAlternatives(alternatives, at); }
    return this.searchWords(q.tokens, at);
  }

  /**
   * Dictionary words similar to `token`, as `findSimilarWords` answers them (pg_trgm `word %
   * token` at SIMILARITY_THRESHOLD, by similarity then the database's word order), or null when
   * the token or the dictionary is not ASCII (the caller asks the database).
   */
  similarWords(token: string, limit: number): string[] | null {
    if (!this.dictionaryAscii) { return null; }
    const mine = pgTrigrams(token);
    if (!mine) { return null; }
    const shared = new Map<number, number>();
    for (const t of mine) {
      const list = this.wordsByTrigram.get(t);
      if (list) { for (const w of list) { shared.set(w, (shared.get(w) ?? 0) + 1); } }
    }
    const hits: { w: number; sim: number }[] = [];
    for (const [w, count] of shared) {
      // float4 as pg_trgm's CALCSML computes it; the threshold is a float8 setting.
      const sim = Math.fround(count / (mine.size + this.wordTrigramCounts[w]! - count));
      if (sim >= SIMILARITY_THRESHOLD) { hits.push({ w, sim }); }
    }
    return hits
      .sort((a, b) => b.sim - a.sim || a.w - b.w)
      .slice(0, limit)
      .map((h) => this.words[h.w]!);
  }

  private flagsFor(today: string): void {
    if (this.flagsDay === today) { return; }
    const flags = new Uint8Array(this.n);
    for (let p = 0; p < this.n; p++) {
      const end = this.endDates[p]!;
      flags[p] = end !== '' && end < today ? 1 : 0;
    }
    this.discontinued = flags;
    this.flagsDay = today;
  }

  private holds(p: number, token: string): boolean {
    return this.texts[p]!.includes(token);
  }

  /** The positions (ascending) whose text may hold `token` (3+ units), or null for a shorter one. */
  private candidates(token: string): Int32Array | null {
    if (token.length < 3) { return null; }
    let best: Int32Array | null = null;
    for (let i = 0; i + 3 <= token.length; i++) {
      const list = this.trigrams.get(trigramKey(token, i));
      if (!list) { return new Int32Array(0); }
      if (!best || list.length < best.length) { best = list; }
    }
    return best;
  }

  /** The shortest candidate list among `tokens`, or null when none has 3 units. */
  private bestCandidates(tokens: readonly string[]): Int32Array | null {
    let best: Int32Array | null = null;
    for (const t of tokens) {
      const list = this.candidates(t);
      if (list && (!best || list.length < best.length)) { best = list; }
    }
    return best;
  }

  private searchCode(q: { text: string; digits: string }, at: { skip: number; limit: number }): DrugIndexPage {
    const [from, to] = prefixRange(this.ndcSorted, q.digits, binaryCompare);
    const want = at.skip + at.limit;
    // Order: exact first, product_ndc (its rank), marketed first, position; one number per match.
    const n = this.n + 1;
    const ranks = this.n + 2;
    const key = (p: number, exact: boolean) => (((exact ? 0 : ranks) + this.ndcRanks[p]!) * 2 + this.discontinued[p]!) * n + p;
    // Exact: the NDC as typed (its compact form starts the range) or the RxCUI.
    const exact: number[] = [];
    let i = from;
    for (; i < to && this.ndcSorted[i] === q.digits; i++) { exact.push(key(this.byNdc[i]!, true)); }
    let total = to - from;
    for (const p of this.byRxcui.get(q.digits) ?? []) {
      if (this.ndcCompacts[p]!.startsWith(q.digits)) {
        if (this.ndcCompacts[p] !== q.digits) { exact.push(key(p, true)); } // an RxCUI that is also a longer NDC's prefix
      } else {
        exact.push(key(p, true));
        total++;
      }
    }
    const exactPositions = new Set(exact.map((k) => k % n));
    let others: number[];
    if (to - i <= 4 * want + 64) {
      others = [];
      for (let j = i; j < to; j++) { if (!exactPositions.has(this.byNdc[j]!)) { others.push(key(this.byNdc[j]!, false)); } }
    } else {
      // A wide range ("0", "1"): walk the products in product_ndc order and stop after the page's
      // last NDC group, instead of ranking the whole range.
      others = [];
      let lastRank = -1;
      for (const p of this.byNdcRank) {
        const rank = this.ndcRanks[p]!;
        if (others.length >= want && rank !== lastRank) { break; }
        const compact = this.ndcCompacts[p]!;
        if (compact === q.digits || !compact.startsWith(q.digits) || exactPositions.has(p)) { continue; }
        others.push(key(p, false));
        lastRank = rank;
      }
    }
    const page = [...exact.sort((a, b) => a - b), ...smallest(others, want)].slice(at.skip, want);
    return { ids: page.map((k) => this.ids[k % n]!), total: Math.min(total, TOTAL_CAP) };
  }

  private searchAlternatives(alternatives: readonly (readonly string[])[], at: { skip: number; limit: number }): DrugIndexPage {
    const holdsGroup = (p: number, group: readonly string[]) => group.some((t) => this.holds(p, t));
    // Candidates: the group whose alternatives' lists are shortest together (each alternative 3+ units).
    let best: Int32Array[] | null = null;
    let bestSize = Infinity;
    for (const group of alternatives) {
      const lists = group.map((t) => this.candidates(t));
      if (lists.some((l) => l === null)) { continue; }
      const size = lists.reduce((s, l) => s + l!.length, 0);
      if (size < bestSize) {
        best = lists as Int32Array[];
        bestSize = size;
      }
    }
    let positions: Iterable<number>;
    if (!best) { positions = Array.from({ length: this.n }, (_, p) => p); }
    else if (best.length === 1) { positions = best[0]!; }
    else { positions = [...new Set(best.flatMap((l) => Array.from(l)))].sort((a, b) => a - b); }
    const want = at.skip + at.limit;
    const marketed: number[] = [];
    const withdrawn: number[] = [];
    let total = 0;
    for (const p of positions) {
      if (!alternatives.every((g) => holdsGroup(p, g))) { continue; }
      if (total < TOTAL_CAP) { total++; }
      if (this.discontinued[p]) {
        if (withdrawn.length < want) { withdrawn.push(p); }
      } else if (marketed.length < want) { marketed.push(p); }
      if (marketed.length >= want && total >= TOTAL_CAP) { break; }
    }
    return { ids: [...marketed, ...withdrawn].slice(at.skip, want).map((p) => this.ids[p]!), total };
  }

  private searchWords(tokens: readonly string[], at: { skip: number; limit: number }): DrugIndexPage {
    const [first, ...rest] = tokens as [string, ...string[]];
    const holdsRest = (p: number) => rest.every((t) => this.holds(p, t));
    const nameStarts = (p: number) => this.nameKeys[p]!.startsWith(first);
    const genericStarts = (p: number) => this.genericKeys[p]!.startsWith(first);
    const [nameFrom, nameTo] = prefixRange(this.nameSorted, first, compareCodePoints);
    const [genericFrom, genericTo] = prefixRange(this.genericSorted, first, compareCodePoints);

    // The total: products matching all (the first word as a name prefix when short, else inside the text), up to TOTAL_CAP.
    let total = 0;
    if (first.length < 3) {
      const restList = this.bestCandidates(rest);
      if (restList && restList.length < nameTo - nameFrom + genericTo - genericFrom) {
        for (const p of restList) { if ((nameStarts(p) || genericStarts(p)) && holdsRest(p) && ++total >= TOTAL_CAP) { break; } }
      } else {
        for (let i = nameFrom; i < nameTo && total < TOTAL_CAP; i++) { if (holdsRest(this.byName[i]!)) { total++; } }
        for (let i = genericFrom; i < genericTo && total < TOTAL_CAP; i++) {
          const p = this.byGeneric[i]!;
          if (!nameStarts(p) && holdsRest(p)) { total++; }
        }
      }
    } else {
      const list = this.bestCandidates(tokens) ?? new Int32Array(0);
      for (const p of list) { if (tokens.every((t) => this.holds(p, t)) && ++total >= TOTAL_CAP) { break; } }
    }
    if (total === 0) { return { ids: [], total }; }

    // Tiers 1-2: the shown name starts with the first word, then the generic name does (and the shown name not), each in key order.
    const want = at.skip + at.limit;
    const top: number[] = [];
    for (let i = nameFrom; i < nameTo && top.length < want; i++) {
      const p = this.byName[i]!;
      if (holdsRest(p)) { top.push(p); }
    }
    for (let i = genericFrom; i < genericTo && top.length < want; i++) {
      const p = this.byGeneric[i]!;
      if (!nameStarts(p) && holdsRest(p)) { top.push(p); }
    }
    if (top.length === want || first.length < 3) { return { ids: top.slice(at.skip).map((p) => this.ids[p]!), total }; }

    // Tiers 3-4: the first word inside the text, not at a name's start: a word starts with it (its
    // word-start trigram's list), then inside a word; each marketed first, then by position. Each
    // pass stops once its marketed class fills the page.
    const need = want - top.length;
    const inside = (p: number) => !nameStarts(p) && !genericStarts(p) && tokens.every((t) => this.holds(p, t));
    const classes: number[][] = [[], [], [], []];
    for (const p of this.wordStartTrigrams.get(trigramKey(first, 0)) ?? []) {
      if (!inside(p) || !startsAWord(this.texts[p]!, first)) { continue; }
      const c = this.discontinued[p]!;
      if (classes[c]!.length < need) { classes[c]!.push(p); }
      if (classes[0]!.length === need) { break; }
    }
    const left = need - classes[0]!.length - classes[1]!.length;
    if (left > 0) {
      for (const p of this.bestCandidates(tokens) ?? []) {
        if (!inside(p) || startsAWord(this.texts[p]!, first)) { continue; }
        const c = 2 + this.discontinued[p]!;
        if (classes[c]!.length < left) { classes[c]!.push(p); }
        if (classes[2]!.length === left) { break; }
      }
    }
    const more = classes.flat().slice(0, need);
    return { ids: [...top, ...more].slice(at.skip).map((p) => this.ids[p]!), total };
  }
}
