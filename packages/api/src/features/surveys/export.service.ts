import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { getSurvey } from './answering.service';
import { toQuestionnaire, toSurveyBundle } from './fhir';
import { loadTemplate } from './templates.service';

/** `GET surveytemplate/{id}/fhir`: a visible template as a FHIR R4 Questionnaire (404 otherwise). */
export async function questionnaire(ctx: AppContext, scope: Scope, id: number) {
  return toQuestionnaire(await loadTemplate(scope, ctx.db, id));
}

/** `GET survey/{id}/fhir`: a visible completed survey as a FHIR R4 Bundle (404 when not visible, 409 'surveyNotOpen' while not completed). */
export async function surveyBundle(ctx: AppContext, scope: Scope, id: number) {
  const survey = await getSurvey(ctx, scope, id);
  if (survey.status !== 'completed') { throw AppError.conflict('surveyNotOpen'); }
  return toSurveyBundle(survey, survey.patientName);
}
