import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { hospitals, surveyOfferedAnswers, surveyQuestions, surveyRecurrences, surveyTemplates } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { likeTerm, pageOffset, parseSort } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

// Survey templates, questions and offered answers. Every function takes the caller's scope first:
// a template is visible when it is the library's (hospital_id null) or of one of the caller's
// offices (officeFilter); anything else reads as absent (404).

const t = surveyTemplates;
const q = surveyQuestions;
const a = surveyOfferedAnswers;

/** The tenant filter of templates: the library, or the caller's offices. */
export const templateVisible = (scope: Scope): SQL => or(isNull(t.hospitalId), officeFilter(scope, t.hospitalId))!;

/** The ids of the templates the caller sees, as a subquery (for rows reached through their template). */
const visibleTemplateIds = (scope: Scope) => sql`(select ${t.id} from ${t} where ${templateVisible(scope)})`;
/** The ids of the questions of templates the caller sees, as a subquery. */
const visibleQuestionIds = (scope: Scope) => sql`(select ${q.id} from ${q} where ${q.templateId} in ${visibleTemplateIds(scope)})`;

const questionCount = sql<number>`(select count(*) from survey_questions sq where sq.template_id = "survey_templates"."id")::int`;
const assignedCount = sql<number>`(select count(*) from survey_recurrences sr where sr.template_id = "survey_templates"."id")::int`;
const maxScore = sql<number | null>`(select sum(m)::float8 from (select max(so.score) as m from survey_questions sq2 join survey_offered_answers so on so.question_id = sq2.id where sq2.template_id = "survey_templates"."id" group by sq2.id) x)`;

const columns = {
  id: t.id,
  hospitalId: t.hospitalId,
  hospitalName: hospitals.hospitalName,
  name: t.name,
  nameEs: t.nameEs,
  description: t.description,
  category: t.category,
  instrumentCode: t.instrumentCode,
  loincCode: t.loincCode,
  isLocked: t.isLocked,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  questionCount,
  assignedCount,
  maxScore,
};
export type TemplateRow = Awaited<ReturnType<typeof findTemplatesPage>>['rows'][number];

export interface TemplateFilter {
  hospitalId?: number | 'library';
  /** The library and this office (GET surveytemplate). */
  officeAndLibrary?: number;
  includeLibrary?: boolean;
  category?: string;
  status?: 'active' | 'inactive';
  search?: string;
  ids?: number[];
}

function where(scope: Scope, f: TemplateFilter): SQL {
  return and(
    templateVisible(scope),
    f.hospitalId === 'library' ? isNull(t.hospitalId) : f.hospitalId !== undefined ? eq(t.hospitalId, f.hospitalId) : undefined,
    f.officeAndLibrary !== undefined ? (f.includeLibrary === false ? eq(t.hospitalId, f.officeAndLibrary) : or(isNull(t.hospitalId), eq(t.hospitalId, f.officeAndLibrary))) : undefined,
    f.category ? eq(t.category, f.category) : undefined,
    f.status ? eq(t.status, f.status) : undefined,
    f.search ? or(ilike(t.name, likeTerm(f.search)), ilike(t.nameEs, likeTerm(f.search))) : undefined,
    f.ids ? inArray(t.id, f.ids) : undefined,
  )!;
}

