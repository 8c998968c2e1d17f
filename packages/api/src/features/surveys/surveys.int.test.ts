import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, notifications as notificationsApi, surveys as surveysApi, type EndpointDef } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallInput, type CallResult, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hospitals, medicalTeamMembers, medicalTeams, notifications, surveyRecurrences, surveys, treatmentPlanPatients, treatmentPlans } from '../../db/schema/index';
import { createDueSurveys } from './assignments.service';
import { fhirR4Validator } from '../../../test/fhir-r4';
import { findCompletedAssessments } from '../billing/generation.repo';
import { systemScope } from '../../db/scope';
import { tenantDb } from '../../db/handles';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const callAs = callerFor(() => t);

/** The answer's body, once its status is `status`. */
function ok<D extends EndpointDef>(res: CallResult<D>, status = 200) {
  expect(res.status, res.reply.body).toBe(status);
  return res.body;
}

interface TemplateView {
  id: number;
  instrumentCode: string | null;
  isLocked: boolean;
  /** the instrument's reproduction line (docs/assessments.md), English and Spanish */
  copyright: string | null;
  copyrightEs: string | null;
  questions: { id: number; itemKey: string | null; answerType: number; offeredAnswers: { id: number; score: number; text: string }[] }[];
}

let library: Map<string, TemplateView>;
let validateResource: (resource: unknown) => void;

/** Answers for a PHQ-9 with these item scores (items 1-9), through the offered answers. */
function phq9Answers(scores: number[]) {
  const tpl = library.get('PHQ9')!;
  return scores.map((score, i) => {
    const q = tpl.questions[i]!;
    return { questionId: q.id, offeredAnswerIds: [q.offeredAnswers.find((a) => a.score === score)!.id] };
  });
}

type AssignBody = NonNullable<CallInput<typeof surveysApi.assignSurveyTemplateToPatient>['body']>;
async function assignPhq9(patient: { id: number }, who: CallUser = f.nurseA1, extra: Partial<AssignBody> = {}) {
  return ok(await callAs(who, surveysApi.assignSurveyTemplateToPatient, { body: { templateId: library.get('PHQ9')!.id, patientId: patient.id, recurrenceRule: 'MONTHLY', ...extra } }), 201);
}

async function openSurveyOf(patient: { id: number }, who: CallUser = f.nurseA1) {
  const list = ok(await callAs(who, surveysApi.getAssignedInProgressSurveysForPatient, { headers: { patientid: patient.id } }));
  return (list as { id: number; status: string; surveyRecurrenceId: number; instrumentCode: string | null }[]).find((x) => x.instrumentCode === 'PHQ9')!;
}

beforeAll(async () => {
  validateResource = await fhirR4Validator();
  t = await createTestApp();
  f = await createTenancyFixture(t);
  for (const office of [f.a1, f.a2, f.b1]) { await t.ctx.db.update(hospitals).set({ assessmentsEnabled: true }).where(eq(hospitals.id, office.id)); }
  // The a1 patient's care team: the a1 doctor and nurse (alerts go to them).
  const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  await t.ctx.db.insert(medicalTeamMembers).values([
    { medicalTeamId: team!.id, userId: f.doctorA1.id },
    { medicalTeamId: team!.id, userId: f.nurseA1.id },
  ]);
  const list = ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplatesForOffice, { headers: { hospitalid: f.a1.id } }));
  library = new Map();
  for (const summary of list as { id: number; instrumentCode: string | null }[]) {
    if (summary.instrumentCode) { library.set(summary.instrumentCode, ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplate, { params: { id: summary.id } }))); }
  }
});
afterAll(async () => t?.close());

