/**
 * The survey scoring engine: facts in (the instrument, each answered item's key and score), score,
 * band, safety flags and evidence out. Pure: no database, no clock (HOUSE_STYLE section 8, like
 * features/billing/engine). The published rules and their sources are in docs/assessments.md and
 * scoring/bands.ts.
 */
import type { SurveyBand, SurveyEvidence, SurveyInstrumentCode, SurveyScore } from '@vigil/contract';
import { auditBands, auditCBands, gad7Bands, mdqBands, phq2Bands, phq9Bands } from './bands';

/** One answered (or unanswered) question as the engine sees it. */
export interface ScoringAnswer {
  /** A validated instrument's item key ('PHQ9.9'); null on an office template's question. */
  itemKey: string | null;
  /** The chosen answer's score (a multiple choice: their sum); null when the answer carries none. */
  score: number | null;
  /** The chosen answer's text (evidence only). */
  answerText: string | null;
}

export interface ScoringFacts {
  instrumentCode: SurveyInstrumentCode | null;
  answers: ScoringAnswer[];
  /** The patient's recorded sex (AUDIT-C cut-off); null when not recorded. */
  sex: 'male' | 'female' | null;
  /** An office template's highest possible total (sum of each question's best answer), null when unknown. */
  maxTotal: number | null;
}

/** Safety flag raised by a PHQ-9 item 9 answer above 0 (docs/assessments.md "Safety"). */
export const PHQ9_ITEM9_POSITIVE = 'PHQ9_ITEM9_POSITIVE';

const ev = (code: string, text: string, textEs: string): SurveyEvidence => ({ code, text, textEs });

function bandFor(bands: SurveyBand[], total: number): SurveyBand | null {
  return bands.find((b) => b.min !== null && b.max !== null && total >= b.min && total <= b.max) ?? null;
}

function scoreOf(answers: Map<string, ScoringAnswer>, key: string): number | null {
  const a = answers.get(key);
  return a && a.score !== null ? a.score : null;
}

/** Sums items `prefix.1` .. `prefix.count`; missing items are listed. */
function sumItems(answers: Map<string, ScoringAnswer>, prefix: string, count: number): { total: number; missing: string[] } {
  let total = 0;
  const missing: string[] = [];
  for (let i = 1; i <= count; i++) {
    const s = scoreOf(answers, `${prefix}.${i}`);
    if (s === null) { missing.push(`${prefix}.${i}`); }
    else { total += s; }
  }
  return { total, missing };
}

function incomplete(maxTotal: number, total: number, missing: string[]): SurveyScore {
  return {
    total,
    maxTotal,
    band: null,
    flags: [],
    evidence: [ev('INCOMPLETE', `Not scored: items ${missing.join(', ')} are unanswered`, `Sin puntuar: faltan los ítems ${missing.join(', ')}`)],
  };
}

function summed(code: string, label: string, prefix: string, count: number, maxTotal: number, bands: SurveyBand[], answers: Map<string, ScoringAnswer>): SurveyScore {
  const { total, missing } = sumItems(answers, prefix, count);
  if (missing.length > 0) { return incomplete(maxTotal, total, missing); }
  const band = bandFor(bands, total);
  const evidence = [
    ev('TOTAL', `${label} total ${total} of ${maxTotal} (sum of items 1-${count})`, `Total ${label} ${total} de ${maxTotal} (suma de los ítems 1-${count})`),
  ];
  if (band) { evidence.push(ev('BAND', band.label, band.labelEs)); }
  return { total, maxTotal, band, flags: [], evidence: evidence.map((e) => ({ ...e, code: `${code}_${e.code}` })) };
}

function phq9(answers: Map<string, ScoringAnswer>): SurveyScore {
  const out = summed('PHQ9', 'PHQ-9', 'PHQ9', 9, 27, phq9Bands, answers);
  const item9 = answers.get('PHQ9.9');
  if (item9 && item9.score !== null && item9.score > 0) {
    out.flags.push(PHQ9_ITEM9_POSITIVE);
    const said = item9.answerText ? ` "${item9.answerText}"` : '';
    out.evidence.push(
      ev(
        PHQ9_ITEM9_POSITIVE,
        `Item 9 (thoughts of being better off dead or of self-harm) answered${said} (${item9.score}): assess suicide risk now`,
        `Ítem 9 (pensamientos de muerte o de hacerse daño) respondido${said} (${item9.score}): evalúe ahora el riesgo de suicidio`,
      ),
    );
  }
  return out;
}

