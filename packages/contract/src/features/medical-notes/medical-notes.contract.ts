import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  addMedicalNoteDetailBodySchema,
  categoryTemplateListQuerySchema,
  changeCategoryTemplateStatusBodySchema,
  copiedCategoryTemplatesSchema,
  copyCategoryTemplatesBodySchema,
  createCategoryTemplateBodySchema,
  createMedicalNoteBodySchema,
  createMedicalNoteWithCustomSecondsBodySchema,
  deletedCategoryTemplateSchema,
  deletedMedicalNoteDetailSchema,
  deletedMedicalNoteSchema,
  medicalNoteCategoryTemplateSchema,
  medicalNoteDetailSchema,
  medicalNoteHospitalHeadersSchema,
  medicalNoteMonthHeadersSchema,
  medicalNotePageQuerySchema,
  medicalNotePageSchema,
  medicalNotePatientHeadersSchema,
  medicalNoteSchema,
  medicalNoteWithTimeEntrySchema,
  updateCategoryTemplateBodySchema,
  updateMedicalNoteDetailBodySchema,
} from './medical-notes.schemas';

/** endpoints.txt section "Medical notes and category templates" (16). */
const tag = 'Medical notes';
const templateTag = 'Medical note category templates';
const idParams = z.object({ id: idSchema });

export const getMedicalNoteForPatientById = endpoint({
  method: 'GET',
  path: 'medicalnote/getmedicalnoteforpatientbyid',
  tag,
  summary: "The patient's monthly notes in the office with their details, newest month first (at most 120)",
  permission: 'notes.read',
  headers: medicalNotePatientHeadersSchema,
  response: z.array(medicalNoteSchema),
});

export const getMedicalNoteForPatientByIdAndMonth = endpoint({
  method: 'GET',
  path: 'medicalnote/getmedicalnoteforpatientbyidandmonth',
  tag,
  summary: 'The patient\'s note of a month with its details; 404 "No medical note for the patient for the month {month} and year {year}!"',
  permission: 'notes.read',
  headers: medicalNoteMonthHeadersSchema,
  response: medicalNoteSchema,
});

export const getMedicalNoteForHospital = endpoint({
  method: 'GET',
  path: 'medicalnote/getmedicalnoteforhospital',
  tag,
  summary: "A page of the office's notes of a month with patient and details (search by patient name)",
  permission: 'notes.read',
  headers: medicalNoteHospitalHeadersSchema,
  query: medicalNotePageQuerySchema,
  response: medicalNotePageSchema,
  audit: { resource: 'DocumentReference' },
});

export const createMedicalNote = endpoint({
  method: 'POST',
  path: 'medicalnote',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: "Add a detail to the patient's note of the month (created when missing); the program must be enabled in the office",
  permission: 'notes.manage',
  body: createMedicalNoteBodySchema,
  response: medicalNoteSchema,
  successStatus: 201,
});

export const createMedicalNoteWithCustomSeconds = endpoint({
  method: 'POST',
  path: 'medicalnote/medicalnotewithcustomseconds',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: 'Add a note detail with a manual time entry of custom seconds (1..7200) on a date, linked to each other',
  permission: 'timeTracking.use',
  body: createMedicalNoteWithCustomSecondsBodySchema,
  response: medicalNoteWithTimeEntrySchema,
  successStatus: 201,
});

export const deleteMedicalNote = endpoint({
  method: 'DELETE',
  path: 'medicalnote/{id}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary:
    "Delete a month's note with its details (its author or an office admin); refused while a detail documents timer time; manual entries written with it go too",
  permission: 'notes.manage',
  params: idParams,
  response: deletedMedicalNoteSchema,
  audit: { resource: 'DocumentReference', record: { kind: 'medicalNote', key: 'params.id' } },
});

export const addAdditionalMedicalNoteDetail = endpoint({
  method: 'PUT',
  path: 'medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: 'Add a detail to an existing note',
  permission: 'notes.manage',
  params: z.object({ medicalNoteId: idSchema }),
  body: addMedicalNoteDetailBodySchema,
  response: medicalNoteSchema,
  audit: { resource: 'DocumentReference', record: { kind: 'medicalNote', key: 'params.medicalNoteId' } },
});

