import {
  languageFromStored,
  NotificationType,
  SurveyAnswerType,
  type CreatedSurveyLink,
  type EndpointBody,
  type PublicSurvey,
  type PublicSurveySaved,
  type Survey,
  type SurveyLink,
  type SurveyScore,
  type SurveySummary,
} from '@vigil/contract';
import type { surveys as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash } from '../../lib/crypto';
import { linkBase } from '../../lib/public-url';
import { alertCareTeam } from '../notifications/index';
import { ALERT_SEVERITY } from './scoring/bands';
import { PHQ9_ITEM9_POSITIVE, scoreSurvey, type ScoringAnswer } from './scoring/score';
import * as repo from './surveys.repo';
import * as templatesRepo from './templates.repo';
import { loadTemplate, toQuestion } from './templates.service';
import { copyrightOf, toAnswer, toSurveySummary } from './views';
import { tenantDb } from '../../db/handles';

// Answering surveys: staff in the portal (PUT survey/{id}) or the patient / caregiver through a
// survey link (surveylink/*, public). Answers are saved as they come (partial answers kept); a
// submission checks the required questions, scores the survey with the scoring engine and completes
// it once (the row is locked, and the completing update applies only to a survey not completed, so
// a second or concurrent submission answers 409 'surveyAlreadySubmitted'). After the commit a
// PHQ-9 item 9 answer above 0 or a band of moderately severe or worse alerts the care team
// (docs/assessments.md "Safety").

type SaveBody = EndpointBody<typeof contract.saveSurvey>;
type Who = repo.SurveyCaller;
type SurveyRecord = NonNullable<Awaited<ReturnType<typeof repo.lockSurvey>>>;

/** A survey the caller sees, as `GET survey/{id}` answers it; 404 otherwise. */
export async function getSurvey(ctx: AppContext, scope: Scope, id: number, db: Executor = ctx.db): Promise<Survey> {
  const [row] = await repo.findSurveys(tenantDb(scope, db), { ids: [id] });
  if (!row) { throw AppError.notFound(); }
  const template = await loadTemplate(systemScope, db, row.s.templateId);
  const answers = await repo.findAnswers({ scope }, db, [id]);
  return { ...toSurveySummary(row), questions: template.questions, answers: answers.map(toAnswer), completedBy: row.s.completedBy, ...copyrightOf(template.instrumentCode) };
}

/** `GET survey/getassignedinprogresssurveysforpatient`: a visible patient's surveys due now and not completed, oldest due first. */
export async function findInProgress(ctx: AppContext, scope: Scope, patientId: number, now = new Date()): Promise<SurveySummary[]> {
  if ((await repo.findPatientOffices(tenantDb(scope, ctx.db), [patientId])).length === 0) { throw AppError.notFound(); }
  const rows = await repo.findSurveys(tenantDb(scope, ctx.db), { patientId, statuses: ['assigned', 'inProgress'], dueBefore: endOfToday(now) });
  return rows.map(toSurveySummary);
}

/** Surveys created for today may be due later today: the list shows them from the day's start (a day after now covers every zone). */
const endOfToday = (now: Date) => new Date(now.getTime() + 86_400_000);

/** The questions of a survey's template with their offered answers (read for the granted or visible survey only). */
async function questionsOf(tx: Executor, templateId: number) {
  const { questions, answers } = await templatesRepo.findQuestions(tenantDb(systemScope, tx), [templateId]);
  return questions.map((q) => toQuestion(q, answers));
}

type Question = Awaited<ReturnType<typeof questionsOf>>[number];

const bad = (index: number) => AppError.badRequest('surveyAnswerInvalid', { [`answers.${index}`]: 'surveyAnswerInvalid' });