function auditC(answers: Map<string, ScoringAnswer>, sex: ScoringFacts['sex']): SurveyScore {
  const cutOff = sex === 'male' ? 4 : 3;
  const out = summed('AUDITC', 'AUDIT-C', 'AUDITC', 3, 12, auditCBands(cutOff), answers);
  if (out.band) {
    out.evidence.push(
      ev(
        'AUDITC_CUTOFF',
        sex === null ? `Cut-off ${cutOff}: no sex recorded, the lower (women's) cut-off applies` : `Cut-off ${cutOff} for ${sex === 'male' ? 'men' : 'women'}`,
        sex === null ? `Punto de corte ${cutOff}: sin sexo registrado se aplica el menor (el de las mujeres)` : `Punto de corte ${cutOff} para ${sex === 'male' ? 'hombres' : 'mujeres'}`,
      ),
    );
  }
  return out;
}

const mdqQ1Keys = 'abcdefghijklm'.split('').map((l) => `MDQ.1${l}`);

function mdq(answers: Map<string, ScoringAnswer>): SurveyScore {
  const missing = [...mdqQ1Keys, 'MDQ.2', 'MDQ.3'].filter((k) => scoreOf(answers, k) === null);
  const yes = mdqQ1Keys.filter((k) => (scoreOf(answers, k) ?? 0) >= 1).length;
  if (missing.length > 0) { return incomplete(13, yes, missing); }
  const sameTime = (scoreOf(answers, 'MDQ.2') ?? 0) >= 1;
  const problem = scoreOf(answers, 'MDQ.3') ?? 0;
  const enoughYes = yes >= 7;
  const enoughProblem = problem >= 2;
  const positive = enoughYes && sameTime && enoughProblem;
  const band = positive ? mdqBands[1]! : mdqBands[0]!;
  const mark = (ok: boolean) => (ok ? 'met' : 'not met');
  const markEs = (ok: boolean) => (ok ? 'cumplido' : 'no cumplido');
  return {
    total: yes,
    maxTotal: 13,
    band,
    flags: [],
    evidence: [
      ev('MDQ_Q1', `Question 1: ${yes} of 13 items "yes" (7 or more needed: ${mark(enoughYes)})`, `Pregunta 1: ${yes} de 13 ítems "sí" (se necesitan 7 o más: ${markEs(enoughYes)})`),
      ev('MDQ_Q2', `Question 2: several at the same time "${sameTime ? 'yes' : 'no'}" ("yes" needed: ${mark(sameTime)})`, `Pregunta 2: varias a la vez "${sameTime ? 'sí' : 'no'}" (se necesita "sí": ${markEs(sameTime)})`),
      ev('MDQ_Q3', `Question 3: problem level ${problem} of 3 (moderate or serious needed: ${mark(enoughProblem)})`, `Pregunta 3: nivel de problema ${problem} de 3 (se necesita moderado o grave: ${markEs(enoughProblem)})`),
      ev('MDQ_BAND', band.label, band.labelEs),
    ],
  };
}

function custom(facts: ScoringFacts): SurveyScore {
  const scored = facts.answers.filter((a) => a.score !== null);
  const total = scored.reduce((sum, a) => sum + (a.score ?? 0), 0);
  return {
    total,
    maxTotal: facts.maxTotal,
    band: null,
    flags: [],
    evidence: [ev('TOTAL', `Total ${total}: sum of the scores of ${scored.length} answers`, `Total ${total}: suma de las puntuaciones de ${scored.length} respuestas`)],
  };
}

/**
 * Scores one survey.
 *
 * - PHQ-9: total of items 1-9 (0-27) and its band; flag PHQ9_ITEM9_POSITIVE when item 9 scores
 *   above 0 (item 10, difficulty, is not scored).
 * - PHQ-2: items 1-2 (0-6); GAD-7: items 1-7 (0-21); AUDIT: items 1-10 (0-40); AUDIT-C: items 1-3
 *   (0-12, cut-off 4 for men and 3 for women or when no sex is recorded).
 * - MDQ: the total is the count of "yes" among question 1's 13 items; positive only with 7 or more,
 *   "yes" to question 2 and a moderate or serious problem (question 3 scored 2 or 3).
 * - An office template: the sum of the answers' scores, no band.
 *
 * A validated instrument with an unanswered scored item gets no band (evidence INCOMPLETE).
 * Sources: docs/assessments.md.
 */
export function scoreSurvey(facts: ScoringFacts): SurveyScore {
  const answers = new Map<string, ScoringAnswer>();
  for (const a of facts.answers) { if (a.itemKey) { answers.set(a.itemKey, a); } }
  switch (facts.instrumentCode) {
    case 'PHQ9':
      return phq9(answers);
    case 'PHQ2':
      return summed('PHQ2', 'PHQ-2', 'PHQ2', 2, 6, phq2Bands, answers);
    case 'GAD7':
      return summed('GAD7', 'GAD-7', 'GAD7', 7, 21, gad7Bands, answers);
    case 'AUDIT':
      return summed('AUDIT', 'AUDIT', 'AUDIT', 10, 40, auditBands, answers);
    case 'AUDITC':
      return auditC(answers, facts.sex);
    case 'MDQ':
      return mdq(answers);
    case null:
      return custom(facts);
  }
}
