import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { surveyOfferedAnswers, surveyQuestions, surveyTemplates } from '../schema/index';
import { surveyInstruments } from './data/survey-instruments';

/**
 * Seeds the validated instruments (data/survey-instruments.ts; docs/assessments.md) as locked
 * templates of the system library, one per instrument code, with their items, answer options,
 * scores and LOINC codes. Idempotent: an instrument already present keeps its questions and answer
 * options (their ids are referenced by answers); its names, codes and the wording of its items and
 * options (English and Spanish, matched by item key and option order) are refreshed.
 */
export async function seedSurveyInstruments(db: Db): Promise<void> {
  for (const [order, instrument] of surveyInstruments.entries()) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: surveyTemplates.id })
        .from(surveyTemplates)
        .where(and(eq(surveyTemplates.instrumentCode, instrument.code), isNull(surveyTemplates.hospitalId)))
        .limit(1);
      const values = {
        name: instrument.name,
        nameEs: instrument.nameEs,
        description: instrument.description,
        category: instrument.code,
        loincCode: instrument.loinc,
        isLocked: true,
        status: 'active',
      };
      if (existing) {
        await tx.update(surveyTemplates).set(values).where(eq(surveyTemplates.id, existing.id));
        // The item and answer wording follows the data (a corrected published Spanish text, or an
        // English-only instrument's Spanish emptied); ids, scores and order stay as answered.
        for (const item of instrument.items) {
          const [question] = await tx
            .update(surveyQuestions)
            .set({ text: item.text, textEs: item.textEs })
            .where(and(eq(surveyQuestions.templateId, existing.id), eq(surveyQuestions.itemKey, item.key)))
            .returning({ id: surveyQuestions.id });
          if (!question) { continue; }
          for (const [j, a] of item.answers.entries()) {
            await tx
              .update(surveyOfferedAnswers)
              .set({ text: a.text, textEs: a.textEs })
              .where(and(eq(surveyOfferedAnswers.questionId, question.id), eq(surveyOfferedAnswers.sortOrder, j)));
          }
        }
        return;
      }
      const [template] = await tx
        .insert(surveyTemplates)
        .values({ ...values, hospitalId: null, instrumentCode: instrument.code, createdAt: new Date(Date.UTC(2026, 0, 1, 0, order)) })
        .returning({ id: surveyTemplates.id });
      for (const [i, item] of instrument.items.entries()) {
        const [question] = await tx
          .insert(surveyQuestions)
          .values({ templateId: template!.id, text: item.text, textEs: item.textEs, answerType: 1, isRequired: item.required, sortOrder: i, itemKey: item.key, loincCode: item.loinc })
          .returning({ id: surveyQuestions.id });
        await tx.insert(surveyOfferedAnswers).values(
          item.answers.map((a, j) => ({ questionId: question!.id, text: a.text, textEs: a.textEs, score: a.score, sortOrder: j, loincAnswerCode: a.loinc })),
        );
      }
    });
  }
}
