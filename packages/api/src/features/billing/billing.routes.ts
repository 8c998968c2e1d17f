import type { FastifyInstance, FastifyReply } from 'fastify';
import { billing } from '@vigil/contract';
import type { AppContext } from '../../context';
import { omitGroup, registerGroup } from '../../lib/route';
import * as admin from './billing-admin.service';
import * as authorizations from './billing-authorizations.service';
import * as exportsService from './billing-exports.service';
import type { BillingFile } from './billing-exports.service';
import * as links from './billing-links.service';
import * as settings from './billing-settings.service';
import { BILLING_GENERATION_ENDPOINTS, billingGenerationRoutes } from './billing-generation.routes';

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
 * Generation, summaries and readiness are registered by the billing generation routes
 * (`BILLING_GENERATION_ENDPOINTS`: the group is split with one keys constant).
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  billingGenerationRoutes(app, ctx);
  registerGroup(app, ctx, omitGroup(billing, BILLING_GENERATION_ENDPOINTS), {
    // CSV
    getCsvDataForMonth: ({ scope, headers, query }) => exportsService.getCsvData(ctx, scope, headers, query),
    generateMultipleCsvHospitalPatientsForMonthV2: async ({ scope, headers, reply }) =>
      sendFile(reply, await exportsService.officeCsv(ctx, scope, headers)),
    generateMultipleCsvOrganizationPatientsForMonthV2: async ({ scope, headers, reply }) =>
      sendFile(reply, await exportsService.organizationZip(ctx, scope, headers)),

    // Billing code links
    findBillingCodeLinks: ({ scope, query }) => links.findLinks(ctx, scope, query),
    createBillingCodeLink: ({ scope, body }) => links.createLink(ctx, scope, body),
    updateBillingCodeLink: ({ scope, params, body }) => links.updateLink(ctx, scope, params.id, body),
    deleteBillingCodeLink: ({ scope, params }) => links.deleteLink(ctx, scope, params.id),
    sendBillingCodeLinkEmail: ({ scope, headers, body, req }) =>
      links.sendLinkEmail(ctx, scope, headers.billingcodelinkid, body.lang ?? req.lang),
    downloadBillingCodeLink: async ({ scope, headers, reply }) => sendFile(reply, await links.downloadLink(ctx, scope, headers.linktoken)),

    // Billing authorization templates
    findBillingAuthorizationTemplates: ({ scope, query }) => authorizations.findTemplates(ctx, scope, query),
    getBillingAuthorizationTemplate: ({ scope, params }) => authorizations.getTemplate(ctx, scope, params.id),
    createBillingAuthorizationTemplate: ({ scope, body }) => authorizations.createTemplate(ctx, scope, body),
    updateBillingAuthorizationTemplate: ({ scope, params, body }) => authorizations.updateTemplate(ctx, scope, params.id, body),
    deleteBillingAuthorizationTemplate: ({ scope, params }) => authorizations.deleteTemplate(ctx, scope, params.id),

    // User billing authorizations
    findUserBillingAuthorizations: ({ scope, query }) => authorizations.findAuthorizations(ctx, scope, query),
    getUserBillingAuthorization: ({ scope, params }) => authorizations.getAuthorization(ctx, scope, params.id),
    createUserBillingAuthorization: ({ scope, body }) => authorizations.createAuthorization(ctx, scope, body),
    updateUserBillingAuthorization: ({ scope, params, body }) => authorizations.updateAuthorization(ctx, scope, params.id, body),
    deleteUserBillingAuthorization: ({ scope, params }) => authorizations.deleteAuthorization(ctx, scope, params.id),

    // Admin lists and report
    getPatientsListForMedicalInstitution: ({ scope, headers, query }) =>
      admin.findOrganizationPatients(ctx, scope, headers.organizationid, query),
    getPatientDetails: ({ scope, headers }) => admin.getPatientDetails(ctx, scope, headers.patientid),
    getPatientsListForMedicalInstitutionWithBillings: ({ scope, headers, query }) =>
      admin.findOrganizationPatientsWithBillings(ctx, scope, headers, query),
    getBillingReport: ({ scope, headers }) => admin.getBillingReport(ctx, scope, headers),

    // Settings, fee schedule, patient billing profile (chosen)
    getBillingSettings: ({ scope, headers }) => settings.getSettings(ctx, scope, headers.organizationid),
    updateBillingSettings: ({ scope, body }) => settings.updateSettings(ctx, scope, body),
    getFeeSchedule: ({ query }) => settings.getFeeSchedule(ctx, query),
    updateFeeSchedule: ({ scope, body }) => settings.updateFeeSchedule(ctx, scope, body),
    uploadFeeSchedule: ({ scope, query, req }) => settings.uploadFeeSchedule(ctx, scope, query.year, req),
    getPatientBillingProfile: ({ scope, headers }) => admin.getPatientBillingProfile(ctx, scope, headers.patientid),
    updatePatientBillingProfile: ({ scope, headers, body }) =>
      admin.updatePatientBillingProfile(ctx, scope, headers.patientid, body),
  });
}
