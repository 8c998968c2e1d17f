import type { FastifyError, FastifyInstance } from 'fastify';
import { medicalNotes } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
import * as templates from './category-templates.service';
import * as service from './medical-notes.service';

/**
 * The template writes' permission failure names what was refused (spec section 8: "A 403 on
 * category template edit returns the server's message"), instead of the generic "You do not have
 * permission to do this". Everything else goes on to the app's error handler unchanged.
 */
function templatePermissionMessage(error: FastifyError | AppError | Error): never {
  if (error instanceof AppError && error.code === 'forbidden' && error.messageKey === 'forbidden') { throw AppError.forbidden('noteTemplatesForbidden'); }
  throw error;
}

/**
 * The template writes, registered in the plugin context of `templatePermissionMessage` with
 * `pickGroup`; the rest of the group with `omitGroup` of the same keys, so the two registrations
 * are the whole group, each one's handlers complete at compile time (docs/architecture.md "The route chain").
 */
const TEMPLATE_WRITES = [
  'createMedicalNoteCategoryTemplate',
  'updateMedicalNoteCategoryTemplate',
  'changeMedicalNoteCategoryTemplateStatus',
  'deleteMedicalNoteCategoryTemplate',
  'copyMedicalNoteCategoryTemplates',
] as const;

/** endpoints.txt section "Medical notes and category templates" (16). */
export function medicalNotesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(medicalNotes, TEMPLATE_WRITES), {
    getMedicalNoteForPatientById: ({ scope, headers }) =>
      service.findNotesForPatient(ctx, scope, headers.patientid, headers.hospitalid),
    getMedicalNoteForPatientByIdAndMonth: ({ scope, headers }) =>
      service.getNoteForMonth(ctx, scope, { patientId: headers.patientid, hospitalId: headers.hospitalid, month: headers.month, year: headers.year }),
    getMedicalNoteForHospital: ({ scope, headers, query }) =>
      service.findNotesForOffice(ctx, scope, { hospitalId: headers.hospitalid, month: headers.bymonth, year: headers.byyear }, query),
    createMedicalNote: ({ scope, body }) => service.createNote(ctx, scope, body),
    createMedicalNoteWithCustomSeconds: ({ scope, body }) => service.createNoteWithCustomSeconds(ctx, scope, body),
    deleteMedicalNote: ({ scope, params }) => service.deleteNote(ctx, scope, params.id),
    addAdditionalMedicalNoteDetail: ({ scope, params, body }) => service.addDetail(ctx, scope, params.medicalNoteId, body),
    updateMedicalNoteDetail: ({ scope, params, body }) => service.updateDetail(ctx, scope, params.id, body),
    deleteMedicalNoteDetail: ({ scope, params }) => service.deleteDetail(ctx, scope, params.id),

    getMedicalNoteCategoryTemplates: ({ scope, query }) => templates.findTemplates(ctx, scope, query.status),
    getMedicalNoteCategoryTemplatesForHospital: ({ scope, headers, query }) =>
      templates.findTemplatesForOffice(ctx, scope, headers.hospitalid, query.status),
  });
  void app.register(async (scoped) => {
    scoped.setErrorHandler(templatePermissionMessage);
    registerGroup(scoped, ctx, pickGroup(medicalNotes, TEMPLATE_WRITES), {
      createMedicalNoteCategoryTemplate: ({ scope, body }) => templates.createTemplate(ctx, scope, body),
      updateMedicalNoteCategoryTemplate: ({ scope, params, body }) => templates.updateTemplate(ctx, scope, params.id, body),
      changeMedicalNoteCategoryTemplateStatus: ({ scope, params, body }) =>
        templates.changeTemplateStatus(ctx, scope, params.id, body.status),
      deleteMedicalNoteCategoryTemplate: ({ scope, params }) => templates.deleteTemplate(ctx, scope, params.id),
      copyMedicalNoteCategoryTemplates: ({ scope, body }) => templates.copyTemplates(ctx, scope, body),
    });
  });
}
