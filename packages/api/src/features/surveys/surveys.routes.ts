import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { surveys } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
import * as answering from './answering.service';
import * as assignments from './assignments.service';
import * as exports from './export.service';
import * as reports from './reports.service';
import * as templates from './templates.service';

/** Per client address, the public survey-link endpoints answer at most this many requests a minute. */
export const SURVEY_LINK_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * The public survey-link calls, registered in the rate-limited context below with `pickGroup`; the
 * rest of the group with `omitGroup` of the same keys, so the two registrations are the whole
 * group, each one's handlers complete at compile time (docs/architecture.md "The route chain").
 */
const PUBLIC_SURVEY_ENDPOINTS = ['getPublicSurvey', 'savePublicSurveyAnswers', 'submitPublicSurvey'] as const;

/**
 * Spec section 7 "Surveys" (24 endpoints), the mental-health list, and the chosen endpoints of the
 * contract (recurrences, plan assignments, survey links, FHIR export). The public survey-link calls
 * live in their own encapsulated context with their own rate limit, like the share links.
 */
export function surveysRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Assignments
  registerGroup(app, ctx, omitGroup(surveys, PUBLIC_SURVEY_ENDPOINTS), {
    assignSurveyTemplateToPatient: ({ scope, body }) => assignments.assignToPatient(ctx, scope, body),
    assignSurveyTemplateToMultiplePatients: ({ scope, headers, body }) => assignments.assignToPatients(ctx, scope, headers, body),
    assignSurveyTemplateToClientMonitoringPlan: ({ scope, body }) => assignments.assignToPlan(ctx, scope, body),
    deassignSurveyFromClientMonitoringPlan: ({ scope, headers }) => assignments.deassignFromPlan(ctx, scope, headers.surveyid),
    getClientMonitoringPlanSurveyAssignments: ({ scope, headers }) => assignments.findPlanAssignments(ctx, scope, headers),
    getSurveyRecurrenceChildData: ({ scope, headers }) => assignments.getChildData(ctx, scope, headers.surveyrecurrenceid),
    getSurveyRecurrencesForPatient: ({ scope, headers }) => assignments.findForPatient(ctx, scope, headers.patientid),
    stopSurveyRecurrence: ({ scope, params }) => assignments.stopRecurrence(ctx, scope, params.id),
    // Surveys
    getAssignedInProgressSurveysForPatient: ({ scope, headers }) => answering.findInProgress(ctx, scope, headers.patientid),
    getSurveysReportForPatient: ({ scope, headers }) => reports.getReport(ctx, scope, headers),
    getSurveyFhir: ({ scope, params }) => exports.surveyBundle(ctx, scope, params.id),
    getSurvey: ({ scope, params }) => answering.getSurvey(ctx, scope, params.id),
    saveSurvey: ({ scope, params, body }) => answering.saveByStaff(ctx, scope, params.id, body),
    deleteSurvey: ({ scope, params }) => answering.cancelSurvey(ctx, scope, params.id),
    // Templates, questions, offered answers
    getSurveyTemplatesForOffice: ({ scope, headers, query }) => templates.findForOffice(ctx, scope, headers, query),
    getListOfSurveyTemplates: ({ scope, query }) => templates.findPage(ctx, scope, query),
    getSurveyTemplateFhir: ({ scope, params }) => exports.questionnaire(ctx, scope, params.id),
    getSurveyTemplate: ({ scope, params }) => templates.loadTemplate(scope, ctx.db, params.id),
    updateSurveyTemplate: ({ scope, params, body }) => templates.updateTemplate(ctx, scope, params.id, body),
    deleteSurveyTemplate: ({ scope, params }) => templates.deleteTemplate(ctx, scope, params.id),
    createSurveyTemplate: ({ scope, body }) => templates.createTemplate(ctx, scope, body),
    reorderSurveyQuestions: ({ scope, body }) => templates.reorderQuestions(ctx, scope, body),
    createSurveyQuestion: ({ scope, body }) => templates.createQuestion(ctx, scope, body),
    updateSurveyQuestion: ({ scope, params, body }) => templates.updateQuestion(ctx, scope, params.id, body),
    deleteSurveyQuestion: ({ scope, params }) => templates.deleteQuestion(ctx, scope, params.id),
    reorderSurveyOfferedAnswers: ({ scope, body }) => templates.reorderOfferedAnswers(ctx, scope, body),
    createSurveyOfferedAnswer: ({ scope, body }) => templates.createOfferedAnswer(ctx, scope, body),
    updateSurveyOfferedAnswer: ({ scope, params, body }) => templates.updateOfferedAnswer(ctx, scope, params.id, body),
    deleteSurveyOfferedAnswer: ({ scope, params }) => templates.deleteOfferedAnswer(ctx, scope, params.id),
    // The mental-health list
    getRelatedPatientsWithMentalHealth: ({ scope, headers, query }) => reports.findMentalHealthList(ctx, scope, headers.hospitalid, query),
    // Survey links: staff
    createSurveyLink: ({ scope, body }) => answering.createLink(ctx, scope, body),
    getSurveyLinks: ({ scope, headers }) => answering.findLinks(ctx, scope, headers.surveyid),
    revokeSurveyLink: ({ scope, params }) => answering.revokeLink(ctx, scope, params.id),
  });
  // Survey links: the public page (the link's token is the only credential)
  void app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      global: false,
      ...SURVEY_LINK_RATE_LIMIT,
      errorResponseBuilder: (_req, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('tooManyRequests', 'tooManyRequests', { seconds }, undefined, seconds);
      },
    });
    scoped.addHook('onRequest', scoped.rateLimit());
    limitTokenGuesses(scoped, ctx); // and the failed-guess limit of public tokens (lib/guess-limit.ts)
    scoped.addHook('onSend', async (_req, reply, payload) => {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return payload;
    });
    registerGroup(scoped, ctx, pickGroup(surveys, PUBLIC_SURVEY_ENDPOINTS), {
      getPublicSurvey: ({ headers }) => answering.getPublicSurvey(ctx, headers.surveytoken),
      savePublicSurveyAnswers: ({ headers, body }) => answering.saveByLink(ctx, headers.surveytoken, body),
      submitPublicSurvey: ({ headers, body }) => answering.saveByLink(ctx, headers.surveytoken, { ...body, submit: true }),
    });
  });
}
