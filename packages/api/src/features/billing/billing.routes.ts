import type { FastifyInstance, FastifyReply } from 'fastify';
import { billing } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as admin from './billing-admin.service';
import * as authorizations from './billing-authorizations.service';
import * as exportsService from './billing-exports.service';
import type { BillingFile } from './billing-exports.service';
import * as links from './billing-links.service';
import * as settings from './billing-settings.service';
import { billingGenerationRoutes } from './billing-generation.routes';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** Sends a billing file as an attachment; never cached (it holds PHI). */
async function sendFile(reply: FastifyReply, file: BillingFile): Promise<never> {
  await reply
    .code(200)
    .type(file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
  return answered;
}

/**
 * Spec section 7 "Billing": CSV data and downloads, billing code links (with the chosen download),
 * billing authorization templates, user billing authorizations, the admin patient lists and
 * report; plus the chosen settings, fee schedule and patient billing profile endpoints.
 * Generation, summaries and readiness are registered by the billing generation routes.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  billingGenerationRoutes(app, ctx);
  // CSV
  registerEndpoint(app, ctx, billing.getCsvDataForMonth, ({ scope, headers, query }) => exportsService.getCsvData(ctx, scope, headers, query));
  registerEndpoint(app, ctx, billing.generateMultipleCsvHospitalPatientsForMonthV2, async ({ scope, headers, reply }) =>
    sendFile(reply, await exportsService.officeCsv(ctx, scope, headers)),
  );
  registerEndpoint(app, ctx, billing.generateMultipleCsvOrganizationPatientsForMonthV2, async ({ scope, headers, reply }) =>
    sendFile(reply, await exportsService.organizationZip(ctx, scope, headers)),
  );

  // Billing code links
  registerEndpoint(app, ctx, billing.findBillingCodeLinks, ({ scope, query }) => links.findLinks(ctx, scope, query));
  registerEndpoint(app, ctx, billing.createBillingCodeLink, ({ scope, body }) => links.createLink(ctx, scope, body));
  registerEndpoint(app, ctx, billing.updateBillingCodeLink, ({ scope, params, body }) => links.updateLink(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, billing.deleteBillingCodeLink, ({ scope, params }) => links.deleteLink(ctx, scope, params.id));
  registerEndpoint(app, ctx, billing.sendBillingCodeLinkEmail, ({ scope, headers, body, req }) =>
    links.sendLinkEmail(ctx, scope, headers.billingcodelinkid, body.lang ?? req.lang),
  );
  registerEndpoint(app, ctx, billing.downloadBillingCodeLink, async ({ scope, headers, reply }) => sendFile(reply, await links.downloadLink(ctx, scope, headers.linktoken)));

  // Billing authorization templates
  registerEndpoint(app, ctx, billing.findBillingAuthorizationTemplates, ({ scope, query }) => authorizations.findTemplates(ctx, scope, query));
  registerEndpoint(app, ctx, billing.getBillingAuthorizationTemplate, ({ scope, params }) => authorizations.getTemplate(ctx, scope, params.id));
  registerEndpoint(app, ctx, billing.createBillingAuthorizationTemplate, ({ scope, body }) => authorizations.createTemplate(ctx, scope, body));
  registerEndpoint(app, ctx, billing.updateBillingAuthorizationTemplate, ({ scope, params, body }) => authorizations.updateTemplate(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, billing.deleteBillingAuthorizationTemplate, ({ scope, params }) => authorizations.deleteTemplate(ctx, scope, params.id));

  // User billing authorizations
  registerEndpoint(app, ctx, billing.findUserBillingAuthorizations, ({ scope, query }) => authorizations.findAuthorizations(ctx, scope, query));
  registerEndpoint(app, ctx, billing.getUserBillingAuthorization, ({ scope, params }) => authorizations.getAuthorization(ctx, scope, params.id));
  registerEndpoint(app, ctx, billing.createUserBillingAuthorization, ({ scope, body }) => authorizations.createAuthorization(ctx, scope, body));
  registerEndpoint(app, ctx, billing.updateUserBillingAuthorization, ({ scope, params, body }) => authorizations.updateAuthorization(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, billing.deleteUserBillingAuthorization, ({ scope, params }) => authorizations.deleteAuthorization(ctx, scope, params.id));

  // Admin lists and report
  registerEndpoint(app, ctx, billing.getPatientsListForMedicalInstitution, ({ scope, headers, query }) =>
    admin.findOrganizationPatients(ctx, scope, headers.organizationid, query),
  );
  registerEndpoint(app, ctx, billing.getPatientDetails, ({ scope, headers }) => admin.getPatientDetails(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, billing.getPatientsListForMedicalInstitutionWithBillings, ({ scope, headers, query }) =>
    admin.findOrganizationPatientsWithBillings(ctx, scope, headers, query),
  );
  registerEndpoint(app, ctx, billing.getBillingReport, ({ scope, headers }) => admin.getBillingReport(ctx, scope, headers));

  // Settings, fee schedule, patient billing profile (chosen)
  registerEndpoint(app, ctx, billing.getBillingSettings, ({ scope, headers }) => settings.getSettings(ctx, scope, headers.organizationid));
  registerEndpoint(app, ctx, billing.updateBillingSettings, ({ scope, body }) => settings.updateSettings(ctx, scope, body));
  registerEndpoint(app, ctx, billing.getFeeSchedule, ({ query }) => settings.getFeeSchedule(ctx, query));
  registerEndpoint(app, ctx, billing.updateFeeSchedule, ({ scope, body }) => settings.updateFeeSchedule(ctx, scope, body));
  registerEndpoint(app, ctx, billing.uploadFeeSchedule, ({ scope, query, req }) => settings.uploadFeeSchedule(ctx, scope, query.year, req));
  registerEndpoint(app, ctx, billing.getPatientBillingProfile, ({ scope, headers }) => admin.getPatientBillingProfile(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, billing.updatePatientBillingProfile, ({ scope, headers, body }) =>
    admin.updatePatientBillingProfile(ctx, scope, headers.patientid, body),
  );
}