/** One answer checked against its question (400 'surveyAnswerInvalid' on `answers.N`), as the row to store. */
function answerRow(q: Question, input: SaveBody['answers'][number], index: number, surveyId: number, answeredBy: number | null, now: Date) {
  const base = { surveyId, questionId: q.id, questionText: q.text, answeredBy, answeredAt: now, offeredAnswerIds: [] as number[], answerText: null as string | null, valueNumber: null as number | null, valueDate: null as string | null, score: null as number | null };
  switch (q.answerType) {
    case SurveyAnswerType.SINGLE_CHOICE:
    case SurveyAnswerType.YES_NO:
    case SurveyAnswerType.MULTIPLE_CHOICE: {
      const ids = [...new Set(input.offeredAnswerIds ?? [])];
      const chosen = ids.map((id) => q.offeredAnswers.find((a) => a.id === id));
      if (ids.length === 0 || chosen.some((a) => a === undefined) || (q.answerType !== SurveyAnswerType.MULTIPLE_CHOICE && ids.length !== 1)) { throw bad(index); }
      const picked = chosen as NonNullable<(typeof chosen)[number]>[];
      return { ...base, offeredAnswerIds: ids, answerText: picked.map((a) => a.text).join('; '), score: picked.reduce((sum, a) => sum + a.score, 0) };
    }
    case SurveyAnswerType.FREE_TEXT:
      if (!input.valueText) { throw bad(index); }
      return { ...base, answerText: input.valueText };
    case SurveyAnswerType.NUMBER:
    case SurveyAnswerType.SCALE: {
      const v = input.valueNumber;
      if (v === undefined || (q.minValue !== null && v < q.minValue) || (q.maxValue !== null && v > q.maxValue)) { throw bad(index); }
      if (q.answerType === SurveyAnswerType.SCALE && !Number.isInteger(v)) { throw bad(index); }
      return { ...base, valueNumber: v, answerText: String(v), score: q.answerType === SurveyAnswerType.SCALE ? v : null };
    }
    case SurveyAnswerType.DATE:
      if (!input.valueDate) { throw bad(index); }
      return { ...base, valueDate: input.valueDate, answerText: input.valueDate };
    default:
      throw bad(index);
  }
}

/** The survey locked for a change: open (409 'surveyAlreadySubmitted' when completed, 'surveyNotOpen' when cancelled). */
async function lockOpen(who: Who, tx: Executor, id: number): Promise<SurveyRecord> {
  const survey = await repo.lockSurvey(who, tx, id);
  if (!survey) { throw 'grant' in who ? AppError.notFound('couldNotGetData') : AppError.notFound(); }
  if (survey.status === 'completed') { throw AppError.conflict('surveyAlreadySubmitted'); }
  if (survey.status === 'cancelled') { throw AppError.conflict('surveyNotOpen'); }
  return survey;
}

interface Completed {
  survey: SurveyRecord;
  score: SurveyScore;
  /** PHQ-9 item 9's chosen answer in both languages (the alert speaks each reader's language). */
  answerOfItem9: { en: string; es: string } | null;
}

/** The chosen answer of the question `itemKey` in English and Spanish (the offered answer's texts), else its stored text. */
async function answerInBothLanguages(tx: Executor, saved: repo.AnswerRow[], questions: { id: number; itemKey: string | null }[], itemKey: string): Promise<{ en: string; es: string } | null> {
  const question = questions.find((q) => q.itemKey === itemKey);
  const answer = question ? saved.find((a) => a.questionId === question.id) : undefined;
  if (!answer) { return null; }
  const offeredId = answer.offeredAnswerIds[0];
  const offered = offeredId === undefined ? null : await templatesRepo.getOfferedAnswer(tenantDb(systemScope, tx), offeredId);
  const en = offered?.a.text ?? answer.answerText ?? '';
  return { en, es: offered?.a.textEs || en };
}

/**
 * Saves `body.answers` on an open survey and, with `body.submit`, completes it: every required
 * question answered (400 'surveyIncomplete' naming `questions.<id>` otherwise), scored by the
 * engine. Answers what was completed (for the alert), or null when only saved.
 */