describe('the validated instruments in the library', () => {
  it('are seeded locked with their published items, scores and LOINC codes', () => {
    expect([...library.keys()].sort()).toEqual(['AUDIT', 'AUDITC', 'GAD7', 'MDQ', 'PHQ2', 'PHQ9']);
    const phq9 = library.get('PHQ9')!;
    expect(phq9.isLocked).toBe(true);
    expect(phq9.questions).toHaveLength(10);
    expect(phq9.questions[8]!.itemKey).toBe('PHQ9.9');
    expect(phq9.questions[0]!.offeredAnswers.map((a) => a.score)).toEqual([0, 1, 2, 3]);
    expect(library.get('AUDIT')!.questions[9]!.offeredAnswers.map((a) => a.score)).toEqual([0, 2, 4]);
    expect(library.get('MDQ')!.questions).toHaveLength(15);
    // each carries its reproduction line (docs/assessments.md "Reproduction terms"), in both languages
    expect(phq9.copyright).toMatch(/^Developed by Drs\. Robert L\. Spitzer.*Pfizer Inc\. No permission required to reproduce, translate, display or distribute\.$/);
    expect(phq9.copyrightEs).toContain('Pfizer Inc.');
    expect(library.get('AUDITC')!.copyright).toBe('AUDIT © World Health Organization.');
    for (const tpl of library.values()) { expect([tpl.copyright, tpl.copyrightEs]).toEqual([expect.any(String), expect.any(String)]); }
  });

  it('cannot be changed, even by a system admin (403 surveyTemplateLocked)', async () => {
    const id = library.get('GAD7')!.id;
    const res = await callAs(f.sysadmin, surveysApi.updateSurveyTemplate, { params: { id }, body: { name: 'Mine' } });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('A validated instrument cannot be changed; copy it to make an office template');
    expect((await callAs(f.sysadmin, surveysApi.deleteSurveyTemplate, { params: { id } })).status).toBe(403);
  });
});

