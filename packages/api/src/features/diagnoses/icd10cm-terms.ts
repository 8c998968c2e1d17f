/**
 * The clinical vocabulary of the ICD-10-CM search (docs/diagnoses.md "Search"): the abbreviations,
 * lay terms and Spanish terms clinicians type ("HTN", "T2DM", "high blood pressure", "EPOC",
 * "insuficiencia cardiaca"), each mapped to a concept with the code(s) it defaults to, and the
 * combination codes the code set prescribes when a query names two conditions ("diabetes with
 * CKD" -> E11.22; "htn with chf" -> I11.0). The data is `packages/api/data/icd10cm/clinical-terms.json`
 * (each concept and combination names the source of its code; the terms and the Spanish text were
 * written by the Vigil team from clinical practice, under the project's licence).
 *
 * Pure apart from reading that file once: `matchConcepts` reads a query's words into the concepts
 * it names, as many words as possible each (greedy, longest term first), tolerating a typo in a
 * long word (edit distance 1 from 5 letters, 2 from 8) and an unfinished last word (a prefix of 2
 * or more letters: the query is being typed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { ICD10CM_DATA_DIR } from './icd10cm.loader';

/** The caller's language (the search reads Spanish terms only for 'es'). */
export type SearchLang = 'en' | 'es';

const conceptSchema = z.object({
  id: z.string().min(1),
  codes: z.array(z.string().min(3)).min(1),
  groups: z.array(z.string()).optional(),
  en: z.array(z.string().min(1)),
  es: z.array(z.string().min(1)),
  codesFrom: z.string(),
  /** false: a rare code, named so that it is found when asked for ("diabetes insipidus"), without the common-code bonus. */
  common: z.boolean().optional(),
});

const termsFileSchema = z.object({
  sources: z.record(z.string(), z.string()),
  stopwords: z.object({ en: z.array(z.string()), es: z.array(z.string()) }),
  tokenAliases: z.record(z.string(), z.string()),
  contextWords: z.object({ pregnancy: z.array(z.string()), newborn: z.array(z.string()), family: z.array(z.string()), history: z.array(z.string()) }),
  concepts: z.array(conceptSchema),
  combinations: z.array(z.object({ all: z.array(z.string()).min(2), code: z.string().min(3), codesFrom: z.string() })),
  wordsEs: z.record(z.string(), z.string()),
  descriptionsEs: z.record(z.string(), z.string()),
});

/** The clinical-terms file as read (see the file comment). */
export type ClinicalTermsFile = z.infer<typeof termsFileSchema>;
export type ClinicalConcept = z.infer<typeof conceptSchema>;

/** Where the clinical terms live (beside the vendored code set). */
export const CLINICAL_TERMS_FILE = path.join(ICD10CM_DATA_DIR, 'clinical-terms.json');

/** Lower case, accents removed ("Insuficiencia cardíaca" -> "insuficiencia cardiaca"). */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A text's words, folded (foldText), split on anything but letters and digits. */
export function foldedWords(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** One term of a concept, as words (stopwords and aliases applied). */
interface TermEntry {
  concept: ClinicalConcept;
  /** The term as written in the file (what `matchedTerm` shows). */
  text: string;
  words: string[];
  /** Position of the concept in the file: earlier concepts win ties. */
  order: number;
}

/** A concept the query names, with the words it took. */
export interface ConceptHit {
  concept: ClinicalConcept;
  term: string;
  /** Query word positions [from, to) it covers. */
  from: number;
  to: number;
  /** A word was matched as an unfinished prefix or through a typo: the words typed are not the term's. */
  partial: boolean;
}

/** How a query reads against the clinical vocabulary. */
export interface ConceptReading {
  /** The concepts named, in query order. */
  hits: ConceptHit[];
  /** The words that are neither in a named concept nor stopwords, folded. */
  rest: string[];
  /** The query in its order: each named concept (its index in `hits`) or left-over word. */
  parts: ({ hit: number } | { word: string })[];
  /** The query's words as matched (folded, aliases applied, stopwords dropped); `hits` from/to index them. */
  words: string[];
  /** Combination codes that apply (each joins two or more of the named concepts), most conditions first. */
  combinations: { code: string; conceptIds: string[] }[];
  /** Which contexts the query mentions (pregnancy, newborn, family history, personal history). */
  context: { pregnancy: boolean; newborn: boolean; family: boolean; history: boolean };
}

/** How a typed word may match a vocabulary word: 'exact' | 'typo' | 'prefix' (an unfinished last word). */
type WordMatch = 'exact' | 'typo' | 'prefix';

/**
 * Edits between two words, an exchange of two neighbouring letters counting as one ("anxeity" ->
 * "anxiety": Damerau's optimal string alignment for that case; else Levenshtein, fastest-levenshtein).
 */
export function typoDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) { return d; }
  const differ: number[] = [];
  for (let i = 0; i < a.length && differ.length <= 2; i++) { if (a[i] !== b[i]) { differ.push(i); } }
  return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!] ? 1 : d;
}

