import type { FastifyError, FastifyInstance } from 'fastify';
import { medicalNotes } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/route';
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

/** endpoints.txt section "Medical notes and category templates" (16). */
export function medicalNotesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, medicalNotes.getMedicalNoteForPatientById, ({ scope, headers }) =>
    service.findNotesForPatient(ctx, scope, headers.patientid, headers.hospitalid),
  );
  registerEndpoint(app, ctx, medicalNotes.getMedicalNoteForPatientByIdAndMonth, ({ scope, headers }) =>
    service.getNoteForMonth(ctx, scope, { patientId: headers.patientid, hospitalId: headers.hospitalid, month: headers.month, year: headers.year }),
  );
  registerEndpoint(app, ctx, medicalNotes.getMedicalNoteForHospital, ({ scope, headers, query }) =>
    service.findNotesForOffice(ctx, scope, { hospitalId: headers.hospitalid, month: headers.bymonth, year: headers.byyear }, query),
  );
  registerEndpoint(app, ctx, medicalNotes.createMedicalNote, ({ scope, body }) => service.createNote(ctx, scope, body));
  registerEndpoint(app, ctx, medicalNotes.createMedicalNoteWithCustomSeconds, ({ scope, body }) => service.createNoteWithCustomSeconds(ctx, scope, body));
  registerEndpoint(app, ctx, medicalNotes.deleteMedicalNote, ({ scope, params }) => service.deleteNote(ctx, scope, params.id));
  registerEndpoint(app, ctx, medicalNotes.addAdditionalMedicalNoteDetail, ({ scope, params, body }) => service.addDetail(ctx, scope, params.medicalNoteId, body));
  registerEndpoint(app, ctx, medicalNotes.updateMedicalNoteDetail, ({ scope, params, body }) => service.updateDetail(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, medicalNotes.deleteMedicalNoteDetail, ({ scope, params }) => service.deleteDetail(ctx, scope, params.id));

  registerEndpoint(app, ctx, medicalNotes.getMedicalNoteCategoryTemplates, ({ scope, query }) => templates.findTemplates(ctx, scope, query.status));
  registerEndpoint(app, ctx, medicalNotes.getMedicalNoteCategoryTemplatesForHospital, ({ scope, headers, query }) =>
    templates.findTemplatesForOffice(ctx, scope, headers.hospitalid, query.status),
  );
  void app.register(async (scoped) => {
    scoped.setErrorHandler(templatePermissionMessage);
    registerEndpoint(scoped, ctx, medicalNotes.createMedicalNoteCategoryTemplate, ({ scope, body }) => templates.createTemplate(ctx, scope, body));
    registerEndpoint(scoped, ctx, medicalNotes.updateMedicalNoteCategoryTemplate, ({ scope, params, body }) => templates.updateTemplate(ctx, scope, params.id, body));
    registerEndpoint(scoped, ctx, medicalNotes.changeMedicalNoteCategoryTemplateStatus, ({ scope, params, body }) =>
      templates.changeTemplateStatus(ctx, scope, params.id, body.status),
    );
    registerEndpoint(scoped, ctx, medicalNotes.deleteMedicalNoteCategoryTemplate, ({ scope, params }) => templates.deleteTemplate(ctx, scope, params.id));
    registerEndpoint(scoped, ctx, medicalNotes.copyMedicalNoteCategoryTemplates, ({ scope, body }) => templates.copyTemplates(ctx, scope, body));
  });
}