describe('office templates, questions and offered answers', () => {
  let templateId: number;

  it('creates a template with questions, answers and scores, reorders them and exports a valid Questionnaire', async () => {
    const tpl = ok(await callAs(f.officeAdminA1, surveysApi.createSurveyTemplate, { body: { hospitalId: f.a1.id, name: 'Sleep check', category: 'PHQ9' } }), 201);
    templateId = tpl.id;
    const q1 = ok(await callAs(f.doctorA1, surveysApi.createSurveyQuestion, { body: { templateId, text: 'How well do you sleep?', answerType: 1 } }), 201);
    const q2 = ok(await callAs(f.doctorA1, surveysApi.createSurveyQuestion, { body: { templateId, text: 'Do you nap?', answerType: '7' } }), 201);
    expect(q2.offeredAnswers.map((a: { text: string; score: number }) => [a.text, a.score])).toEqual([
      ['Yes', 1],
      ['No', 0],
    ]);
    const good = ok(await callAs(f.doctorA1, surveysApi.createSurveyOfferedAnswer, { body: { questionId: q1.id, text: 'Well', score: 0 } }), 201);
    const bad = ok(await callAs(f.doctorA1, surveysApi.createSurveyOfferedAnswer, { body: { questionId: q1.id, text: 'Badly', score: 3 } }), 201);
    const reordered = ok(await callAs(f.doctorA1, surveysApi.reorderSurveyOfferedAnswers, { body: { questionId: q1.id, offeredAnswerIds: [bad.id, good.id] } }));
    expect(reordered.map((a: { id: number }) => a.id)).toEqual([bad.id, good.id]);
    const questions = ok(await callAs(f.doctorA1, surveysApi.reorderSurveyQuestions, { body: { templateId, questionIds: [q2.id, q1.id] } }));
    expect(questions.map((q: { id: number }) => q.id)).toEqual([q2.id, q1.id]);
    const full = ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplate, { params: { id: templateId } }));
    expect(full.maxScore).toBe(4);
    // an office's own template is no validated instrument: no reproduction line
    expect([full.copyright, full.copyrightEs]).toEqual([null, null]);
    const questionnaire = ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplateFhir, { params: { id: templateId } }));
    expect(questionnaire.resourceType).toBe('Questionnaire');
    expect(questionnaire).not.toHaveProperty('copyright');
    expect(() => validateResource(questionnaire)).not.toThrow();
    const phq9 = ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplateFhir, { params: { id: library.get('PHQ9')!.id } }));
    expect(phq9.copyright).toBe(library.get('PHQ9')!.copyright);
    expect(() => validateResource(phq9)).not.toThrow();
  });

  it('refuses a reorder that is not every item once, a free-text question with offered answers, and answer type 4', async () => {
    const tpl = ok(await callAs(f.nurseA1, surveysApi.getSurveyTemplate, { params: { id: templateId } }));
    const [first] = tpl.questions;
    expect((await callAs(f.doctorA1, surveysApi.reorderSurveyQuestions, { body: { templateId, questionIds: [first!.id] } })).code).toBe('surveyReorderMismatch');
    expect((await callAs(f.doctorA1, surveysApi.updateSurveyQuestion, { params: { id: first!.id }, body: { text: 'x', answerType: 3 } })).code).toBe('surveyQuestionNotChoice');
    const type4 = await callAs(f.doctorA1, surveysApi.createSurveyQuestion, { body: { templateId, text: 'Score', answerType: invalid(4) } });
    expect(type4.status).toBe(400);
    expect(type4.errors).toEqual({ answerType: 'This field needs to be formatted' });
    const empty = await callAs(f.doctorA1, surveysApi.createSurveyQuestion, { body: { templateId, text: '', answerType: 1 }, lang: 'es' });
    expect(empty.errors).toEqual({ text: 'Este campo es obligatorio' });
  });

  it('keeps another office and organization out (404)', async () => {
    expect((await callAs(f.doctorA2, surveysApi.getSurveyTemplate, { params: { id: templateId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, surveysApi.getSurveyTemplate, { params: { id: templateId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, surveysApi.updateSurveyTemplate, { params: { id: templateId }, body: { name: 'x' } })).status).toBe(404);
    expect((await callAs(f.doctorB1, surveysApi.getSurveyTemplatesForOffice, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const page = ok(await callAs(f.doctorB1, surveysApi.getListOfSurveyTemplates, { query: { pageSize: 200 } }));
    expect(page.items.map((i: { id: number }) => i.id)).not.toContain(templateId);
    expect(page.items.filter((i: { isLocked: boolean }) => i.isLocked)).toHaveLength(6);
  });

  it('refuses to delete a template assigned to a patient with the server error body (spec sections 5 and 8)', async () => {
    ok(await callAs(f.nurseA1, surveysApi.assignSurveyTemplateToPatient, { body: { templateId, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } }), 201);
    const res = await callAs(f.officeAdminA1, surveysApi.deleteSurveyTemplate, { params: { id: templateId }, lang: 'es' });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ resFlag: false, code: 'surveyTemplateAssigned', msg: 'Esta plantilla de evaluación está asignada a un paciente y no se puede eliminar' });
    const spare = ok(await callAs(f.officeAdminA1, surveysApi.createSurveyTemplate, { body: { hospitalId: f.a1.id, name: 'Spare', copyFromTemplateId: templateId } }), 201);
    expect(spare.questions).toHaveLength(2);
    expect(ok(await callAs(f.officeAdminA1, surveysApi.deleteSurveyTemplate, { params: { id: spare.id } }))).toEqual({ id: spare.id });
  });
});

describe('assigning, answering and scoring a PHQ-9', () => {
  it('assigns a monthly PHQ-9 whose first survey is open today, listed with its upcoming occurrences', async () => {
    const rec = await assignPhq9(f.patientA1);
    expect(rec).toMatchObject({ recurrenceRule: 'MONTHLY', rrule: 'FREQ=MONTHLY', status: 'active', dueTime: '09:00' });
    const child = ok(await callAs(f.nurseA1, surveysApi.getSurveyRecurrenceChildData, { headers: { surveyrecurrenceid: rec.id } }));
    expect(child.occurrences.filter((o: { status: string }) => o.status === 'upcoming')).toHaveLength(5);
    expect(child.occurrences.at(-1)!.status).toBe('assigned');
    const forPatient = ok(await callAs(f.doctorA1, surveysApi.getSurveyRecurrencesForPatient, { headers: { patientid: f.patientA1.id } }));
    expect(forPatient.map((r: { id: number }) => r.id)).toContain(rec.id);
  });

  it('keeps partial answers, refuses an incomplete submission, then scores 17 with item 9 and alerts the care team once', async () => {
    const survey = await openSurveyOf(f.patientA1);
    const answers = phq9Answers([2, 2, 2, 2, 2, 2, 2, 2, 1]);
    const partial = ok(await callAs(f.nurseA1, surveysApi.saveSurvey, { params: { id: survey.id }, body: { answers: answers.slice(0, 4) } }));
    expect(partial.status).toBe('inProgress');
    expect(partial.answers).toHaveLength(4);
    const incomplete = await callAs(f.nurseA1, surveysApi.saveSurvey, { params: { id: survey.id }, body: { submit: true } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.code).toBe('surveyIncomplete');
    const wrong = await callAs(f.nurseA1, surveysApi.saveSurvey, { params: { id: survey.id }, body: { answers: [{ questionId: answers[4]!.questionId, offeredAnswerIds: [answers[0]!.offeredAnswerIds[0]!] }] } });
    expect(wrong.errors).toEqual({ 'answers.0': 'This answer does not fit the question' });

    const done = ok(await callAs(f.nurseA1, surveysApi.saveSurvey, { params: { id: survey.id }, body: { answers: answers.slice(4), submit: true } }));
    expect(done.status).toBe('completed');
    expect(done.score).toMatchObject({ total: 17, band: { key: 'moderatelySevere' }, flags: ['PHQ9_ITEM9_POSITIVE'] });
    const again = await callAs(f.nurseA1, surveysApi.saveSurvey, { params: { id: survey.id }, body: { submit: true } });
    expect(again.status).toBe(409);
    expect(again.code).toBe('surveyAlreadySubmitted');

    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.relatedPatientId, f.patientA1.id));
    expect(alerts.map((n) => [n.toUserId, n.notificationTypeId, n.severity]).sort()).toEqual(
      [
        [f.doctorA1.id, 12, 2],
        [f.nurseA1.id, 12, 2],
      ].sort(),
    );
    expect(alerts[0]!.messageEn).toContain('score 17 (Moderately severe depression (15-19)); item 9');
    // Item 9's answer in each reader's language (the offered answer's own texts).
    expect(alerts[0]!.messageEn).toContain('answered "Several days"');
    expect(alerts[0]!.messageEs).toContain('respondido "Varios días"');
    expect(alerts[0]!.additionalData).toMatchObject({ item9Answer: 'Several days', item9AnswerEs: 'Varios días' });
    const worklist = ok(await callAs(f.nurseA1, notificationsApi.getMyPushNotificationsWithPatient, { query: { filtercase: 'ALL' } }));
    expect(worklist.items.map((n: { notificationTypeId: number }) => n.notificationTypeId)).toContain(12);

    const report = ok(await callAs(f.doctorA1, surveysApi.getSurveysReportForPatient, { headers: { patientid: f.patientA1.id, filtercase: 'month' } }));
    const series = report.series.find((s) => s.instrumentCode === 'PHQ9');
    expect(series!.points.map((p) => p.total)).toEqual([17]);
    expect(series!.bands).toHaveLength(5);

    const bundle = ok(await callAs(f.doctorA1, surveysApi.getSurveyFhir, { params: { id: survey.id } }));
    expect(() => validateResource(bundle)).not.toThrow();
    for (const entry of (bundle as unknown as { entry: { resource: unknown }[] }).entry) { expect(() => validateResource(entry.resource)).not.toThrow(); }
    const observation = (bundle as unknown as { entry: { resource: unknown }[] }).entry[1]!.resource as { code: { coding: { code: string }[] }; valueInteger: number };
    expect([observation.code.coding[0]!.code, observation.valueInteger]).toEqual(['44261-6', 17]);
  });

  it('gives the billing engine the completed instrument as a fact of the month (BHI / CoCM evidence)', async () => {
    const tz = 'America/New_York';
    const facts = await findCompletedAssessments(tenantDb(systemScope, t.ctx.db), { id: f.a1.id, timeZone: tz } as Parameters<typeof findCompletedAssessments>[1], [f.patientA1.id], {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 86_400_000),
    });
    expect(facts.get(f.patientA1.id)).toEqual([expect.objectContaining({ instrumentCode: 'PHQ9', total: 17, band: 'moderatelySevere' })]);
  });

  it('ranks the patient first on the mental-health list with the latest result', async () => {
    const page = ok(await callAs(f.nurseA1, surveysApi.getRelatedPatientsWithMentalHealth, { headers: { hospitalid: f.a1.id } }));
    expect(page.items[0]).toMatchObject({ id: f.patientA1.id, latestRisk: 3, hasSafetyFlag: true });
    expect(page.items[0]!.mentalHealthAssessments[0]).toMatchObject({ instrumentCode: 'PHQ9', total: 17 });
    expect((await callAs(f.doctorB1, surveysApi.getRelatedPatientsWithMentalHealth, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.nurseA1, surveysApi.getRelatedPatientsWithMentalHealth)).errors).toEqual({ hospitalid: 'This field is required' });
  });

  it('refuses a completed survey to be cancelled, and cancels an open one', async () => {
    const rec = await assignPhq9(f.patientA1, f.doctorA1, { recurrenceRule: 'ONCE' });
    const [open] = await t.ctx.db.select().from(surveys).where(eq(surveys.recurrenceId, rec.id));
    expect(ok(await callAs(f.doctorA1, surveysApi.deleteSurvey, { params: { id: open!.id } }))).toEqual({ id: open!.id, status: 'cancelled' });
    const completed = (await t.ctx.db.select().from(surveys).where(eq(surveys.status, 'completed')))[0]!;
    expect((await callAs(f.doctorA1, surveysApi.deleteSurvey, { params: { id: completed.id } })).code).toBe('surveyCompletedCannotDelete');
  });

  it('keeps other offices and organizations out of a patient\'s surveys (404)', async () => {
    const survey = (await t.ctx.db.select().from(surveys).where(eq(surveys.patientId, f.patientA1.id)))[0]!;
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      expect((await callAs(who, surveysApi.getSurvey, { params: { id: survey.id } })).status).toBe(404);
      expect((await callAs(who, surveysApi.saveSurvey, { params: { id: survey.id }, body: { answers: [] } })).status).toBe(404);
      expect((await callAs(who, surveysApi.getSurveysReportForPatient, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    }
    expect((await callAs(f.doctorB1, surveysApi.assignSurveyTemplateToPatient, { body: { templateId: library.get('PHQ9')!.id, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } })).status).toBe(404);
  });

  it('refuses an office where assessments are not enabled, and an unknown recurrence rule', async () => {
    await t.ctx.db.update(hospitals).set({ assessmentsEnabled: false }).where(eq(hospitals.id, f.a2.id));
    const res = await callAs(f.doctorA2, surveysApi.assignSurveyTemplateToPatient, { body: { templateId: library.get('GAD7')!.id, patientId: f.patientA2.id, recurrenceRule: 'WEEKLY' } });
    expect(res.reply.json()).toMatchObject({ code: 'programNotEnabled', msg: 'The Assessments program is not enabled for this office' });
    await t.ctx.db.update(hospitals).set({ assessmentsEnabled: true }).where(eq(hospitals.id, f.a2.id));
    const bad = await callAs(f.doctorA2, surveysApi.assignSurveyTemplateToPatient, { body: { templateId: library.get('GAD7')!.id, patientId: f.patientA2.id, recurrenceRule: invalid('HOURLY') } });
    expect(bad.errors).toEqual({ recurrenceRule: 'This field needs to be formatted' });
  });
});

describe('survey links (public answering)', () => {
  async function newLink(who = f.nurseA1, hours?: number) {
    const rec = ok(await callAs(who, surveysApi.assignSurveyTemplateToPatient, { body: { templateId: library.get('PHQ9')!.id, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } }), 201);
    const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.recurrenceId, rec.id));
    const created = ok(await callAs(who, surveysApi.createSurveyLink, { body: { surveyId: survey!.id, ...(hours ? { expiresInHours: hours } : {}) } }), 201);
    const token = new URLSearchParams(new URL(created.url).hash.slice(1)).get('token')!;
    return { token, link: created.link, surveyId: survey!.id };
  }

  it('lets the link holder read, save partial answers and submit once, without signing in', async () => {
    const { token, surveyId } = await newLink();
    const page = ok(await callAs(anonymous, surveysApi.getPublicSurvey, { headers: { surveytoken: token } }));
    expect(page.patient.lastInitial).toHaveLength(1);
    expect(page.questions).toHaveLength(10);
    expect(page.questions[0]!.offeredAnswers[0]).not.toHaveProperty('score');
    expect(page.copyright).toBe(library.get('PHQ9')!.copyright);
    expect(page.copyrightEs).toBe(library.get('PHQ9')!.copyrightEs);
    const answers = phq9Answers([0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(ok(await callAs(anonymous, surveysApi.savePublicSurveyAnswers, { headers: { surveytoken: token }, body: { answers: answers.slice(0, 5) } }))).toMatchObject({ status: 'inProgress', answeredCount: 5 });
    const [first, second] = await Promise.all([
      callAs(anonymous, surveysApi.submitPublicSurvey, { headers: { surveytoken: token }, body: { answers: answers.slice(5) } }),
      callAs(anonymous, surveysApi.submitPublicSurvey, { headers: { surveytoken: token }, body: { answers: answers.slice(5) } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const survey = ok(await callAs(f.doctorA1, surveysApi.getSurvey, { params: { id: surveyId } }));
    expect(survey).toMatchObject({ status: 'completed', answeredVia: 'link', score: { total: 1, band: { key: 'minimal' } } });
    const links = ok(await callAs(f.nurseA1, surveysApi.getSurveyLinks, { headers: { surveyid: surveyId } }));
    expect(links[0]).toMatchObject({ status: 'used', accessCount: 3 });
  });

  it('stops working when revoked or expired, with the same answer as an unknown token', async () => {
    const revoked = await newLink();
    ok(await callAs(f.nurseA1, surveysApi.revokeSurveyLink, { params: { id: revoked.link.id } }));
    const expired = await newLink(f.nurseA1, 1);
    await t.ctx.db.execute(`update survey_links set expires_at = now() - interval '1 minute' where id = ${expired.link.id}`);
    for (const token of [revoked.token, expired.token, 'unknownToken123']) {
      const res = await callAs(anonymous, surveysApi.getPublicSurvey, { headers: { surveytoken: token } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe('Could not get data!');
      expect((await callAs(anonymous, surveysApi.savePublicSurveyAnswers, { headers: { surveytoken: token }, body: { answers: [] } })).status).toBe(404);
    }
    expect((await callAs(anonymous, surveysApi.getPublicSurvey)).status).toBe(400);
  });

  it('keeps another office out of a survey\'s links', async () => {
    const { link, surveyId } = await newLink();
    expect((await callAs(f.doctorB1, surveysApi.revokeSurveyLink, { params: { id: link.id } })).status).toBe(404);
    expect((await callAs(f.doctorA2, surveysApi.getSurveyLinks, { headers: { surveyid: surveyId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, surveysApi.createSurveyLink, { body: { surveyId } })).status).toBe(404);
  });
});

describe('client monitoring plans and the scheduled job', () => {
  it('gives every patient of the plan, and one added later, a recurrence; removal stops them', async () => {
    const [plan] = await t.ctx.db.insert(treatmentPlans).values({ hospitalId: f.a1.id, title: 'Depression care', isClientMonitoringPlan: true }).returning();
    await t.ctx.db.insert(treatmentPlanPatients).values({ treatmentPlanId: plan!.id, patientUserId: f.patientA1.id });
    const assignment = ok(
      await callAs(f.officeAdminA1, surveysApi.assignSurveyTemplateToClientMonitoringPlan, { body: { templateId: library.get('GAD7')!.id, treatmentPlanId: plan!.id, recurrenceRule: 'WEEKLY' } }),
      201,
    );
    expect(assignment.patientCount).toBe(1);
    const other = await t.ctx.db.insert((await import('../../db/schema/index')).users).values({ username: `late${Date.now()}`, firstName: 'Late', lastName: 'Patient', roleId: Role.PATIENT, organizationId: f.orgA.id }).returning();
    await t.ctx.db.insert((await import('../../db/schema/index')).userHospitals).values({ userId: other[0]!.id, hospitalId: f.a1.id });
    await t.ctx.db.insert(treatmentPlanPatients).values({ treatmentPlanId: plan!.id, patientUserId: other[0]!.id });
    expect((await createDueSurveys(t.ctx)).recurrences).toBe(1);
    expect((await createDueSurveys(t.ctx)).recurrences).toBe(0);
    const listed = ok(await callAs(f.nurseA1, surveysApi.getClientMonitoringPlanSurveyAssignments, { headers: { hospitalid: f.a1.id } }));
    expect(listed[0]).toMatchObject({ id: assignment.id, patientCount: 2 });
    expect((await callAs(f.doctorB1, surveysApi.deassignSurveyFromClientMonitoringPlan, { headers: { surveyid: assignment.id } })).status).toBe(404);
    ok(await callAs(f.nurseA1, surveysApi.deassignSurveyFromClientMonitoringPlan, { headers: { surveyid: assignment.id } }));
    const left = await t.ctx.db.select().from(surveyRecurrences).where(eq(surveyRecurrences.templateId, library.get('GAD7')!.id));
    expect(left.every((r) => r.status === 'stopped')).toBe(true);
  });

  it('creates the next survey when it comes due, once, and assigns to several patients at once', async () => {
    const res = ok(
      await callAs(f.orgAdminA, surveysApi.assignSurveyTemplateToMultiplePatients, {
        headers: { patientsidslist: `${f.patientA1.id},${f.patientA2.id}` },
        body: { templateId: library.get('PHQ2')!.id, recurrenceRule: 'DAILY' },
      }),
      201,
    );
    expect(res.recurrences).toHaveLength(2);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const first = await createDueSurveys(t.ctx, later);
    expect(first.surveys).toBe(2);
    expect((await createDueSurveys(t.ctx, later)).surveys).toBe(0);
    expect(
      (await callAs(f.nurseA1, surveysApi.assignSurveyTemplateToMultiplePatients, { headers: { patientsidslist: `${f.patientA1.id},${f.patientB1.id}` }, body: { templateId: library.get('PHQ2')!.id, recurrenceRule: 'DAILY' } })).status,
    ).toBe(404);
  });
});
