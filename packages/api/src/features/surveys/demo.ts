/**
 * Demo assessments for `npm start` (README "Demo logins"): a few patients of the demo nurse's
 * office get monthly PHQ-9 and GAD-7 recurrences started five months ago, with a completed survey
 * for each past month (staff-entered answers scored by the engine), so the score trend and the
 * mental-health list have content; this month's surveys are open. Run once: nothing happens when
 * any survey has been completed already.
 */
import type { AppContext } from '../../context';
import { systemScope } from '../../db/scope';
import { addDays, localDateOf, officeTimeZone } from '../../lib/office-calendar';
import { enableAssessments } from '../offices/index';
import { createRecurrence } from './assignments.service';
import { occurrencesBetween } from './recurrence';
import { scoreSurvey } from './scoring/score';
import * as repo from './surveys.repo';
import * as templatesRepo from './templates.repo';
import { systemDb, tenantDb } from '../../db/handles';
import { loadTemplate } from './templates.service';

/** PHQ-9 and GAD-7 totals per patient, oldest month first (improving, worsening, steady, severe with item 9 at the end). */
const TRENDS: { PHQ9: number[]; GAD7: number[]; item9Last: boolean }[] = [
  { PHQ9: [19, 16, 13, 10, 8], GAD7: [15, 13, 11, 9, 6], item9Last: false },
  { PHQ9: [6, 8, 11, 14, 17], GAD7: [5, 7, 9, 12, 14], item9Last: true },
  { PHQ9: [4, 3, 5, 4, 3], GAD7: [3, 4, 2, 3, 2], item9Last: false },
  { PHQ9: [21, 20, 22, 19, 21], GAD7: [16, 17, 15, 18, 16], item9Last: false },
];

/** Item scores (0-3 each) over `count` items adding up to `total`, spread evenly. */
function spread(total: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
}

export async function seedDemoAssessments(ctx: AppContext, now = new Date()): Promise<{ patients: number; surveys: number }> {
  const scope = systemScope;
  if (await repo.anyCompletedSurvey(systemDb(ctx.db))) { return { patients: 0, surveys: 0 }; }
  const offices = await repo.findOfficePatientsOfUser(systemDb(ctx.db), 'nurse', TRENDS.length);
  await enableAssessments(scope, ctx.db, offices.map((o) => o.hospitalId));
  const office = offices.find((o) => o.patientIds.length > 0);
  if (!office) { return { patients: 0, surveys: 0 }; }
  const { rows } = await templatesRepo.findTemplatesPage(tenantDb(scope, ctx.db), { hospitalId: 'library' }, { page: 1, pageSize: 50 });
  const templates = { PHQ9: rows.find((r) => r.instrumentCode === 'PHQ9'), GAD7: rows.find((r) => r.instrumentCode === 'GAD7') };
  if (!templates.PHQ9 || !templates.GAD7) { return { patients: 0, surveys: 0 }; }
  const tz = officeTimeZone(office.timeZone);
  // About five and a half months back: five past months completed, the latest due survey (this month's) left open.
  const startDate = addDays(localDateOf(now, tz), -170);
  let created = 0;
  await ctx.db.transaction(async (tx) => {
    for (const [p, patientId] of office.patientIds.entries()) {
      const trend = TRENDS[p]!;
      for (const code of ['PHQ9', 'GAD7'] as const) {
        const template = await loadTemplate(scope, tx, templates[code]!.id);
        const values = { templateId: template.id, patientId, hospitalId: office.hospitalId, ruleKey: 'MONTHLY', rrule: 'FREQ=MONTHLY', startDate, endDate: null, dueTime: '09:00', timeZone: tz, planAssignmentId: null, createdBy: office.userId };
        const recurrenceId = await createRecurrence(scope, tx, values, now);
        if (recurrenceId === null) { continue; }
        const due = occurrencesBetween(values, null, now).slice(0, trend[code].length);
        for (const [m, dueAt] of due.entries()) {
          const scored = template.questions.filter((q) => q.itemKey && Number(q.itemKey.split('.')[1]) <= (code === 'PHQ9' ? 9 : 7));
          const items = spread(trend[code][m]!, scored.length);
          if (code === 'PHQ9' && trend.item9Last && m === due.length - 1 && items[8] === 0) {
            items[8] = 1;
            items[0] = Math.max(0, items[0]! - 1);
          }
          const chosen = scored.map((q, i) => ({ q, a: q.offeredAnswers.find((a) => a.score === items[i])! }));
          const score = scoreSurvey({ instrumentCode: code, answers: chosen.map(({ q, a }) => ({ itemKey: q.itemKey, score: a.score, answerText: a.text })), sex: null, maxTotal: null });
          const completedAt = new Date(dueAt.getTime() + 2 * 3_600_000);
          const [surveyId] = await repo.insertSurveys(tenantDb(scope, tx), [
            { recurrenceId, templateId: template.id, patientId, hospitalId: office.hospitalId, dueAt, dueDate: localDateOf(dueAt, tz), status: 'completed', startedAt: completedAt, completedAt, completedBy: office.userId, answeredVia: 'staff', totalScore: score.total, scoreJson: score as unknown as Record<string, unknown>, severity: score.band?.severity ?? null },
          ]);
          if (surveyId === undefined) { continue; }
          await repo.upsertAnswers({ scope }, tx, chosen.map(({ q, a }) => ({ surveyId, questionId: q.id, questionText: q.text, offeredAnswerIds: [a.id], answerText: a.text, score: a.score, answeredBy: office.userId, answeredAt: completedAt })));
          created++;
        }
      }
    }
  });
  return { patients: office.patientIds.length, surveys: created };
}