export const updateMedicalNoteDetail = endpoint({
  method: 'PUT',
  path: 'medicalnotedetail/{id}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary: "Edit a detail's text, program or template (its author or an office admin)",
  permission: 'notes.manage',
  params: idParams,
  body: updateMedicalNoteDetailBodySchema,
  response: medicalNoteDetailSchema,
  audit: { resource: 'DocumentReference', record: { kind: 'medicalNoteDetail', key: 'params.id' } },
});

export const deleteMedicalNoteDetail = endpoint({
  method: 'DELETE',
  path: 'medicalnotedetail/{id}',
  changesAccess: false, // a clinical write: cannot change sessions, users or offices
  tag,
  summary:
    'Delete a detail (its author or an office admin); refused when it documents timer time; a manual entry written with it goes too; the last detail takes the note',
  permission: 'notes.manage',
  params: idParams,
  response: deletedMedicalNoteDetailSchema,
  audit: { resource: 'DocumentReference', record: { kind: 'medicalNoteDetail', key: 'params.id' } },
});

export const getMedicalNoteCategoryTemplates = endpoint({
  method: 'GET',
  path: 'medicalnotecategorytemplate',
  tag: templateTag,
  summary: "The category templates of the caller's offices (optionally by status), by office and title, at most 500",
  permission: 'notes.read',
  query: categoryTemplateListQuerySchema,
  response: z.array(medicalNoteCategoryTemplateSchema),
});

export const getMedicalNoteCategoryTemplatesForHospital = endpoint({
  method: 'GET',
  path: 'medicalnotecategorytemplate/forhospital',
  tag: templateTag,
  summary: "The office's category templates (optionally by status), by title, at most 500",
  permission: 'notes.read',
  headers: z.object({ hospitalid: idSchema }),
  query: categoryTemplateListQuerySchema,
  response: z.array(medicalNoteCategoryTemplateSchema),
});

export const createMedicalNoteCategoryTemplate = endpoint({
  method: 'POST',
  path: 'medicalnotecategorytemplate',
  tag: templateTag,
  summary: 'Create an office category template (title unique in the office, case-insensitive)',
  permission: 'noteTemplates.manage',
  body: createCategoryTemplateBodySchema,
  response: medicalNoteCategoryTemplateSchema,
  successStatus: 201,
});

export const updateMedicalNoteCategoryTemplate = endpoint({
  method: 'PUT',
  path: 'medicalnotecategorytemplate/{id}',
  tag: templateTag,
  summary: 'Edit a category template',
  permission: 'noteTemplates.manage',
  params: idParams,
  body: updateCategoryTemplateBodySchema,
  response: medicalNoteCategoryTemplateSchema,
});

export const changeMedicalNoteCategoryTemplateStatus = endpoint({
  method: 'PUT',
  path: 'medicalnotecategorytemplate/changestatus/{id}',
  tag: templateTag,
  summary: 'Activate (1) or deactivate (0) a category template; inactive templates are not offered for new notes',
  permission: 'noteTemplates.manage',
  params: idParams,
  body: changeCategoryTemplateStatusBodySchema,
  response: medicalNoteCategoryTemplateSchema,
});

export const deleteMedicalNoteCategoryTemplate = endpoint({
  method: 'DELETE',
  path: 'medicalnotecategorytemplate/{id}',
  tag: templateTag,
  summary: 'Delete a category template; 409 while a note detail uses it (deactivate it instead)',
  permission: 'noteTemplates.manage',
  params: idParams,
  response: deletedCategoryTemplateSchema,
});

export const copyMedicalNoteCategoryTemplates = endpoint({
  method: 'POST',
  path: 'medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid',
  tag: templateTag,
  summary: "Copy an office's active category templates to another office, skipping titles the target already has",
  permission: 'noteTemplates.manage',
  body: copyCategoryTemplatesBodySchema,
  response: copiedCategoryTemplatesSchema,
  successStatus: 201,
});
