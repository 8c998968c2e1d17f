import {
  CATEGORY_TEMPLATES_LIMIT,
  type CopiedCategoryTemplates,
  type CopyCategoryTemplatesBody,
  type CreateCategoryTemplateBody,
  type MedicalNoteCategoryTemplate,
  type UpdateCategoryTemplateBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { getOfficeInScope } from '../../db/visible';
import { isForeignKeyViolation } from '../../db/query-helpers';
import * as repo from './category-templates.repo';
import { tenantDb } from '../../db/handles';

/**
 * Medical note category templates per office (spec section 6 "Category
 * templates: a 403 on category template edit, delete or copy is treated as a permission
 * failure"). Titles are unique in an office, case-insensitively. A template is "in use" while a
 * note detail names it: it cannot be deleted then, only deactivated (status 0), which stops it
 * being offered for new notes and details.
 */

async function visibleOffice(scope: Scope, db: Executor, hospitalId: number): Promise<void> {
  if (!(await getOfficeInScope(tenantDb(scope, db), hospitalId))) { throw AppError.notFound(); }
}

async function visibleTemplate(scope: Scope, db: Executor, id: number): Promise<MedicalNoteCategoryTemplate> {
  const template = await repo.getTemplate(tenantDb(scope, db), id);
  if (!template) { throw AppError.notFound(); }
  return template;
}

/** `GET medicalnotecategorytemplate`: the templates of the caller's offices (of `status` when given), at most 500. */
export function findTemplates(ctx: AppContext, scope: Scope, status?: number): Promise<MedicalNoteCategoryTemplate[]> {
  return repo.findTemplates(tenantDb(scope, ctx.db), { status }, CATEGORY_TEMPLATES_LIMIT);
}

/** `GET medicalnotecategorytemplate/forhospital`: office `hospitalId`'s templates by title, at most 500. 404 for an office out of scope. */
export async function findTemplatesForOffice(ctx: AppContext, scope: Scope, hospitalId: number, status?: number): Promise<MedicalNoteCategoryTemplate[]> {
  await visibleOffice(scope, ctx.db, hospitalId);
  return repo.findTemplates(tenantDb(scope, ctx.db), { hospitalId, status }, CATEGORY_TEMPLATES_LIMIT);
}

const valuesOf = (body: UpdateCategoryTemplateBody): repo.TemplateValues => ({
  title: body.title,
  titleEsp: body.titleEsp ?? '',
  categoryType: body.categoryType ?? '',
  program: body.program,
  bodyTemplate: body.bodyTemplate ?? '',
});

/**
 * `POST medicalnotecategorytemplate`: an active template in office `hospitalId`. 404 for an office
 * out of scope; 409 "This office already has a category template with this title".
 */
export async function createTemplate(ctx: AppContext, scope: Scope, body: CreateCategoryTemplateBody): Promise<MedicalNoteCategoryTemplate> {
  const id = await ctx.db.transaction(async (tx) => {
    await visibleOffice(scope, tx, body.hospitalId);
    await repo.lockOfficeTemplates(tx, body.hospitalId);
    if ((await repo.findTitlesOfOffice(tenantDb(scope, tx), body.hospitalId)).has(body.title.toLowerCase())) { throw AppError.conflict('duplicateCategoryTemplate'); }
    const [newId] = await repo.insertTemplates(tenantDb(scope, tx), body.hospitalId, [valuesOf(body)], scope.userId);
    return newId!;
  });
  return visibleTemplate(scope, ctx.db, id);
}

/** `PUT medicalnotecategorytemplate/{id}`: edits a template's texts and program. 404 out of scope; 409 for a title the office already has. */
export async function updateTemplate(ctx: AppContext, scope: Scope, id: number, body: UpdateCategoryTemplateBody): Promise<MedicalNoteCategoryTemplate> {
  await ctx.db.transaction(async (tx) => {
    const template = await visibleTemplate(scope, tx, id);
    await repo.lockOfficeTemplates(tx, template.hospitalId);
    if ((await repo.findTitlesOfOffice(tenantDb(scope, tx), template.hospitalId, id)).has(body.title.toLowerCase())) { throw AppError.conflict('duplicateCategoryTemplate'); }
    await repo.updateTemplate(tenantDb(scope, tx), id, valuesOf(body));
  });
  return visibleTemplate(scope, ctx.db, id);
}

/** `PUT medicalnotecategorytemplate/changestatus/{id}`: sets status 1 (active) or 0 (inactive). 404 out of scope. */
export async function changeTemplateStatus(ctx: AppContext, scope: Scope, id: number, status: number): Promise<MedicalNoteCategoryTemplate> {
  await visibleTemplate(scope, ctx.db, id);
  await repo.updateTemplate(tenantDb(scope, ctx.db), id, { status });
  return visibleTemplate(scope, ctx.db, id);
}

/**
 * `DELETE medicalnotecategorytemplate/{id}`: deletes a template no note detail uses. 404 out of
 * scope; 409 "This category template is used by medical notes and cannot be deleted; deactivate
 * it instead". The check and the delete are one statement; a detail naming the template in the
 * same instant makes the foreign key refuse the delete, answered with the same 409.
 */
export async function deleteTemplate(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  await visibleTemplate(scope, ctx.db, id);
  let deleted: boolean;
  try {
    deleted = await repo.deleteUnusedTemplate(tenantDb(scope, ctx.db), id);
  } catch (err) {
    if (isForeignKeyViolation(err)) { throw AppError.conflict('categoryTemplateInUse'); }
    throw err;
  }
  if (!deleted) { throw AppError.conflict('categoryTemplateInUse'); }
  return { id };
}

/**
 * `POST medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid`:
 * copies office `fromHospitalId`'s active templates (at most 500) into office `toHospitalId`,
 * skipping the titles the target already has (case-insensitive), in one transaction. 404 when
 * either office is out of scope; 400 `toHospitalId` "Invalid" when both are the same office.
 */
export async function copyTemplates(ctx: AppContext, scope: Scope, body: CopyCategoryTemplatesBody): Promise<CopiedCategoryTemplates> {
  if (body.fromHospitalId === body.toHospitalId) { throw AppError.badRequest('invalid', { toHospitalId: 'invalid' }); }
  const { ids, skippedTitles } = await ctx.db.transaction(async (tx) => {
    await visibleOffice(scope, tx, body.fromHospitalId);
    await visibleOffice(scope, tx, body.toHospitalId);
    await repo.lockOfficeTemplates(tx, body.toHospitalId);
    const taken = await repo.findTitlesOfOffice(tenantDb(scope, tx), body.toHospitalId);
    const toCopy: repo.TemplateValues[] = [];
    const skipped: string[] = [];
    for (const values of await repo.findActiveTemplateValues(tenantDb(scope, tx), body.fromHospitalId, CATEGORY_TEMPLATES_LIMIT)) {
      const key = values.title.trim().toLowerCase();
      if (taken.has(key)) {
        skipped.push(values.title);
        continue;
      }
      taken.add(key);
      toCopy.push(values);
    }
    return { ids: await repo.insertTemplates(tenantDb(scope, tx), body.toHospitalId, toCopy, scope.userId), skippedTitles: skipped };
  });
  const copied = await repo.findTemplates(tenantDb(scope, ctx.db), { ids }, CATEGORY_TEMPLATES_LIMIT);
  return { copied, skippedTitles };
}
