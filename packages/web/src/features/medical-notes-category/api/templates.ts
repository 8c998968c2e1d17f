import { CategoryTemplateStatus, medicalNotes, type CopyCategoryTemplatesBody, type In } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type CreateTemplateBody = NonNullable<In<typeof medicalNotes.createMedicalNoteCategoryTemplate.body>>;
export type UpdateTemplateBody = NonNullable<In<typeof medicalNotes.updateMedicalNoteCategoryTemplate.body>>;

/** Every change of a template makes the office template lists stale (this page's and the note forms' active list). */
const templateReads = [medicalNotes.getMedicalNoteCategoryTemplatesForHospital] as const;

/**
 * GET medicalnotecategorytemplate/forhospital: the office's category templates by title, at most
 * 500; every status, or only the active ones (`activeOnly`, offered for a new note by care-time).
 */
export function useOfficeTemplates(hospitalId: number, { activeOnly = false, enabled = true, staleTime }: { activeOnly?: boolean; enabled?: boolean; staleTime?: number } = {}) {
  return useEndpointQuery(
    medicalNotes.getMedicalNoteCategoryTemplatesForHospital,
    { headers: { hospitalid: hospitalId }, query: activeOnly ? { status: CategoryTemplateStatus.ACTIVE } : undefined },
    { enabled: enabled && hospitalId > 0, staleTime },
  );
}

/** POST medicalnotecategorytemplate: a new template of an office (title unique in the office). */
export function useCreateTemplate() {
  return useEndpointMutation(medicalNotes.createMedicalNoteCategoryTemplate, { input: (body: CreateTemplateBody) => ({ body }), invalidates: templateReads });
}

/** PUT medicalnotecategorytemplate/{id}: edits a template (a 403 carries the server's message, spec section 8). */
export function useUpdateTemplate() {
  return useEndpointMutation(medicalNotes.updateMedicalNoteCategoryTemplate, {
    input: ({ id, body }: { id: number; body: UpdateTemplateBody }) => ({ params: { id }, body }),
    invalidates: templateReads,
  });
}

/** PUT medicalnotecategorytemplate/changestatus/{id}: 1 active, 0 inactive (not offered for new notes). */
export function useChangeTemplateStatus() {
  return useEndpointMutation(medicalNotes.changeMedicalNoteCategoryTemplateStatus, {
    input: ({ id, status }: { id: number; status: 0 | 1 }) => ({ params: { id }, body: { status } }),
    invalidates: templateReads,
  });
}

/** DELETE medicalnotecategorytemplate/{id}: refused (409) while a note detail uses the template. */
export function useDeleteTemplate() {
  return useEndpointMutation(medicalNotes.deleteMedicalNoteCategoryTemplate, { input: (id: number) => ({ params: { id } }), invalidates: templateReads });
}

/**
 * POST medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid: copies
 * an office's active templates to another office, skipping titles the target already has.
 */
export function useCopyTemplates() {
  return useEndpointMutation(medicalNotes.copyMedicalNoteCategoryTemplates, { input: (body: CopyCategoryTemplatesBody) => ({ body }), invalidates: templateReads });
}
