import {
  can,
  choiceSurveyAnswerTypes,
  SURVEY_MAX_OFFERED_ANSWERS,
  SURVEY_MAX_QUESTIONS,
  SurveyAnswerType,
  surveyInstrumentCodes,
  type EndpointBody,
  type EndpointHeaders,
  type EndpointQuery,
  type SurveyInstrumentCode,
  type SurveyOfferedAnswer,
  type SurveyQuestion,
  type SurveyTemplate,
  type SurveyTemplateSummary,
} from '@vigil/contract';
import type { surveys as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { assertOfficeInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { bandsOf } from './scoring/bands';
import * as repo from './templates.repo';
import { copyrightOf } from './views';
import { tenantDb } from '../../db/handles';

// Templates, questions and offered answers (spec section 7 "Surveys"; sections 5 and 8 for the
// delete rule). Errors: 404 'Invalid id' for a template not visible (another office's); 403 for a
// library template without surveyTemplates.library, and 'surveyTemplateLocked' for a validated
// instrument; 409 'surveyTemplateAssigned' for deleting a template assigned to a patient.

const isChoice = (answerType: number) => (choiceSurveyAnswerTypes as readonly number[]).includes(answerType);
const instrumentOf = (code: string | null): SurveyInstrumentCode | null =>
  code !== null && (surveyInstrumentCodes as readonly string[]).includes(code) ? (code as SurveyInstrumentCode) : null;
const iso = (d: Date) => d.toISOString();

export function toOfferedAnswer(r: repo.OfferedAnswerRow): SurveyOfferedAnswer {
  return { id: r.id, questionId: r.questionId, text: r.text, textEs: r.textEs, score: Number(r.score), sortOrder: r.sortOrder, loincAnswerCode: r.loincAnswerCode };
}

export function toQuestion(r: repo.QuestionRow, answers: repo.OfferedAnswerRow[]): SurveyQuestion {
  return {
    id: r.id,
    templateId: r.templateId,
    text: r.text,
    textEs: r.textEs,
    answerType: r.answerType,
    isRequired: r.isRequired,
    minValue: r.minValue === null ? null : Number(r.minValue),
    maxValue: r.maxValue === null ? null : Number(r.maxValue),
    sortOrder: r.sortOrder,
    itemKey: r.itemKey,
    loincCode: r.loincCode,
    offeredAnswers: answers.filter((a) => a.questionId === r.id).map(toOfferedAnswer),
  };
}

export function toSummary(r: repo.TemplateRow): SurveyTemplateSummary {
  return {
    id: r.id,
    hospitalId: r.hospitalId,
    hospitalName: r.hospitalName ?? null,
    name: r.name,
    nameEs: r.nameEs,
    description: r.description,
    descriptionEs: copyrightOf(r.instrumentCode).descriptionEs,
    englishOnly: copyrightOf(r.instrumentCode).englishOnly,
    category: r.category,
    instrumentCode: instrumentOf(r.instrumentCode),
    loincCode: r.loincCode,
    isLocked: r.isLocked,
    status: r.status as 'active' | 'inactive',
    questionCount: Number(r.questionCount),
    assignedCount: Number(r.assignedCount),
    maxScore: r.maxScore === null ? null : Number(r.maxScore),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** The template `id` with its questions and offered answers in order; 404 when not visible. */
export async function loadTemplate(scope: Scope, db: Executor, id: number): Promise<SurveyTemplate> {
  const row = await repo.getTemplate(tenantDb(scope, db), id);
  if (!row) { throw AppError.notFound(); }
  const { questions, answers } = await repo.findQuestions(tenantDb(scope, db), [id]);
  const summary = toSummary(row);
  return { ...summary, questions: questions.map((q) => toQuestion(q, answers)), bands: bandsOf(summary.instrumentCode), ...copyrightOf(summary.instrumentCode) };
}

/** `GET surveytemplate`: an office's templates (404 when not the caller's) and the library's, library first then by name. */
export async function findForOffice(
  ctx: AppContext,
  scope: Scope,
  headers: EndpointHeaders<typeof contract.getSurveyTemplatesForOffice>,
  query: EndpointQuery<typeof contract.getSurveyTemplatesForOffice>,
): Promise<SurveyTemplateSummary[]> {
  assertOfficeInScope(scope, headers.hospitalid);
  const { rows } = await repo.findTemplatesPage(
    tenantDb(scope, ctx.db),
    { officeAndLibrary: headers.hospitalid, includeLibrary: query.includelibrary !== 'false', status: query.activeonly === 'false' ? undefined : 'active' },
    { page: 1, pageSize: 500 },
  );
  return rows.map(toSummary);
}

/** `GET surveytemplate/getlistoftemplates`: a page of the visible templates; an office not in scope answers 404. */
export async function findPage(ctx: AppContext, scope: Scope, query: EndpointQuery<typeof contract.getListOfSurveyTemplates>) {
  if (typeof query.hospitalid === 'number') { assertOfficeInScope(scope, query.hospitalid); }
  const { rows, total } = await repo.findTemplatesPage(
    tenantDb(scope, ctx.db),
    { hospitalId: query.hospitalid, category: query.category, status: query.status, search: query.search?.trim() || undefined },
    query,
  );
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Whether the caller may change a template of `hospitalId` (null: the library): a library template
 * needs surveyTemplates.library (403 otherwise); an office's is already visible, so the caller's.
 * A locked template (validated instrument) cannot change: 403 surveyTemplateLocked.
 */
function assertMayChange(scope: Scope, template: { hospitalId: number | null; isLocked: boolean }): void {
  if (template.isLocked) { throw new AppError('forbidden', 'surveyTemplateLocked'); }
  if (template.hospitalId === null && !can(scope.role, 'surveyTemplates.library')) { throw AppError.forbidden(); }
}

async function lockedForChange(scope: Scope, tx: Executor, templateId: number) {
  const template = await repo.lockTemplate(tenantDb(scope, tx), templateId);
  if (!template) { throw AppError.notFound(); }
  assertMayChange(scope, template);
  return template;
}

/**
 * `POST surveytemplate`: a new template of an office in scope (404 otherwise) or of the library
 * (`hospitalId` null: 403 without surveyTemplates.library). With `copyFromTemplateId` (a visible
 * template, 404 otherwise) its questions and offered answers are copied; the copy is never locked
 * and carries no instrument code (a changed instrument is not the published one).
 */
export async function createTemplate(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createSurveyTemplate>): Promise<SurveyTemplate> {
  if (body.hospitalId === null) {
    if (!can(scope.role, 'surveyTemplates.library')) { throw AppError.forbidden(); }
  } else { assertOfficeInScope(scope, body.hospitalId); }
  const id = await ctx.db.transaction(async (tx) => {
    const source = body.copyFromTemplateId !== undefined ? await loadTemplate(scope, tx, body.copyFromTemplateId) : null;
    const newId = await repo.insertTemplate(tenantDb(scope, tx), {
      hospitalId: body.hospitalId,
      name: body.name,
      nameEs: body.nameEs ?? '',
      description: body.description ?? source?.description ?? '',
      category: body.category ?? source?.category ?? null,
      createdBy: scope.userId,
    });
    for (const question of source?.questions ?? []) {
      const copy = await repo.insertQuestion(tenantDb(scope, tx), {
        templateId: newId,
        text: question.text,
        textEs: question.textEs,
        answerType: question.answerType,
        isRequired: question.isRequired,
        minValue: question.minValue,
        maxValue: question.maxValue,
        sortOrder: question.sortOrder,
      });
      await repo.insertOfferedAnswers(
        tenantDb(scope, tx),
        question.offeredAnswers.map((a) => ({ questionId: copy.id, text: a.text, textEs: a.textEs, score: a.score, sortOrder: a.sortOrder })),
      );
    }
    return newId;
  });
  return loadTemplate(scope, ctx.db, id);
}

/** `PUT surveytemplate/{id}`: name, description, category, status. */
export async function updateTemplate(ctx: AppContext, scope: Scope, id: number, body: EndpointBody<typeof contract.updateSurveyTemplate>): Promise<SurveyTemplate> {
  await ctx.db.transaction(async (tx) => {
    await lockedForChange(scope, tx, id);
    await repo.updateTemplate(tenantDb(scope, tx), id, {
      name: body.name,
      nameEs: body.nameEs ?? '',
      description: body.description ?? '',
      category: body.category ?? null,
      ...(body.status ? { status: body.status } : {}),
    });
  });
  return loadTemplate(scope, ctx.db, id);
}

/**
 * `DELETE surveytemplate/{id}`: refused with 409 'surveyTemplateAssigned' while any patient has it
 * assigned (spec sections 4, 5 and 8: the caller shows this server error body); the row lock and
 * the recurrences' foreign key keep a concurrent assignment from slipping in between.
 */
export async function deleteTemplate(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    await lockedForChange(scope, tx, id);
    if (await repo.isTemplateAssigned(tenantDb(scope, tx), id)) { throw AppError.conflict('surveyTemplateAssigned'); }
    await repo.deleteTemplate(tenantDb(scope, tx), id);
    return { id };
  });
}

// Questions -----------------------------------------------------------------------------------

/** 400 'regex' on `answerType` when a question with offered answers would stop being a choice question. */
function checkRange(body: { answerType: number; minValue?: number | null; maxValue?: number | null }) {
  if (body.answerType === SurveyAnswerType.SCALE) {
    return { minValue: body.minValue ?? 0, maxValue: body.maxValue ?? 10 };
  }
  if (body.answerType === SurveyAnswerType.NUMBER) { return { minValue: body.minValue ?? null, maxValue: body.maxValue ?? null }; }
  return { minValue: null, maxValue: null };
}

/**
 * `POST stquestion`: appends a question (at most SURVEY_MAX_QUESTIONS per template, 400 otherwise).
 * A yes / no question gets "Yes" (1) and "No" (0); a rating scale defaults to 0-10.
 */
export async function createQuestion(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createSurveyQuestion>): Promise<SurveyQuestion> {
  return ctx.db.transaction(async (tx) => {
    await lockedForChange(scope, tx, body.templateId);
    const order = await repo.nextQuestionOrder(tenantDb(scope, tx), body.templateId);
    if (order >= SURVEY_MAX_QUESTIONS) { throw AppError.badRequest('validationFailed', { templateId: 'regex' }); }
    const question = await repo.insertQuestion(tenantDb(scope, tx), {
      templateId: body.templateId,
      text: body.text,
      textEs: body.textEs ?? '',
      answerType: body.answerType,
      isRequired: body.isRequired,
      ...checkRange(body),
      sortOrder: order,
    });
    const answers =
      body.answerType === SurveyAnswerType.YES_NO
        ? await repo.insertOfferedAnswers(tenantDb(scope, tx), [
            { questionId: question.id, text: 'Yes', textEs: 'Sí', score: 1, sortOrder: 0 },
            { questionId: question.id, text: 'No', textEs: 'No', score: 0, sortOrder: 1 },
          ])
        : [];
    await repo.touchTemplate(tenantDb(scope, tx), body.templateId);
    return toQuestion(question, answers);
  });
}

async function questionForChange(scope: Scope, tx: Executor, id: number) {
  const found = await repo.getQuestion(tenantDb(scope, tx), id);
  if (!found) { throw AppError.notFound(); }
  await lockedForChange(scope, tx, found.q.templateId);
  return found.q;
}

async function reloadQuestion(scope: Scope, db: Executor, id: number): Promise<SurveyQuestion> {
  const found = await repo.getQuestion(tenantDb(scope, db), id);
  if (!found) { throw AppError.notFound(); }
  const { questions, answers } = await repo.findQuestions(tenantDb(scope, db), [found.q.templateId]);
  return toQuestion(questions.find((q) => q.id === id)!, answers);
}

/**
 * `PUT stquestion/{id}`: text, answer type, required flag, range. A question that has offered
 * answers keeps a choice type (400 'surveyQuestionNotChoice' on answerType otherwise).
 */
export async function updateQuestion(ctx: AppContext, scope: Scope, id: number, body: EndpointBody<typeof contract.updateSurveyQuestion>): Promise<SurveyQuestion> {
  await ctx.db.transaction(async (tx) => {
    const question = await questionForChange(scope, tx, id);
    if (!isChoice(body.answerType) && (await repo.offeredAnswerIdsOf(tenantDb(scope, tx), id)).length > 0) {
      throw AppError.badRequest('surveyQuestionNotChoice', { answerType: 'surveyQuestionNotChoice' });
    }
    await repo.updateQuestion(tenantDb(scope, tx), id, { text: body.text, textEs: body.textEs ?? '', answerType: body.answerType, isRequired: body.isRequired, ...checkRange(body) });
    await repo.touchTemplate(tenantDb(scope, tx), question.templateId);
  });
  return reloadQuestion(scope, ctx.db, id);
}

/** `DELETE stquestion/{id}`: the question and its offered answers; answers already given keep their texts. */
export async function deleteQuestion(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number; templateId: number }> {
  return ctx.db.transaction(async (tx) => {
    const question = await questionForChange(scope, tx, id);
    await repo.deleteQuestion(tenantDb(scope, tx), id);
    await repo.setQuestionOrder(tenantDb(scope, tx), await repo.questionIdsOf(tenantDb(scope, tx), question.templateId));
    await repo.touchTemplate(tenantDb(scope, tx), question.templateId);
    return { id, templateId: question.templateId };
  });
}

/** The same ids in any order, each once (400 'surveyReorderMismatch' otherwise). */
function assertPermutation(current: number[], wanted: number[], field: string) {
  const same = current.length === wanted.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
  if (!same) { throw AppError.badRequest('surveyReorderMismatch', { [field]: 'surveyReorderMismatch' }); }
}

/** `PUT stquestion/reorder`: the body lists every question of the template once, in the new order. */
export async function reorderQuestions(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.reorderSurveyQuestions>): Promise<SurveyQuestion[]> {
  await ctx.db.transaction(async (tx) => {
    await lockedForChange(scope, tx, body.templateId);
    assertPermutation(await repo.questionIdsOf(tenantDb(scope, tx), body.templateId), body.questionIds, 'questionIds');
    await repo.setQuestionOrder(tenantDb(scope, tx), body.questionIds);
    await repo.touchTemplate(tenantDb(scope, tx), body.templateId);
  });
  return (await loadTemplate(scope, ctx.db, body.templateId)).questions;
}

// Offered answers -----------------------------------------------------------------------------

/** `POST stofferedanswer`: appends an answer to a choice question (400 'surveyQuestionNotChoice' otherwise). */
export async function createOfferedAnswer(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createSurveyOfferedAnswer>): Promise<SurveyOfferedAnswer> {
  return ctx.db.transaction(async (tx) => {
    const question = await questionForChange(scope, tx, body.questionId);
    if (!isChoice(question.answerType)) { throw AppError.badRequest('surveyQuestionNotChoice', { questionId: 'surveyQuestionNotChoice' }); }
    const order = await repo.nextAnswerOrder(tenantDb(scope, tx), question.id);
    if (order >= SURVEY_MAX_OFFERED_ANSWERS) { throw AppError.badRequest('validationFailed', { questionId: 'regex' }); }
    const [row] = await repo.insertOfferedAnswers(tenantDb(scope, tx), [{ questionId: question.id, text: body.text, textEs: body.textEs ?? '', score: body.score, sortOrder: order }]);
    await repo.touchTemplate(tenantDb(scope, tx), question.templateId);
    return toOfferedAnswer(row!);
  });
}

async function offeredAnswerForChange(scope: Scope, tx: Executor, id: number) {
  const found = await repo.getOfferedAnswer(tenantDb(scope, tx), id);
  if (!found) { throw AppError.notFound(); }
  await lockedForChange(scope, tx, found.templateId);
  return found;
}

/** `PUT stofferedanswer/{id}`: text and score. */
export async function updateOfferedAnswer(ctx: AppContext, scope: Scope, id: number, body: EndpointBody<typeof contract.updateSurveyOfferedAnswer>): Promise<SurveyOfferedAnswer> {
  return ctx.db.transaction(async (tx) => {
    const found = await offeredAnswerForChange(scope, tx, id);
    await repo.updateOfferedAnswer(tenantDb(scope, tx), id, { text: body.text, textEs: body.textEs ?? '', score: body.score });
    await repo.touchTemplate(tenantDb(scope, tx), found.templateId);
    return toOfferedAnswer({ ...found.a, text: body.text, textEs: body.textEs ?? '', score: body.score });
  });
}

/** `DELETE stofferedanswer/{id}`. */
export async function deleteOfferedAnswer(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number; questionId: number }> {
  return ctx.db.transaction(async (tx) => {
    const found = await offeredAnswerForChange(scope, tx, id);
    await repo.deleteOfferedAnswer(tenantDb(scope, tx), id);
    await repo.setOfferedAnswerOrder(tenantDb(scope, tx), await repo.offeredAnswerIdsOf(tenantDb(scope, tx), found.a.questionId));
    await repo.touchTemplate(tenantDb(scope, tx), found.templateId);
    return { id, questionId: found.a.questionId };
  });
}

/** `PUT stofferedanswer/reorder`: the body lists every offered answer of the question once, in the new order. */
export async function reorderOfferedAnswers(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.reorderSurveyOfferedAnswers>): Promise<SurveyOfferedAnswer[]> {
  await ctx.db.transaction(async (tx) => {
    const question = await questionForChange(scope, tx, body.questionId);
    assertPermutation(await repo.offeredAnswerIdsOf(tenantDb(scope, tx), question.id), body.offeredAnswerIds, 'offeredAnswerIds');
    await repo.setOfferedAnswerOrder(tenantDb(scope, tx), body.offeredAnswerIds);
    await repo.touchTemplate(tenantDb(scope, tx), question.templateId);
  });
  return (await reloadQuestion(scope, ctx.db, body.questionId)).offeredAnswers;
}