/** Most edits a typed word of this length may be from a vocabulary word. */
const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 5 ? 1 : 0);

/** The clinical vocabulary, ready to match queries (build once: `clinicalTerms()`). */
export class ClinicalTerms {
  private readonly byFirstWord = { en: new Map<string, TermEntry[]>(), es: new Map<string, TermEntry[]>() };
  private readonly vocabulary = { en: [] as string[], es: [] as string[] };
  private readonly stopwords: { en: Set<string>; es: Set<string> };
  private readonly aliases: Map<string, string>;
  private readonly contextWords: Record<keyof ConceptReading['context'], Set<string>>;
  private readonly groupsOf = new Map<string, Set<string>>();
  /** Every code a concept or combination names: the codes this kind of clinic uses (a ranking bonus). */
  readonly commonCodes: Set<string>;

  constructor(readonly data: ClinicalTermsFile) {
    this.stopwords = { en: new Set(data.stopwords.en), es: new Set([...data.stopwords.en, ...data.stopwords.es]) };
    this.aliases = new Map(Object.entries(data.tokenAliases));
    this.contextWords = {
      pregnancy: new Set(data.contextWords.pregnancy),
      newborn: new Set(data.contextWords.newborn),
      family: new Set(data.contextWords.family),
      history: new Set(data.contextWords.history),
    };
    this.commonCodes = new Set([...data.concepts.filter((c) => c.common !== false).flatMap((c) => c.codes), ...data.combinations.map((c) => c.code)]);
    data.concepts.forEach((concept, order) => {
      this.groupsOf.set(concept.id, new Set([concept.id, ...(concept.groups ?? [])]));
      // Spanish callers get the English terms too: clinicians type English abbreviations in any interface.
      const add = (lang: SearchLang, text: string) => {
        const words = this.wordsOf(text, lang);
        if (words.length === 0) { return; }
        const entry = { concept, text, words, order };
        for (const into of lang === 'en' ? (['en', 'es'] as const) : (['es'] as const)) {
          const list = this.byFirstWord[into].get(words[0]!) ?? [];
          list.push(entry);
          this.byFirstWord[into].set(words[0]!, list);
        }
      };
      for (const t of concept.en) { add('en', t); }
      for (const t of concept.es) { add('es', t); }
    });
    for (const lang of ['en', 'es'] as const) {
      const words = new Set<string>();
      for (const list of this.byFirstWord[lang].values()) { for (const e of list) { for (const w of e.words) { words.add(w); } } }
      this.vocabulary[lang] = [...words].sort();
    }
  }

  /** A text's words as matched: folded, aliases applied, stopwords of `lang` dropped. */
  wordsOf(text: string, lang: SearchLang): string[] {
    return foldedWords(text)
      .flatMap((w) => (this.aliases.get(w) ?? w).split(' '))
      .filter((w) => w && !this.stopwords[lang].has(w));
  }

  /** The Spanish description of `code`, or null when the file has none. */
  descriptionEs(code: string): string | null {
    return this.data.descriptionsEs[code] ?? null;
  }

  /** A Spanish word's English counterpart for the code set's own text ("cronica" -> "chronic"), else the word. */
  englishWord(word: string): string {
    return this.data.wordsEs[word] ?? word;
  }

  /** `candidatesFor`'s answers, by language, word and lastness (words repeat from keystroke to keystroke); emptied at 5,000. */
  private readonly candidatesCache = new Map<string, Map<string, WordMatch>>();

  /**
   * The vocabulary words `typed` may stand for, each with how it matched (an unfinished word only
   * when `last`; a typo only with the same first letter, as icd10cm-index.ts similarWords).
   */
  private candidatesFor(typed: string, lang: SearchLang, last: boolean): Map<string, WordMatch> {
    const key = `${lang}|${last ? 1 : 0}|${typed}`;
    const cached = this.candidatesCache.get(key);
    if (cached) { return cached; }
    if (this.candidatesCache.size >= 5000) { this.candidatesCache.clear(); }
    const out = new Map<string, WordMatch>();
    this.candidatesCache.set(key, out);
    const vocabulary = this.vocabulary[lang];
    if (this.byFirstWord[lang].has(typed) || vocabulary.includes(typed)) { out.set(typed, 'exact'); }
    const budget = typoBudget(typed.length);
    for (const word of vocabulary) {
      if (out.has(word)) { continue; }
      if (last && typed.length >= 2 && word.length > typed.length && word.startsWith(typed)) { out.set(word, 'prefix'); continue; }
      if (budget > 0 && word[0] === typed[0] && Math.abs(word.length - typed.length) <= budget && typoDistance(word, typed) <= budget) { out.set(word, 'typo'); }
    }
    return out;
  }

