import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { surveys } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { registerEndpoint } from '../../lib/route';
import * as answering from './answering.service';
import * as assignments from './assignments.service';
import * as exports from './export.service';
import * as reports from './reports.service';
import * as templates from './templates.service';

/** Per client address, the public survey-link endpoints answer at most this many requests a minute. */
export const SURVEY_LINK_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * Spec section 7 "Surveys" (24 endpoints), the mental-health list, and the chosen endpoints of the
 * contract (recurrences, plan assignments, survey links, FHIR export). The public survey-link calls
 * live in their own encapsulated context with their own rate limit, like the share links.
 */
export function surveysRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Assignments
  registerEndpoint(app, ctx, surveys.assignSurveyTemplateToPatient, ({ scope, body }) => assignments.assignToPatient(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.assignSurveyTemplateToMultiplePatients, ({ scope, headers, body }) => assignments.assignToPatients(ctx, scope, headers, body));
  registerEndpoint(app, ctx, surveys.assignSurveyTemplateToClientMonitoringPlan, ({ scope, body }) => assignments.assignToPlan(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.deassignSurveyFromClientMonitoringPlan, ({ scope, headers }) => assignments.deassignFromPlan(ctx, scope, headers.surveyid));
  registerEndpoint(app, ctx, surveys.getClientMonitoringPlanSurveyAssignments, ({ scope, headers }) => assignments.findPlanAssignments(ctx, scope, headers));
  registerEndpoint(app, ctx, surveys.getSurveyRecurrenceChildData, ({ scope, headers }) => assignments.getChildData(ctx, scope, headers.surveyrecurrenceid));
  registerEndpoint(app, ctx, surveys.getSurveyRecurrencesForPatient, ({ scope, headers }) => assignments.findForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, surveys.stopSurveyRecurrence, ({ scope, params }) => assignments.stopRecurrence(ctx, scope, params.id));
  // Surveys
  registerEndpoint(app, ctx, surveys.getAssignedInProgressSurveysForPatient, ({ scope, headers }) => answering.findInProgress(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, surveys.getSurveysReportForPatient, ({ scope, headers }) => reports.getReport(ctx, scope, headers));
  registerEndpoint(app, ctx, surveys.getSurveyFhir, ({ scope, params }) => exports.surveyBundle(ctx, scope, params.id));
  registerEndpoint(app, ctx, surveys.getSurvey, ({ scope, params }) => answering.getSurvey(ctx, scope, params.id));
  registerEndpoint(app, ctx, surveys.saveSurvey, ({ scope, params, body }) => answering.saveByStaff(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, surveys.deleteSurvey, ({ scope, params }) => answering.cancelSurvey(ctx, scope, params.id));
  // Templates, questions, offered answers
  registerEndpoint(app, ctx, surveys.getSurveyTemplatesForOffice, ({ scope, headers, query }) => templates.findForOffice(ctx, scope, headers, query));
  registerEndpoint(app, ctx, surveys.getListOfSurveyTemplates, ({ scope, query }) => templates.findPage(ctx, scope, query));
  registerEndpoint(app, ctx, surveys.getSurveyTemplateFhir, ({ scope, params }) => exports.questionnaire(ctx, scope, params.id));
  registerEndpoint(app, ctx, surveys.getSurveyTemplate, ({ scope, params }) => templates.loadTemplate(scope, ctx.db, params.id));
  registerEndpoint(app, ctx, surveys.updateSurveyTemplate, ({ scope, params, body }) => templates.updateTemplate(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, surveys.deleteSurveyTemplate, ({ scope, params }) => templates.deleteTemplate(ctx, scope, params.id));
  registerEndpoint(app, ctx, surveys.createSurveyTemplate, ({ scope, body }) => templates.createTemplate(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.reorderSurveyQuestions, ({ scope, body }) => templates.reorderQuestions(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.createSurveyQuestion, ({ scope, body }) => templates.createQuestion(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.updateSurveyQuestion, ({ scope, params, body }) => templates.updateQuestion(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, surveys.deleteSurveyQuestion, ({ scope, params }) => templates.deleteQuestion(ctx, scope, params.id));
  registerEndpoint(app, ctx, surveys.reorderSurveyOfferedAnswers, ({ scope, body }) => templates.reorderOfferedAnswers(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.createSurveyOfferedAnswer, ({ scope, body }) => templates.createOfferedAnswer(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.updateSurveyOfferedAnswer, ({ scope, params, body }) => templates.updateOfferedAnswer(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, surveys.deleteSurveyOfferedAnswer, ({ scope, params }) => templates.deleteOfferedAnswer(ctx, scope, params.id));
  // The mental-health list
  registerEndpoint(app, ctx, surveys.getRelatedPatientsWithMentalHealth, ({ scope, headers, query }) => reports.findMentalHealthList(ctx, scope, headers.hospitalid, query));
  // Survey links: staff
  registerEndpoint(app, ctx, surveys.createSurveyLink, ({ scope, body }) => answering.createLink(ctx, scope, body));
  registerEndpoint(app, ctx, surveys.getSurveyLinks, ({ scope, headers }) => answering.findLinks(ctx, scope, headers.surveyid));
  registerEndpoint(app, ctx, surveys.revokeSurveyLink, ({ scope, params }) => answering.revokeLink(ctx, scope, params.id));
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
    registerEndpoint(scoped, ctx, surveys.getPublicSurvey, ({ headers }) => answering.getPublicSurvey(ctx, headers.surveytoken));
    registerEndpoint(scoped, ctx, surveys.savePublicSurveyAnswers, ({ headers, body }) => answering.saveByLink(ctx, headers.surveytoken, body));
    registerEndpoint(scoped, ctx, surveys.submitPublicSurvey, ({ headers, body }) => answering.saveByLink(ctx, headers.surveytoken, { ...body, submit: true }));
  });
}