/** A page of visible templates, sorted by a whitelisted field (default: the library first, then name). */
export async function findTemplatesPage(tenant: TenantDb, f: TemplateFilter, page: { page: number; pageSize: number; sort?: string }) {
  const { scope, db } = tenant;
  const sort = parseSort(page.sort as 'name' | undefined, 'name');
  const sortColumn = { name: sql`lower(${t.name})`, createdAt: t.createdAt, updatedAt: t.updatedAt, category: t.category }[sort.field as 'name' | 'createdAt' | 'updatedAt' | 'category'] ?? sql`lower(${t.name})`;
  const w = where(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .leftJoin(hospitals, eq(hospitals.id, t.hospitalId))
      .where(w)
      .orderBy(sql`(${t.hospitalId} is not null)`, sort.descending ? desc(sortColumn) : asc(sortColumn), asc(t.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(t).where(w),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One visible template's row, or null. */
export async function getTemplate(tenant: TenantDb, id: number) {
  const { scope, db } = tenant;
  const [row] = await db.select(columns).from(t).leftJoin(hospitals, eq(hospitals.id, t.hospitalId)).where(and(eq(t.id, id), templateVisible(scope))).limit(1);
  return row ?? null;
}

/** Locks a visible template's row for the rest of the transaction (serialises edits of its questions), or null. */
export async function lockTemplate(tenant: TenantDb, id: number) {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .select({ id: t.id, hospitalId: t.hospitalId, isLocked: t.isLocked, instrumentCode: t.instrumentCode, status: t.status })
    .from(t)
    .where(and(eq(t.id, id), templateVisible(scope)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Inserts a template of one of the caller's offices, or of the library (`hospitalId` null, system admins); 404 for another office. */
export async function insertTemplate(tenant: TenantDb, values: typeof t.$inferInsert): Promise<number> {
  const { scope, db: tx } = tenant;
  if (values.hospitalId !== null && values.hospitalId !== undefined) { assertOfficeInScope(scope, values.hospitalId); }
  const [row] = await tx.insert(t).values(values).returning({ id: t.id });
  return row!.id;
}

export async function updateTemplate(tenant: TenantDb, id: number, values: Partial<typeof t.$inferInsert>): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.update(t).set({ ...values, updatedAt: new Date() }).where(and(eq(t.id, id), templateVisible(scope)));
}

export async function touchTemplate(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.update(t).set({ updatedAt: new Date() }).where(and(eq(t.id, id), templateVisible(scope)));
}

export async function deleteTemplate(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx.delete(t).where(and(eq(t.id, id), templateVisible(scope))).returning({ id: t.id });
  return rows.length > 0;
}

/** Whether any recurrence (a patient's assignment) uses the template. */
export async function isTemplateAssigned(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const [row] = await tx.select({ id: surveyRecurrences.id }).from(surveyRecurrences).where(and(eq(surveyRecurrences.templateId, id), sql`${surveyRecurrences.templateId} in ${visibleTemplateIds(scope)}`)).limit(1);
  return row !== undefined;
}

// Questions and offered answers --------------------------------------------------------------
// Every write of a question or an offered answer is filtered by its template's visibility
// (`visibleTemplateIds`), so a row id from another office matches nothing.

/** Throws not-found unless every template of `templateIds` is one the caller sees. */
async function assertTemplatesVisible(tenant: TenantDb, templateIds: number[]): Promise<void> {
  const { scope, db: tx } = tenant;
  const ids = [...new Set(templateIds)];
  const seen = await tx.select({ id: t.id }).from(t).where(and(inArray(t.id, ids), templateVisible(scope)));
  if (seen.length !== ids.length) { throw AppError.notFound(); }
}

export type QuestionRow = typeof q.$inferSelect;
export type OfferedAnswerRow = typeof a.$inferSelect;

/** The questions of visible templates `templateIds`, in order, with their offered answers in order. */
export async function findQuestions(tenant: TenantDb, templateIds: number[]): Promise<{ questions: QuestionRow[]; answers: OfferedAnswerRow[] }> {
  const { scope, db } = tenant;
  if (templateIds.length === 0) { return { questions: [], answers: [] }; }
  const questions = await db
    .select({ q })
    .from(q)
    .innerJoin(t, eq(t.id, q.templateId))
    .where(and(inArray(q.templateId, templateIds), templateVisible(scope)))
    .orderBy(asc(q.templateId), asc(q.sortOrder), asc(q.id));
  const ids = questions.map((r) => r.q.id);
  const answers = ids.length === 0 ? [] : await db.select().from(a).where(inArray(a.questionId, ids)).orderBy(asc(a.questionId), asc(a.sortOrder), asc(a.id));
  return { questions: questions.map((r) => r.q), answers };
}

/** A visible question with its template's lock fields, or null. */
export async function getQuestion(tenant: TenantDb, id: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ q, templateLocked: t.isLocked, templateHospitalId: t.hospitalId })
    .from(q)
    .innerJoin(t, eq(t.id, q.templateId))
    .where(and(eq(q.id, id), templateVisible(scope)))
    .limit(1);
  return row ?? null;
}

/** A visible offered answer with its question and template, or null. */
export async function getOfferedAnswer(tenant: TenantDb, id: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ a, templateId: q.templateId, answerType: q.answerType, templateLocked: t.isLocked, templateHospitalId: t.hospitalId })
    .from(a)
    .innerJoin(q, eq(q.id, a.questionId))
    .innerJoin(t, eq(t.id, q.templateId))
    .where(and(eq(a.id, id), templateVisible(scope)))
    .limit(1);
  return row ?? null;
}

export async function nextQuestionOrder(tenant: TenantDb, templateId: number): Promise<number> {
  const { scope, db: tx } = tenant;
  const [row] = await tx.select({ m: max(q.sortOrder) }).from(q).where(and(eq(q.templateId, templateId), sql`${q.templateId} in ${visibleTemplateIds(scope)}`));
  return (row?.m ?? -1) + 1;
}

export async function nextAnswerOrder(tenant: TenantDb, questionId: number): Promise<number> {
  const { scope, db: tx } = tenant;
  const [row] = await tx.select({ m: max(a.sortOrder) }).from(a).where(and(eq(a.questionId, questionId), sql`${a.questionId} in ${visibleQuestionIds(scope)}`));
  return (row?.m ?? -1) + 1;
}

/** Inserts a question into a template the caller sees (404 otherwise). */
export async function insertQuestion(tenant: TenantDb, values: typeof q.$inferInsert): Promise<QuestionRow> {
  const { scope, db: tx } = tenant;
  await assertTemplatesVisible(tenantDb(scope, tx), [values.templateId]);
  const [row] = await tx.insert(q).values(values).returning();
  return row!;
}

/** Inserts offered answers of questions of templates the caller sees (404 otherwise). */
export async function insertOfferedAnswers(tenant: TenantDb, values: (typeof a.$inferInsert)[]): Promise<OfferedAnswerRow[]> {
  const { scope, db: tx } = tenant;
  if (values.length === 0) { return []; }
  const questionIds = [...new Set(values.map((v) => v.questionId))];
  const seen = await tx.select({ id: q.id }).from(q).where(and(inArray(q.id, questionIds), sql`${q.templateId} in ${visibleTemplateIds(scope)}`));
  if (seen.length !== questionIds.length) { throw AppError.notFound(); }
  return tx.insert(a).values(values).returning();
}

export async function updateQuestion(tenant: TenantDb, id: number, values: Partial<typeof q.$inferInsert>): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.update(q).set(values).where(and(eq(q.id, id), sql`${q.templateId} in ${visibleTemplateIds(scope)}`));
}

export async function deleteQuestion(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.delete(q).where(and(eq(q.id, id), sql`${q.templateId} in ${visibleTemplateIds(scope)}`));
}

export async function updateOfferedAnswer(tenant: TenantDb, id: number, values: Partial<typeof a.$inferInsert>): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.update(a).set(values).where(and(eq(a.id, id), sql`${a.questionId} in ${visibleQuestionIds(scope)}`));
}

