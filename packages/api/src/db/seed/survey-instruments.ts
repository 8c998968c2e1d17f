import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { surveyOfferedAnswers, surveyQuestions, surveyTemplates } from '../schema/index';
import { surveyInstruments } from './data/survey-instruments';

/**
 * Seeds the validated instruments (data/survey-instruments.ts; docs/assessments.md) as locked
 * templates of the system library, one per instrument code, with their items, answer options,
 * scores and LOINC codes. Idempotent: an instrument already present is left as it is (its
 * questions' ids are referenced by answers), only its names and codes are refreshed.
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
