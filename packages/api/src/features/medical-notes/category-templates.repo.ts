import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CareProgram, MedicalNoteCategoryTemplate } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { medicalNoteCategoryTemplates } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** Medical note category templates of the offices. Every function takes the caller's scope first. */

/** Advisory lock key space: one office's templates (the unique-title rule). */
const LOCK_OFFICE_NOTE_TEMPLATES = 730_203;

const t = medicalNoteCategoryTemplates;
/**
 * A template is in use while a note detail names it. Written out qualified: drizzle leaves the
 * columns of a single-table select unqualified, which inside a correlated subquery would bind to
 * the inner table.
 */
const inUse = sql<boolean>`exists (select 1 from medical_note_details d where d.category_template_id = "medical_note_category_templates"."id")`;

const columns = {
  id: t.id,
  hospitalId: t.hospitalId,
  title: t.title,
  titleEsp: t.titleEsp,
  categoryType: t.categoryType,
  program: t.program,
  bodyTemplate: t.bodyTemplate,
  status: t.status,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  inUse,
};

type Row = { [K in keyof typeof columns]: K extends 'inUse' ? boolean : (typeof t.$inferSelect)[Exclude<K, 'inUse'>] };

const view = (r: Row): MedicalNoteCategoryTemplate => ({ ...r, program: r.program as CareProgram, inUse: Boolean(r.inUse), createdAt: r.createdAt.toISOString() });

/** Serialises template writes of office `hospitalId` until the transaction ends. */
export async function lockOfficeTemplates(tx: Executor, hospitalId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_OFFICE_NOTE_TEMPLATES}::int, ${hospitalId}::int)`);
}

/** Templates of the caller's offices (of `hospitalId`, of `status`, among `ids`, when given), by office then title, at most `limit`. */
export async function findTemplates(tenant: TenantDb, f: { hospitalId?: number; status?: number; ids?: number[] }, limit: number): Promise<MedicalNoteCategoryTemplate[]> {
  const { scope, db } = tenant;
  if (f.ids?.length === 0) { return []; }
  const rows = await db
    .select(columns)
    .from(t)
    .where(
      and(
        officeFilter(scope, t.hospitalId),
        f.hospitalId !== undefined ? eq(t.hospitalId, f.hospitalId) : undefined,
        f.status !== undefined ? eq(t.status, f.status) : undefined,
        f.ids !== undefined ? inArray(t.id, f.ids) : undefined,
      ),
    )
    .orderBy(asc(t.hospitalId), sql`lower(${t.title})`, asc(t.id))
    .limit(limit);
  return rows.map(view);
}

/** The template `id` in the caller's offices, or null. */
export async function getTemplate(tenant: TenantDb, id: number): Promise<MedicalNoteCategoryTemplate | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), officeFilter(scope, t.hospitalId)))
    .limit(1);
  return row ? view(row) : null;
}

/** The titles of office `hospitalId`'s templates, lower-cased (except template `exceptId`). */
export async function findTitlesOfOffice(tenant: TenantDb, hospitalId: number, exceptId?: number): Promise<Set<string>> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ title: t.title })
    .from(t)
    .where(and(eq(t.hospitalId, hospitalId), officeFilter(scope, t.hospitalId), exceptId !== undefined ? ne(t.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.title.trim().toLowerCase()));
}

export interface TemplateValues {
  title: string;
  titleEsp: string;
  categoryType: string;
  program: CareProgram;
  bodyTemplate: string;
}

/** Inserts templates into office `hospitalId`; returns their ids in order. */
export async function insertTemplates(
  tenant: TenantDb,
  hospitalId: number,
  values: (TemplateValues & { status?: number })[],
  createdBy: number,
): Promise<number[]> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, hospitalId);
  if (values.length === 0) { return []; }
  const rows = await db
    .insert(t)
    .values(values.map((v) => ({ ...v, hospitalId, createdBy })))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}

/** Updates the template `id` in the caller's offices. */
export async function updateTemplate(tenant: TenantDb, id: number, values: Partial<TemplateValues & { status: number }>): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(t)
    .set(values)
    .where(and(eq(t.id, id), officeFilter(scope, t.hospitalId)));
}

/** Deletes the template `id` (in the caller's offices) unless a note detail uses it; false when nothing was deleted. */
export async function deleteUnusedTemplate(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(t)
    .where(and(eq(t.id, id), officeFilter(scope, t.hospitalId), sql`not ${inUse}`))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** The active templates of office `hospitalId` (in scope) to copy, by title, at most `limit`. */
export async function findActiveTemplateValues(tenant: TenantDb, hospitalId: number, limit: number): Promise<TemplateValues[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ title: t.title, titleEsp: t.titleEsp, categoryType: t.categoryType, program: t.program, bodyTemplate: t.bodyTemplate })
    .from(t)
    .where(and(eq(t.hospitalId, hospitalId), eq(t.status, 1), officeFilter(scope, t.hospitalId)))
    .orderBy(sql`lower(${t.title})`, asc(t.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, program: r.program as CareProgram }));
}