  /**
   * Reads `query` (the words as typed) into the concepts it names (see the file comment), the
   * words left over, the combination codes that apply and the contexts it mentions. `lang` 'es'
   * adds the Spanish terms and stopwords.
   */
  matchConcepts(query: string, lang: SearchLang): ConceptReading {
    const words = this.wordsOf(query, lang);
    const allWords = foldedWords(query).map((w) => this.aliases.get(w) ?? w);
    const context = {
      pregnancy: allWords.some((w) => this.contextWords.pregnancy.has(w)),
      newborn: allWords.some((w) => this.contextWords.newborn.has(w)),
      family: allWords.some((w) => this.contextWords.family.has(w)),
      history: allWords.some((w) => this.contextWords.history.has(w)),
    };
    const endsInSpace = /\s$/.test(query);
    const options = words.map((w, i) => this.candidatesFor(w, lang, i === words.length - 1 && !endsInSpace));
    const hits: ConceptHit[] = [];
    const rest: string[] = [];
    const parts: ConceptReading['parts'] = [];
    for (let i = 0; i < words.length; ) {
      let best: { entry: TermEntry; cost: number; partial: boolean; span: number } | null = null;
      for (const [word, how] of options[i]!) {
        for (const entry of this.byFirstWord[lang].get(word) ?? []) {
          // A term may run past the end of a query still being typed ("congestive hea" -> congestive
          // heart failure) once two of its words are typed.
          const span = Math.min(entry.words.length, words.length - i);
          const truncated = span < entry.words.length;
          if (truncated && (span < 2 || endsInSpace)) { continue; }
          let cost = (how === 'exact' ? 0 : 1) + (truncated ? 1 : 0);
          let partial = how === 'prefix' || truncated;
          let ok = true;
          for (let k = 1; k < span && ok; k++) {
            // Within a term already begun, a 4-letter word may carry one typo too ("congestive hart failure").
            const typed = words[i + k]!;
            const m = options[i + k]!.get(entry.words[k]!) ?? (typed.length >= 4 && typoDistance(typed, entry.words[k]!) <= 1 ? 'typo' : undefined);
            if (!m) { ok = false; }
            else {
              cost += m === 'exact' ? 0 : 1;
              partial ||= m === 'prefix';
            }
          }
          if (!ok) { continue; }
          // The most words covered wins; then the fewest typos; then a finished term over an unfinished one; then the file's order.
          const better =
            !best ||
            span > best.span ||
            (span === best.span &&
              (cost < best.cost || (cost === best.cost && (Number(partial) < Number(best.partial) || (partial === best.partial && entry.order < best.entry.order)))));
          if (better) { best = { entry, cost, partial, span }; }
        }
      }
      if (best) {
        parts.push({ hit: hits.length });
        hits.push({ concept: best.entry.concept, term: best.entry.text, from: i, to: i + best.span, partial: best.partial || best.cost > 0 });
        i += best.span;
      } else {
        parts.push({ word: words[i]! });
        rest.push(words[i]!);
        i++;
      }
    }
    return { hits, rest, parts, words, combinations: this.combinationsOf(hits), context };
  }

  /**
   * The combination codes of the named concepts: each combination whose groups are all held by
   * distinct named concepts; one that joins a subset of another's concepts is left out (htn + chf
   * + ckd is I13.0, not also I11.0), most conditions first.
   */
  private combinationsOf(hits: readonly ConceptHit[]): { code: string; conceptIds: string[] }[] {
    if (hits.length < 2) { return []; }
    const found: { code: string; conceptIds: string[] }[] = [];
    for (const combination of this.data.combinations) {
      const used = new Set<number>();
      const ok = combination.all.every((group) => {
        const at = hits.findIndex((h, i) => !used.has(i) && this.groupsOf.get(h.concept.id)!.has(group));
        if (at < 0) { return false; }
        used.add(at);
        return true;
      });
      if (ok) { found.push({ code: combination.code, conceptIds: [...used].map((i) => hits[i]!.concept.id) }); }
    }
    found.sort((a, b) => b.conceptIds.length - a.conceptIds.length);
    const kept: typeof found = [];
    for (const f of found) {
      const subsumed = kept.some((k) => k.conceptIds.length > f.conceptIds.length && f.conceptIds.every((id) => k.conceptIds.includes(id)));
      if (!subsumed && !kept.some((k) => k.code === f.code)) { kept.push(f); }
    }
    return kept;
  }
}

let loaded: ClinicalTerms | null = null;

/** The clinical terms of `CLINICAL_TERMS_FILE`, read and checked (zod) once per process. Throws when the file is malformed. */
export function clinicalTerms(): ClinicalTerms {
  loaded ??= new ClinicalTerms(termsFileSchema.parse(JSON.parse(fs.readFileSync(CLINICAL_TERMS_FILE, 'utf8'))));
  return loaded;
}