async function saveInTx(tx: Executor, who: Who, surveyId: number, body: SaveBody, via: 'staff' | 'link', answeredBy: number | null, now: Date): Promise<Completed | null> {
  const survey = await lockOpen(who, tx, surveyId);
  const questions = await questionsOf(tx, survey.templateId);
  const rows = [];
  const cleared: number[] = [];
  for (const [index, input] of body.answers.entries()) {
    const q = questions.find((x) => x.id === input.questionId);
    if (!q) { throw bad(index); }
    if (input.clear) { cleared.push(q.id); }
    else { rows.push(answerRow(q, input, index, survey.id, answeredBy, now)); }
  }
  await repo.deleteAnswers(who, tx, survey.id, cleared);
  await repo.upsertAnswers(who, tx, rows);
  if (body.answers.length > 0 && survey.status === 'assigned') { await repo.updateSurvey(who, tx, survey.id, { status: 'inProgress', startedAt: now }); }
  if (!body.submit) { return null; }

  const saved = await repo.findAnswers(who, tx, [survey.id]);
  const missing = questions.filter((q) => q.isRequired && !saved.some((a) => a.questionId === q.id));
  if (missing.length > 0) { throw AppError.badRequest('surveyIncomplete', Object.fromEntries(missing.map((q) => [`questions.${q.id}`, 'required' as const]))); }
  const template = await templatesRepo.getTemplate(tenantDb(systemScope, tx), survey.templateId);
  const gender = (await repo.getPatientGender(who, tx, survey.patientId))?.toLowerCase() ?? '';
  const scoring: ScoringAnswer[] = saved.map((a) => ({
    itemKey: questions.find((q) => q.id === a.questionId)?.itemKey ?? null,
    score: a.score === null ? null : Number(a.score),
    answerText: a.answerText,
  }));
  const score = scoreSurvey({
    instrumentCode: template?.instrumentCode as Parameters<typeof scoreSurvey>[0]['instrumentCode'],
    answers: scoring,
    sex: gender.startsWith('m') ? 'male' : gender.startsWith('f') ? 'female' : null,
    maxTotal: template?.maxScore === null || template?.maxScore === undefined ? null : Number(template.maxScore),
  });
  const done = await repo.completeSurvey(who, tx, survey.id, {
    completedAt: now,
    completedBy: answeredBy,
    answeredVia: via,
    startedAt: survey.startedAt ?? now,
    totalScore: score.total,
    scoreJson: score as unknown as Record<string, unknown>,
    severity: score.band?.severity ?? null,
  });
  if (!done) { throw AppError.conflict('surveyAlreadySubmitted'); }
  return { survey, score, answerOfItem9: await answerInBothLanguages(tx, saved, questions, 'PHQ9.9') };
}

/**
 * After a completed survey is committed: a PHQ-9 item 9 answer above 0 alerts the patient's care
 * team with type 12 (critical), else a band of severity ALERT_SEVERITY or more with type 13
 * (critical when severe, caution when moderately severe); the message names the patient, the
 * instrument, the score, the band and the item 9 answer, in English and Spanish.
 */
async function alertOnRisk(ctx: AppContext, completed: Completed): Promise<void> {
  const { survey, score } = completed;
  const item9 = score.flags.includes(PHQ9_ITEM9_POSITIVE);
  const high = score.band !== null && score.band.severity >= ALERT_SEVERITY;
  if (!item9 && !high) { return; }
  const [row] = await repo.findSurveys(tenantDb(systemScope, ctx.db), { ids: [survey.id] });
  if (!row) { return; }
  const name = `${row.patientFirstName} ${row.patientLastName}`.trim();
  const band = score.band;
  const bandEn = band ? ` (${band.label})` : '';
  const bandEs = band ? ` (${band.labelEs})` : '';
  const itemEn = item9 ? `; item 9 (thoughts of death or self-harm) answered "${completed.answerOfItem9?.en ?? ''}"` : '';
  const itemEs = item9 ? `; ítem 9 (pensamientos de muerte o de hacerse daño) respondido "${completed.answerOfItem9?.es ?? ''}"` : '';
  await alertCareTeam(ctx, {
    patientId: survey.patientId,
    hospitalId: survey.hospitalId,
    notificationTypeId: item9 ? NotificationType.MENTAL_HEALTH : NotificationType.MENTAL_HEALTH_RESULT,
    severity: item9 || (band?.severity ?? 0) >= 4 ? 2 : 1,
    messageEn: `${item9 ? 'Urgent: ' : ''}${row.templateName} for ${name}: score ${score.total}${bandEn}${itemEn}`,
    messageEs: `${item9 ? 'Urgente: ' : ''}${row.templateNameEs || row.templateName} de ${name}: puntuación ${score.total}${bandEs}${itemEs}`,
    additionalData: {
      surveyId: survey.id,
      surveyRecurrenceId: survey.recurrenceId,
      instrumentCode: row.instrumentCode,
      score: score.total,
      bandKey: band?.key ?? null,
      flags: score.flags,
      item9Answer: item9 ? (completed.answerOfItem9?.en ?? null) : null,
      item9AnswerEs: item9 ? (completed.answerOfItem9?.es ?? null) : null,
      patientFullname: name,
    },
    dedupeKey: `survey:${survey.id}`,
  });
}

