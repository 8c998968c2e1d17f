import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { hospitals, medicalTeamMembers, medicalTeams, notifications, surveyRecurrences, surveys, treatmentPlanPatients, treatmentPlans } from '../../db/schema/index';
import { createDueSurveys } from './assignments.service';
import { fhirR4Validator } from '../../../test/fhir-r4';
import { findCompletedAssessments } from '../billing/generation.repo';
import { systemScope } from '../../db/scope';
import { tenantDb } from '../../db/handles';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, path: string, who: { id: number } | null, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(who ? await as(who) : {}), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}
async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
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

async function assignPhq9(patient: { id: number }, who: { id: number } = f.nurseA1, extra: Record<string, unknown> = {}) {
  return ok(await call('POST', 'survey/assignsurveytemplatetopatient', who, { payload: { templateId: library.get('PHQ9')!.id, patientId: patient.id, recurrenceRule: 'MONTHLY', ...extra } }), 201);
}

async function openSurveyOf(patient: { id: number }, who: { id: number } = f.nurseA1) {
  const list = await ok(await call('GET', 'survey/getassignedinprogresssurveysforpatient', who, { headers: { patientid: patient.id } }));
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
  const list = await ok(await call('GET', 'surveytemplate', f.nurseA1, { headers: { hospitalid: f.a1.id } }));
  library = new Map();
  for (const summary of list as { id: number; instrumentCode: string | null }[]) {
    if (summary.instrumentCode) { library.set(summary.instrumentCode, await ok(await call('GET', `surveytemplate/${summary.id}`, f.nurseA1))); }
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
    const res = await call('PUT', `surveytemplate/${id}`, f.sysadmin, { payload: { name: 'Mine' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('A validated instrument cannot be changed; copy it to make an office template');
    expect((await call('DELETE', `surveytemplate/${id}`, f.sysadmin)).statusCode).toBe(403);
  });
});

describe('office templates, questions and offered answers', () => {
  let templateId: number;

  it('creates a template with questions, answers and scores, reorders them and exports a valid Questionnaire', async () => {
    const tpl = await ok(await call('POST', 'surveytemplate', f.officeAdminA1, { payload: { hospitalId: f.a1.id, name: 'Sleep check', category: 'PHQ9' } }), 201);
    templateId = tpl.id;
    const q1 = await ok(await call('POST', 'stquestion', f.doctorA1, { payload: { templateId, text: 'How well do you sleep?', answerType: 1 } }), 201);
    const q2 = await ok(await call('POST', 'stquestion', f.doctorA1, { payload: { templateId, text: 'Do you nap?', answerType: '7' } }), 201);
    expect(q2.offeredAnswers.map((a: { text: string; score: number }) => [a.text, a.score])).toEqual([
      ['Yes', 1],
      ['No', 0],
    ]);
    const good = await ok(await call('POST', 'stofferedanswer', f.doctorA1, { payload: { questionId: q1.id, text: 'Well', score: 0 } }), 201);
    const bad = await ok(await call('POST', 'stofferedanswer', f.doctorA1, { payload: { questionId: q1.id, text: 'Badly', score: 3 } }), 201);
    const reordered = await ok(await call('PUT', 'stofferedanswer/reorder', f.doctorA1, { payload: { questionId: q1.id, offeredAnswerIds: [bad.id, good.id] } }));
    expect(reordered.map((a: { id: number }) => a.id)).toEqual([bad.id, good.id]);
    const questions = await ok(await call('PUT', 'stquestion/reorder', f.doctorA1, { payload: { templateId, questionIds: [q2.id, q1.id] } }));
    expect(questions.map((q: { id: number }) => q.id)).toEqual([q2.id, q1.id]);
    const full = await ok(await call('GET', `surveytemplate/${templateId}`, f.nurseA1));
    expect(full.maxScore).toBe(4);
    // an office's own template is no validated instrument: no reproduction line
    expect([full.copyright, full.copyrightEs]).toEqual([null, null]);
    const questionnaire = await ok(await call('GET', `surveytemplate/${templateId}/fhir`, f.nurseA1));
    expect(questionnaire.resourceType).toBe('Questionnaire');
    expect(questionnaire).not.toHaveProperty('copyright');
    expect(() => validateResource(questionnaire)).not.toThrow();
    const phq9 = await ok(await call('GET', `surveytemplate/${library.get('PHQ9')!.id}/fhir`, f.nurseA1));
    expect(phq9.copyright).toBe(library.get('PHQ9')!.copyright);
    expect(() => validateResource(phq9)).not.toThrow();
  });

  it('refuses a reorder that is not every item once, a free-text question with offered answers, and answer type 4', async () => {
    const tpl = await ok(await call('GET', `surveytemplate/${templateId}`, f.nurseA1));
    const [first] = tpl.questions;
    expect((await call('PUT', 'stquestion/reorder', f.doctorA1, { payload: { templateId, questionIds: [first.id] } })).json().code).toBe('surveyReorderMismatch');
    expect((await call('PUT', `stquestion/${first.id}`, f.doctorA1, { payload: { text: 'x', answerType: 3 } })).json().code).toBe('surveyQuestionNotChoice');
    const type4 = await call('POST', 'stquestion', f.doctorA1, { payload: { templateId, text: 'Score', answerType: 4 } });
    expect(type4.statusCode).toBe(400);
    expect(type4.json().errors).toEqual({ answerType: 'This field needs to be formatted' });
    const empty = await call('POST', 'stquestion', f.doctorA1, { payload: { templateId, text: '', answerType: 1 }, lang: 'es' });
    expect(empty.json().errors).toEqual({ text: 'Este campo es obligatorio' });
  });

  it('keeps another office and organization out (404) and a caregiver out (403)', async () => {
    expect((await call('GET', `surveytemplate/${templateId}`, f.doctorA2)).statusCode).toBe(404);
    expect((await call('GET', `surveytemplate/${templateId}`, f.doctorB1)).statusCode).toBe(404);
    expect((await call('PUT', `surveytemplate/${templateId}`, f.doctorB1, { payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await call('GET', 'surveytemplate', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', `surveytemplate/${templateId}`, f.caregiverA1)).statusCode).toBe(403);
    const page = await ok(await call('GET', 'surveytemplate/getlistoftemplates?pageSize=200', f.doctorB1));
    expect(page.items.map((i: { id: number }) => i.id)).not.toContain(templateId);
    expect(page.items.filter((i: { isLocked: boolean }) => i.isLocked)).toHaveLength(6);
  });

  it('refuses to delete a template assigned to a patient with the server error body (spec sections 5 and 8)', async () => {
    await ok(await call('POST', 'survey/assignsurveytemplatetopatient', f.nurseA1, { payload: { templateId, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } }), 201);
    const res = await call('DELETE', `surveytemplate/${templateId}`, f.officeAdminA1, { lang: 'es' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resFlag: false, code: 'surveyTemplateAssigned', msg: 'Esta plantilla de evaluación está asignada a un paciente y no se puede eliminar' });
    const spare = await ok(await call('POST', 'surveytemplate', f.officeAdminA1, { payload: { hospitalId: f.a1.id, name: 'Spare', copyFromTemplateId: templateId } }), 201);
    expect(spare.questions).toHaveLength(2);
    expect(await ok(await call('DELETE', `surveytemplate/${spare.id}`, f.officeAdminA1))).toEqual({ id: spare.id });
  });
});

describe('assigning, answering and scoring a PHQ-9', () => {
  it('assigns a monthly PHQ-9 whose first survey is open today, listed with its upcoming occurrences', async () => {
    const rec = await assignPhq9(f.patientA1);
    expect(rec).toMatchObject({ recurrenceRule: 'MONTHLY', rrule: 'FREQ=MONTHLY', status: 'active', dueTime: '09:00' });
    const child = await ok(await call('GET', 'surveyrecurrence/getchilddata', f.nurseA1, { headers: { surveyrecurrenceid: rec.id } }));
    expect(child.occurrences.filter((o: { status: string }) => o.status === 'upcoming')).toHaveLength(5);
    expect(child.occurrences.at(-1).status).toBe('assigned');
    const forPatient = await ok(await call('GET', 'surveyrecurrence/getforpatient', f.doctorA1, { headers: { patientid: f.patientA1.id } }));
    expect(forPatient.map((r: { id: number }) => r.id)).toContain(rec.id);
  });

  it('keeps partial answers, refuses an incomplete submission, then scores 17 with item 9 and alerts the care team once', async () => {
    const survey = await openSurveyOf(f.patientA1);
    const answers = phq9Answers([2, 2, 2, 2, 2, 2, 2, 2, 1]);
    const partial = await ok(await call('PUT', `survey/${survey.id}`, f.nurseA1, { payload: { answers: answers.slice(0, 4) } }));
    expect(partial.status).toBe('inProgress');
    expect(partial.answers).toHaveLength(4);
    const incomplete = await call('PUT', `survey/${survey.id}`, f.nurseA1, { payload: { submit: true } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().code).toBe('surveyIncomplete');
    const wrong = await call('PUT', `survey/${survey.id}`, f.nurseA1, { payload: { answers: [{ questionId: answers[4]!.questionId, offeredAnswerIds: [answers[0]!.offeredAnswerIds[0]] }] } });
    expect(wrong.json().errors).toEqual({ 'answers.0': 'This answer does not fit the question' });

    const done = await ok(await call('PUT', `survey/${survey.id}`, f.nurseA1, { payload: { answers: answers.slice(4), submit: true } }));
    expect(done.status).toBe('completed');
    expect(done.score).toMatchObject({ total: 17, band: { key: 'moderatelySevere' }, flags: ['PHQ9_ITEM9_POSITIVE'] });
    const again = await call('PUT', `survey/${survey.id}`, f.nurseA1, { payload: { submit: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('surveyAlreadySubmitted');

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
    const worklist = await ok(await call('GET', 'pushnotifications/getmypushnotificationswithpatient?filtercase=ALL', f.nurseA1));
    expect(worklist.items.map((n: { notificationTypeId: number }) => n.notificationTypeId)).toContain(12);

    const report = await ok(await call('GET', 'survey/getsurveysreportforpatient', f.doctorA1, { headers: { patientid: f.patientA1.id, filtercase: 'month' } }));
    const series = report.series.find((s: { instrumentCode: string }) => s.instrumentCode === 'PHQ9');
    expect(series.points.map((p: { total: number }) => p.total)).toEqual([17]);
    expect(series.bands).toHaveLength(5);

    const bundle = await ok(await call('GET', `survey/${survey.id}/fhir`, f.doctorA1));
    expect(() => validateResource(bundle)).not.toThrow();
    for (const entry of (bundle as { entry: { resource: unknown }[] }).entry) { expect(() => validateResource(entry.resource)).not.toThrow(); }
    const observation = (bundle as { entry: { resource: unknown }[] }).entry[1]!.resource as { code: { coding: { code: string }[] }; valueInteger: number };
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
    const page = await ok(await call('GET', 'user/getrelatedpatientswithmentalhealth', f.nurseA1, { headers: { hospitalid: f.a1.id } }));
    expect(page.items[0]).toMatchObject({ id: f.patientA1.id, latestRisk: 3, hasSafetyFlag: true });
    expect(page.items[0].mentalHealthAssessments[0]).toMatchObject({ instrumentCode: 'PHQ9', total: 17 });
    expect((await call('GET', 'user/getrelatedpatientswithmentalhealth', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'user/getrelatedpatientswithmentalhealth', f.nurseA1)).json().errors).toEqual({ hospitalid: 'This field is required' });
  });

  it('refuses a completed survey to be cancelled, and cancels an open one', async () => {
    const rec = await assignPhq9(f.patientA1, f.doctorA1, { recurrenceRule: 'ONCE' });
    const [open] = await t.ctx.db.select().from(surveys).where(eq(surveys.recurrenceId, rec.id));
    expect(await ok(await call('DELETE', `survey/${open!.id}`, f.doctorA1))).toEqual({ id: open!.id, status: 'cancelled' });
    const completed = (await t.ctx.db.select().from(surveys).where(eq(surveys.status, 'completed')))[0]!;
    expect((await call('DELETE', `survey/${completed.id}`, f.doctorA1)).json().code).toBe('surveyCompletedCannotDelete');
  });

  it('keeps other offices and organizations out of a patient\'s surveys (404)', async () => {
    const survey = (await t.ctx.db.select().from(surveys).where(eq(surveys.patientId, f.patientA1.id)))[0]!;
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      expect((await call('GET', `survey/${survey.id}`, who)).statusCode).toBe(404);
      expect((await call('PUT', `survey/${survey.id}`, who, { payload: { answers: [] } })).statusCode).toBe(404);
      expect((await call('GET', 'survey/getsurveysreportforpatient', who, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    }
    expect((await call('POST', 'survey/assignsurveytemplatetopatient', f.doctorB1, { payload: { templateId: library.get('PHQ9')!.id, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } })).statusCode).toBe(404);
    expect((await call('GET', `survey/${survey.id}`, f.caregiverA1)).statusCode).toBe(403);
  });

  it('refuses an office where assessments are not enabled, and an unknown recurrence rule', async () => {
    await t.ctx.db.update(hospitals).set({ assessmentsEnabled: false }).where(eq(hospitals.id, f.a2.id));
    const res = await call('POST', 'survey/assignsurveytemplatetopatient', f.doctorA2, { payload: { templateId: library.get('GAD7')!.id, patientId: f.patientA2.id, recurrenceRule: 'WEEKLY' } });
    expect(res.json()).toMatchObject({ code: 'programNotEnabled', msg: 'The Assessments program is not enabled for this office' });
    await t.ctx.db.update(hospitals).set({ assessmentsEnabled: true }).where(eq(hospitals.id, f.a2.id));
    const bad = await call('POST', 'survey/assignsurveytemplatetopatient', f.doctorA2, { payload: { templateId: library.get('GAD7')!.id, patientId: f.patientA2.id, recurrenceRule: 'HOURLY' } });
    expect(bad.json().errors).toEqual({ recurrenceRule: 'This field needs to be formatted' });
  });
});

describe('survey links (public answering)', () => {
  async function newLink(who = f.nurseA1, hours?: number) {
    const rec = await ok(await call('POST', 'survey/assignsurveytemplatetopatient', who, { payload: { templateId: library.get('PHQ9')!.id, patientId: f.patientA1.id, recurrenceRule: 'ONCE' } }), 201);
    const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.recurrenceId, rec.id));
    const created = await ok(await call('POST', 'surveylink', who, { payload: { surveyId: survey!.id, ...(hours ? { expiresInHours: hours } : {}) } }), 201);
    const token = new URLSearchParams(new URL(created.url).hash.slice(1)).get('token')!;
    return { token, link: created.link, surveyId: survey!.id };
  }

  it('lets the link holder read, save partial answers and submit once, without signing in', async () => {
    const { token, surveyId } = await newLink();
    const page = await ok(await call('GET', 'surveylink/getsurvey', null, { headers: { surveytoken: token } }));
    expect(page.patient.lastInitial).toHaveLength(1);
    expect(page.questions).toHaveLength(10);
    expect(page.questions[0].offeredAnswers[0]).not.toHaveProperty('score');
    expect(page.copyright).toBe(library.get('PHQ9')!.copyright);
    expect(page.copyrightEs).toBe(library.get('PHQ9')!.copyrightEs);
    const answers = phq9Answers([0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(await ok(await call('PUT', 'surveylink/saveanswers', null, { headers: { surveytoken: token }, payload: { answers: answers.slice(0, 5) } }))).toMatchObject({ status: 'inProgress', answeredCount: 5 });
    const [first, second] = await Promise.all([
      call('POST', 'surveylink/submit', null, { headers: { surveytoken: token }, payload: { answers: answers.slice(5) } }),
      call('POST', 'surveylink/submit', null, { headers: { surveytoken: token }, payload: { answers: answers.slice(5) } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const survey = await ok(await call('GET', `survey/${surveyId}`, f.doctorA1));
    expect(survey).toMatchObject({ status: 'completed', answeredVia: 'link', score: { total: 1, band: { key: 'minimal' } } });
    const links = await ok(await call('GET', 'surveylink', f.nurseA1, { headers: { surveyid: surveyId } }));
    expect(links[0]).toMatchObject({ status: 'used', accessCount: 3 });
  });

  it('stops working when revoked or expired, with the same answer as an unknown token', async () => {
    const revoked = await newLink();
    await ok(await call('DELETE', `surveylink/${revoked.link.id}`, f.nurseA1));
    const expired = await newLink(f.nurseA1, 1);
    await t.ctx.db.execute(`update survey_links set expires_at = now() - interval '1 minute' where id = ${expired.link.id}`);
    for (const token of [revoked.token, expired.token, 'unknownToken123']) {
      const res = await call('GET', 'surveylink/getsurvey', null, { headers: { surveytoken: token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('Could not get data!');
      expect((await call('PUT', 'surveylink/saveanswers', null, { headers: { surveytoken: token }, payload: { answers: [] } })).statusCode).toBe(404);
    }
    expect((await call('GET', 'surveylink/getsurvey', null)).statusCode).toBe(400);
  });

  it('keeps another office out of a survey\'s links', async () => {
    const { link, surveyId } = await newLink();
    expect((await call('DELETE', `surveylink/${link.id}`, f.doctorB1)).statusCode).toBe(404);
    expect((await call('GET', 'surveylink', f.doctorA2, { headers: { surveyid: surveyId } })).statusCode).toBe(404);
    expect((await call('POST', 'surveylink', f.doctorB1, { payload: { surveyId } })).statusCode).toBe(404);
  });
});

describe('client monitoring plans and the scheduled job', () => {
  it('gives every patient of the plan, and one added later, a recurrence; removal stops them', async () => {
    const [plan] = await t.ctx.db.insert(treatmentPlans).values({ hospitalId: f.a1.id, title: 'Depression care', isClientMonitoringPlan: true }).returning();
    await t.ctx.db.insert(treatmentPlanPatients).values({ treatmentPlanId: plan!.id, patientUserId: f.patientA1.id });
    const assignment = await ok(
      await call('POST', 'survey/assignsurveytemplatetoclientmonitoringplan', f.officeAdminA1, { payload: { templateId: library.get('GAD7')!.id, treatmentPlanId: plan!.id, recurrenceRule: 'WEEKLY' } }),
      201,
    );
    expect(assignment.patientCount).toBe(1);
    const other = await t.ctx.db.insert((await import('../../db/schema/index')).users).values({ username: `late${Date.now()}`, firstName: 'Late', lastName: 'Patient', roleId: Role.PATIENT, organizationId: f.orgA.id }).returning();
    await t.ctx.db.insert((await import('../../db/schema/index')).userHospitals).values({ userId: other[0]!.id, hospitalId: f.a1.id });
    await t.ctx.db.insert(treatmentPlanPatients).values({ treatmentPlanId: plan!.id, patientUserId: other[0]!.id });
    expect((await createDueSurveys(t.ctx)).recurrences).toBe(1);
    expect((await createDueSurveys(t.ctx)).recurrences).toBe(0);
    const listed = await ok(await call('GET', 'survey/getclientmonitoringplanassignments', f.nurseA1, { headers: { hospitalid: f.a1.id } }));
    expect(listed[0]).toMatchObject({ id: assignment.id, patientCount: 2 });
    expect((await call('DELETE', 'survey/deassignsurveyfromclientmonitoringplan', f.doctorB1, { headers: { surveyid: assignment.id } })).statusCode).toBe(404);
    await ok(await call('DELETE', 'survey/deassignsurveyfromclientmonitoringplan', f.nurseA1, { headers: { surveyid: assignment.id } }));
    const left = await t.ctx.db.select().from(surveyRecurrences).where(eq(surveyRecurrences.templateId, library.get('GAD7')!.id));
    expect(left.every((r) => r.status === 'stopped')).toBe(true);
  });

  it('creates the next survey when it comes due, once, and assigns to several patients at once', async () => {
    const res = await ok(
      await call('POST', 'survey/assignsurveytemplatetomultiplepatients', f.orgAdminA, {
        headers: { patientsidslist: `${f.patientA1.id},${f.patientA2.id}` },
        payload: { templateId: library.get('PHQ2')!.id, recurrenceRule: 'DAILY' },
      }),
      201,
    );
    expect(res.recurrences).toHaveLength(2);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const first = await createDueSurveys(t.ctx, later);
    expect(first.surveys).toBe(2);
    expect((await createDueSurveys(t.ctx, later)).surveys).toBe(0);
    expect(
      (await call('POST', 'survey/assignsurveytemplatetomultiplepatients', f.nurseA1, { headers: { patientsidslist: `${f.patientA1.id},${f.patientB1.id}` }, payload: { templateId: library.get('PHQ2')!.id, recurrenceRule: 'DAILY' } })).statusCode,
    ).toBe(404);
  });
});
