import {
  surveyInstrumentCodes,
  surveyScoreSchema,
  type SurveyAnswer,
  type SurveyInstrumentCode,
  type SurveyScore,
  type SurveySummary,
} from '@vigil/contract';
import { surveyInstruments } from '../../db/seed/data/survey-instruments';
import type * as repo from './surveys.repo';

/** A stored instrument code as the contract's enum (null for anything else). */
export const instrumentOf = (code: string | null): SurveyInstrumentCode | null =>
  code !== null && (surveyInstrumentCodes as readonly string[]).includes(code) ? (code as SurveyInstrumentCode) : null;

/**
 * What a seeded validated instrument carries beside its items (db/seed/data/survey-instruments.ts;
 * docs/assessments.md "Reproduction terms" and "Spanish versions"): its reproduction line in English
 * and Spanish, its Spanish instructions and the published Spanish version they follow, or
 * `englishOnly` when it has none; nulls and false for any other template.
 */
export function copyrightOf(code: string | null): { copyright: string | null; copyrightEs: string | null; descriptionEs: string | null; spanishSource: string | null; englishOnly: boolean } {
  const instrument = surveyInstruments.find((i) => i.code === code);
  return {
    copyright: instrument?.copyright ?? null,
    copyrightEs: instrument?.copyrightEs ?? null,
    descriptionEs: instrument?.spanish ? instrument.descriptionEs : null,
    spanishSource: instrument?.spanish?.source ?? null,
    englishOnly: !!instrument && instrument.spanish === null,
  };
}

/** The stored score (surveys.score_json), or null when absent or not of the contract's shape. */
export function toScore(json: unknown): SurveyScore | null {
  if (json === null || json === undefined) { return null; }
  const parsed = surveyScoreSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A survey row as the lists show it. */
export function toSurveySummary(row: repo.SurveyRow): SurveySummary {
  const s = row.s;
  return {
    id: s.id,
    surveyRecurrenceId: s.recurrenceId,
    templateId: s.templateId,
    templateName: row.templateName,
    templateNameEs: row.templateNameEs,
    instrumentCode: instrumentOf(row.instrumentCode),
    patientId: s.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`.trim(),
    hospitalId: s.hospitalId,
    dueAt: s.dueAt.toISOString(),
    dueDate: s.dueDate,
    status: s.status as SurveySummary['status'],
    answeredCount: Number(row.answeredCount),
    questionCount: Number(row.questionCount),
    startedAt: iso(s.startedAt),
    completedAt: iso(s.completedAt),
    answeredVia: (s.answeredVia as SurveySummary['answeredVia']) ?? null,
    score: toScore(s.scoreJson),
  };
}

/** A saved answer. */
export function toAnswer(a: repo.AnswerRow): SurveyAnswer {
  return {
    questionId: a.questionId,
    questionText: a.questionText,
    offeredAnswerIds: a.offeredAnswerIds,
    answerText: a.answerText,
    valueNumber: a.valueNumber === null ? null : Number(a.valueNumber),
    valueDate: a.valueDate,
    score: a.score === null ? null : Number(a.score),
    answeredAt: a.answeredAt.toISOString(),
  };
}