/**
 * `PUT survey/{id}`: staff save answers (partial answers kept) and, with `submit`, complete the
 * survey once; answers the survey as GET does. 404 for a survey not visible; 400 for an answer that
 * does not fit its question or a missing required answer; 409 once submitted or cancelled.
 */
export async function saveByStaff(ctx: AppContext, scope: Scope, id: number, body: SaveBody, now = new Date()): Promise<Survey> {
  const completed = await ctx.db.transaction((tx) => saveInTx(tx, { scope }, id, body, 'staff', scope.userId, now));
  if (completed) { await alertOnRisk(ctx, completed); }
  return getSurvey(ctx, scope, id);
}

/** `DELETE survey/{id}`: cancels a survey not completed (409 'surveyCompletedCannotDelete' for a completed one). */
export async function cancelSurvey(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number; status: 'cancelled' }> {
  return ctx.db.transaction(async (tx) => {
    const survey = await repo.lockSurvey({ scope }, tx, id);
    if (!survey) { throw AppError.notFound(); }
    if (survey.status === 'completed') { throw AppError.conflict('surveyCompletedCannotDelete'); }
    await repo.updateSurvey({ scope }, tx, id, { status: 'cancelled' });
    return { id, status: 'cancelled' as const };
  });
}

// Survey links ----------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;

function toLink(row: repo.LinkRow, surveyStatus: string | null, now: Date): SurveyLink {
  const l = row.l;
  const status = l.revokedAt ? 'revoked' : surveyStatus === 'completed' ? 'used' : l.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: l.id,
    surveyId: l.surveyId,
    patientId: l.patientId,
    expiresAt: l.expiresAt.toISOString(),
    revokedAt: l.revokedAt?.toISOString() ?? null,
    status,
    lang: l.lang === 'en' ? 'en' : 'es',
    createdBy: l.createdBy,
    createdByName: `${row.creatorFirstName} ${row.creatorLastName}`.trim(),
    createdAt: l.createdAt.toISOString(),
    accessCount: l.accessCount,
    lastAccessedAt: l.lastAccessedAt?.toISOString() ?? null,
  };
}

/**
 * `POST surveylink`: a link for the patient or caregiver to answer one open survey (404 when not
 * visible, 409 'surveyNotOpen' / 'surveyAlreadySubmitted' when it cannot be answered), valid for
 * `expiresInHours`, in `lang` (default: the patient's language). The token (256 bits) is stored
 * only as its SHA-256, so the URL `{publicUrl}/survey#token=<token>` (the token in the fragment, never sent to a server) is answered this once.
 */
export async function createLink(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createSurveyLink>, now = new Date()): Promise<CreatedSurveyLink> {
  const token = newToken();
  const id = await ctx.db.transaction(async (tx) => {
    const survey = await lockOpen({ scope }, tx, body.surveyId);
    const lang = body.lang ?? languageFromStored(await repo.getPatientLanguage(tenantDb(scope, tx), survey.patientId));
    return repo.insertLink(tenantDb(scope, tx), {
      tokenHash: tokenHash(token),
      surveyId: survey.id,
      patientId: survey.patientId,
      hospitalId: survey.hospitalId,
      lang,
      expiresAt: new Date(now.getTime() + body.expiresInHours * HOUR_MS),
      createdBy: scope.userId,
    });
  });
  const [row] = await repo.findLinks(tenantDb(scope, ctx.db), { id });
  return { link: toLink(row!, null, now), url: `${linkBase(ctx)}/survey#token=${token}` };
}


/** `GET surveylink` (header surveyid): a visible survey's links, newest first. */
export async function findLinks(ctx: AppContext, scope: Scope, surveyId: number, now = new Date()): Promise<SurveyLink[]> {
  const [survey] = await repo.findSurveys(tenantDb(scope, ctx.db), { ids: [surveyId] });
  if (!survey) { throw AppError.notFound(); }
  return (await repo.findLinks(tenantDb(scope, ctx.db), { surveyId })).map((r) => toLink(r, survey.s.status, now));
}