export async function deleteOfferedAnswer(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.delete(a).where(and(eq(a.id, id), sql`${a.questionId} in ${visibleQuestionIds(scope)}`));
}

/** Ids of a template's questions (or a question's offered answers), in their current order. */
export async function questionIdsOf(tenant: TenantDb, templateId: number): Promise<number[]> {
  const { scope, db: tx } = tenant;
  return (await tx.select({ id: q.id }).from(q).where(and(eq(q.templateId, templateId), sql`${q.templateId} in ${visibleTemplateIds(scope)}`)).orderBy(asc(q.sortOrder), asc(q.id))).map((r) => r.id);
}
export async function offeredAnswerIdsOf(tenant: TenantDb, questionId: number): Promise<number[]> {
  const { scope, db: tx } = tenant;
  return (await tx.select({ id: a.id }).from(a).where(and(eq(a.questionId, questionId), sql`${a.questionId} in ${visibleQuestionIds(scope)}`)).orderBy(asc(a.sortOrder), asc(a.id))).map((r) => r.id);
}

/** An int[] literal of bound parameters. */
const intArray = (ids: number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}]::int[]`;

/** Sets sort_order 0..n-1 in the order of `ids` (one statement). */
export async function setQuestionOrder(tenant: TenantDb, ids: number[]): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.execute(sql`update survey_questions set sort_order = o.ord - 1 from unnest(${intArray(ids)}) with ordinality as o(id, ord) where survey_questions.id = o.id and survey_questions.template_id in ${visibleTemplateIds(scope)}`);
}
export async function setOfferedAnswerOrder(tenant: TenantDb, ids: number[]): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.execute(sql`update survey_offered_answers set sort_order = o.ord - 1 from unnest(${intArray(ids)}) with ordinality as o(id, ord) where survey_offered_answers.id = o.id and survey_offered_answers.question_id in ${visibleQuestionIds(scope)}`);
}