/** `DELETE surveylink/{id}`: revokes a link at once (a second revoke keeps the first time). */
export async function revokeLink(ctx: AppContext, scope: Scope, id: number, now = new Date()): Promise<SurveyLink> {
  if (!(await ctx.db.transaction((tx) => repo.revokeLink(tenantDb(scope, tx), id, now)))) { throw AppError.notFound(); }
  const [row] = await repo.findLinks(tenantDb(scope, ctx.db), { id });
  const [survey] = await repo.findSurveys(tenantDb(scope, ctx.db), { ids: [row!.l.surveyId] });
  return toLink(row!, survey?.s.status ?? null, now);
}

/**
 * The one place a survey link's token is resolved to its principal (HOUSE_STYLE section 8:
 * inbound callers that are not users get their own principal and check): the link must exist, not
 * be revoked and not be expired; otherwise 404 'Could not get data!' (spec section 8), the same
 * answer for each case so a token reveals nothing. The token is never logged (only its hash is
 * looked up; request logs carry no headers).
 */
async function resolveGrant(tx: Executor, token: string, now: Date): Promise<repo.SurveyLinkGrant> {
  const link = await repo.getLinkByTokenHash(tx, tokenHash(token));
  if (!link || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) { throw AppError.notFound('couldNotGetData'); }
  return { linkId: link.id, surveyId: link.surveyId, patientId: link.patientId, hospitalId: link.hospitalId, lang: link.lang === 'en' ? 'en' : 'es', expiresAt: link.expiresAt };
}

/**
 * `GET surveylink/getsurvey` (public): what the link's holder sees — the patient's first name and
 * last initial, the office's name, the questions without scores, the answers saved so far, and the
 * survey's status (a completed survey shows no questions). A cancelled survey reads as 404. The
 * use is counted on the link.
 */
export async function getPublicSurvey(ctx: AppContext, token: string, now = new Date()): Promise<PublicSurvey> {
  return ctx.db.transaction(async (tx) => {
    const grant = await resolveGrant(tx, token, now);
    const row = await repo.getGrantedSurvey(grant, tx);
    const names = await repo.getGrantNames(grant, tx);
    if (!row || !names || row.s.status === 'cancelled') { throw AppError.notFound('couldNotGetData'); }
    await repo.recordLinkAccess(grant, tx, now);
    const template = await templatesRepo.getTemplate(tenantDb(systemScope, tx), row.s.templateId);
    const completed = row.s.status === 'completed';
    const questions = completed ? [] : await questionsOf(tx, row.s.templateId);
    const answers = completed ? [] : await repo.findAnswers({ grant }, tx, [row.s.id]);
    return {
      patient: { firstName: names.firstName.trim(), lastInitial: names.lastName.trim().charAt(0).toUpperCase() },
      office: { name: names.hospitalName, nameEs: names.hospitalNameEsp },
      templateName: row.templateName,
      templateNameEs: row.templateNameEs,
      description: template?.description ?? '',
      lang: grant.lang,
      status: row.s.status as PublicSurvey['status'],
      dueDate: row.s.dueDate,
      expiresAt: grant.expiresAt.toISOString(),
      questions: questions.map(({ templateId: _t, offeredAnswers, ...q }) => ({ ...q, offeredAnswers: offeredAnswers.map((a) => ({ id: a.id, text: a.text, textEs: a.textEs })) })),
      answers: answers.map(toAnswer).map(({ score: _s, ...a }) => a),
      ...copyrightOf(template?.instrumentCode ?? null),
    };
  });
}

/**
 * `PUT surveylink/saveanswers` and `POST surveylink/submit` (public): save answers through the link
 * (partial answers kept) and, when submitting, complete the survey once (409 after). The link stays
 * valid until it expires or is revoked, but a completed survey cannot change.
 */
export async function saveByLink(ctx: AppContext, token: string, body: SaveBody, now = new Date()): Promise<PublicSurveySaved> {
  const { completed, surveyId } = await ctx.db.transaction(async (tx) => {
    const grant = await resolveGrant(tx, token, now);
    await repo.recordLinkAccess(grant, tx, now);
    return { completed: await saveInTx(tx, { grant }, grant.surveyId, body, 'link', null, now), surveyId: grant.surveyId };
  });
  if (completed) { await alertOnRisk(ctx, completed); }
  const [row] = await repo.findSurveys(tenantDb(systemScope, ctx.db), { ids: [surveyId] });
  return { status: row!.s.status as PublicSurveySaved['status'], answeredCount: Number(row!.answeredCount), questionCount: Number(row!.questionCount) };
}
