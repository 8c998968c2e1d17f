import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  createSurveyOfferedAnswerBodySchema,
  createSurveyQuestionBodySchema,
  createSurveyTemplateBodySchema,
  deletedSurveyOfferedAnswerSchema,
  deletedSurveyQuestionSchema,
  deletedSurveyTemplateSchema,
  reorderSurveyOfferedAnswersBodySchema,
  reorderSurveyQuestionsBodySchema,
  surveyOfferedAnswerSchema,
  surveyQuestionSchema,
  surveyTemplateListQuerySchema,
  surveyTemplatePageSchema,
  surveyTemplateSchema,
  surveyTemplatesForOfficeHeadersSchema,
  surveyTemplatesForOfficeQuerySchema,
  surveyTemplateSummarySchema,
  updateSurveyOfferedAnswerBodySchema,
  updateSurveyQuestionBodySchema,
  updateSurveyTemplateBodySchema,
} from './surveys.schemas';
import {
  assignedSurveysSchema,
  assignSurveyToPatientBodySchema,
  assignSurveyToPatientsBodySchema,
  assignSurveyToPatientsHeadersSchema,
  assignSurveyToPlanBodySchema,
  createdSurveyLinkSchema,
  createSurveyLinkBodySchema,
  deassignSurveyFromPlanHeadersSchema,
  deletedSurveySchema,
  fhirResourceSchema,
  mentalHealthListQuerySchema,
  mentalHealthPageSchema,
  publicSurveySavedSchema,
  publicSurveySchema,
  saveSurveyAnswersBodySchema,
  surveyIdParamsSchema,
  surveyLinkIdParamsSchema,
  surveyLinkSchema,
  surveyLinksHeadersSchema,
  surveyLinkTokenHeadersSchema,
  surveyPatientHeadersSchema,
  surveyPlanAssignmentSchema,
  surveyPlanAssignmentsHeadersSchema,
  surveyRecurrenceChildDataSchema,
  surveyRecurrenceHeadersSchema,
  surveyRecurrenceSchema,
  surveyReportHeadersSchema,
  surveyReportSchema,
  surveySchema,
  surveySummarySchema,
} from './survey-occurrences.schemas';
import { officePatientsHeadersSchema } from '../users/users.schemas';

// Surveys section of shared/spec/endpoints.txt (24 endpoints), the mental-health patient list, and
// the chosen endpoints the spec does not list: a patient's recurrences, stopping one, a plan's
// assignments, the survey links (staff create / list / revoke; the public page reads, saves and
// submits with the link's token only) and the FHIR R4 export. Permissions (spec section 6 leaves
// them open): surveys.read / surveys.manage for the care team and office admins,
// surveyTemplates.manage for the office's templates, surveyTemplates.library for the system library.

const tag = 'Surveys';
const idParams = z.object({ id: idSchema });

// Assignments ---------------------------------------------------------------------------------

export const assignSurveyTemplateToMultiplePatients = endpoint({
  method: 'POST',
  path: 'survey/assignsurveytemplatetomultiplepatients',
  tag,
  summary: 'Assign a template on a schedule to several patients (header patientsidslist); all or none (404 when any is not in scope)',
  permission: 'surveys.manage',
  headers: assignSurveyToPatientsHeadersSchema,
  body: assignSurveyToPatientsBodySchema,
  response: assignedSurveysSchema,
  successStatus: 201,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse' },
});

export const assignSurveyTemplateToPatient = endpoint({
  method: 'POST',
  path: 'survey/assignsurveytemplatetopatient',
  tag,
  summary: "Assign a template to a patient on a schedule (SURVEY_RECURRENCER_RULE, office time zone); the first due survey is created",
  permission: 'surveys.manage',
  body: assignSurveyToPatientBodySchema,
  response: surveyRecurrenceSchema,
  successStatus: 201,
  changesAccess: false,
});

export const assignSurveyTemplateToClientMonitoringPlan = endpoint({
  method: 'POST',
  path: 'survey/assignsurveytemplatetoclientmonitoringplan',
  tag,
  summary: 'Assign a template to a client monitoring plan: every patient of the plan, now and later, gets the recurrence',
  permission: 'surveys.manage',
  body: assignSurveyToPlanBodySchema,
  response: surveyPlanAssignmentSchema,
  successStatus: 201,
  changesAccess: false,
});

export const deassignSurveyFromClientMonitoringPlan = endpoint({
  method: 'DELETE',
  path: 'survey/deassignsurveyfromclientmonitoringplan',
  tag,
  summary: "Remove a template from a client monitoring plan (header surveyid: the plan assignment): its patients' recurrences stop, surveys not started are cancelled",
  permission: 'surveys.manage',
  headers: deassignSurveyFromPlanHeadersSchema,
  response: surveyPlanAssignmentSchema,
  changesAccess: false,
});

export const getClientMonitoringPlanSurveyAssignments = endpoint({
  method: 'GET',
  path: 'survey/getclientmonitoringplanassignments',
  tag,
  summary: "Chosen: the templates assigned to an office's client monitoring plans (header hospitalid, optional treatmentplanid)",
  permission: 'surveys.read',
  headers: surveyPlanAssignmentsHeadersSchema,
  response: z.array(surveyPlanAssignmentSchema),
});

// Surveys (occurrences) -----------------------------------------------------------------------

export const saveSurvey = endpoint({
  method: 'PUT',
  path: 'survey/{id}',
  tag,
  summary: "Staff save a survey's answers (partial answers kept) and optionally submit it once; submitting scores it and alerts on risk",
  permission: 'surveys.manage',
  params: surveyIdParamsSchema,
  body: saveSurveyAnswersBodySchema,
  response: surveySchema,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'params.id' } },
});

export const getSurvey = endpoint({
  method: 'GET',
  path: 'survey/{id}',
  tag,
  summary: "One survey with its template's questions, the answers saved so far and, once completed, its score",
  permission: 'surveys.read',
  params: surveyIdParamsSchema,
  response: surveySchema,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'params.id' } },
});

export const deleteSurvey = endpoint({
  method: 'DELETE',
  path: 'survey/{id}',
  tag,
  summary: 'Cancel a survey not yet completed (409 for a completed one: it is part of the record)',
  permission: 'surveys.manage',
  params: surveyIdParamsSchema,
  response: deletedSurveySchema,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'params.id' } },
});

export const getAssignedInProgressSurveysForPatient = endpoint({
  method: 'GET',
  path: 'survey/getassignedinprogresssurveysforpatient',
  tag,
  summary: "A patient's surveys due and not completed (assigned or in progress), oldest due first (header patientid)",
  permission: 'surveys.read',
  headers: surveyPatientHeadersSchema,
  response: z.array(surveySummarySchema),
});

export const getSurveysReportForPatient = endpoint({
  method: 'GET',
  path: 'survey/getsurveysreportforpatient',
  tag,
  summary: "A patient's completed scores per template for a trend chart (patientid, filtercase, limitforoccurrences)",
  permission: 'surveys.read',
  headers: surveyReportHeadersSchema,
  response: surveyReportSchema,
});

export const getSurveyFhir = endpoint({
  method: 'GET',
  path: 'survey/{id}/fhir',
  tag,
  summary: 'Chosen: a completed survey as a FHIR R4 Bundle (collection) of a QuestionnaireResponse and an Observation of the total score',
  permission: 'surveys.read',
  params: surveyIdParamsSchema,
  response: fhirResourceSchema,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'params.id' } },
});

// Recurrences ---------------------------------------------------------------------------------

export const getSurveyRecurrenceChildData = endpoint({
  method: 'GET',
  path: 'surveyrecurrence/getchilddata',
  tag,
  summary: 'A recurrence with its surveys (newest first) and its next upcoming occurrences (header surveyrecurrenceid)',
  permission: 'surveys.read',
  headers: surveyRecurrenceHeadersSchema,
  response: surveyRecurrenceChildDataSchema,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'surveyRecurrence', key: 'headers.surveyrecurrenceid' } },
});

export const getSurveyRecurrencesForPatient = endpoint({
  method: 'GET',
  path: 'surveyrecurrence/getforpatient',
  tag,
  summary: "Chosen: a patient's survey recurrences (assignments), active first (header patientid)",
  permission: 'surveys.read',
  headers: surveyPatientHeadersSchema,
  response: z.array(surveyRecurrenceSchema),
});

export const stopSurveyRecurrence = endpoint({
  method: 'DELETE',
  path: 'surveyrecurrence/{id}',
  tag,
  summary: 'Chosen: stop a recurrence; its surveys not started are cancelled, completed ones are kept',
  permission: 'surveys.manage',
  params: idParams,
  response: surveyRecurrenceSchema,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'surveyRecurrence', key: 'params.id' } },
});

// Templates -----------------------------------------------------------------------------------

export const getSurveyTemplatesForOffice = endpoint({
  method: 'GET',
  path: 'surveytemplate',
  tag,
  summary: "An office's templates and the system library's (header hospitalid), library first then by name",
  permission: 'surveys.read',
  headers: surveyTemplatesForOfficeHeadersSchema,
  query: surveyTemplatesForOfficeQuerySchema,
  response: z.array(surveyTemplateSummarySchema),
});

export const getListOfSurveyTemplates = endpoint({
  method: 'GET',
  path: 'surveytemplate/getlistoftemplates',
  tag,
  summary: 'A page of the templates the caller sees (their offices and the library), filtered by office, category, status and name',
  permission: 'surveys.read',
  query: surveyTemplateListQuerySchema,
  response: surveyTemplatePageSchema,
});

export const getSurveyTemplate = endpoint({
  method: 'GET',
  path: 'surveytemplate/{id}',
  tag,
  summary: 'One template with its questions and offered answers in order',
  permission: 'surveys.read',
  params: idParams,
  response: surveyTemplateSchema,
});

export const updateSurveyTemplate = endpoint({
  method: 'PUT',
  path: 'surveytemplate/{id}',
  tag,
  summary: "Update a template's name, description, category and status (403 surveyTemplateLocked for a validated instrument)",
  permission: 'surveyTemplates.manage',
  params: idParams,
  body: updateSurveyTemplateBodySchema,
  response: surveyTemplateSchema,
  changesAccess: false,
});

export const deleteSurveyTemplate = endpoint({
  method: 'DELETE',
  path: 'surveytemplate/{id}',
  tag,
  summary: 'Delete a template (409 surveyTemplateAssigned when assigned to a patient: spec sections 5 and 8)',
  permission: 'surveyTemplates.manage',
  params: idParams,
  response: deletedSurveyTemplateSchema,
  changesAccess: false,
});

export const createSurveyTemplate = endpoint({
  method: 'POST',
  path: 'surveytemplate',
  tag,
  summary: "Create an office's template (or a library one: system admins), optionally as a copy of another",
  permission: 'surveyTemplates.manage',
  body: createSurveyTemplateBodySchema,
  response: surveyTemplateSchema,
  successStatus: 201,
  changesAccess: false,
});

export const getSurveyTemplateFhir = endpoint({
  method: 'GET',
  path: 'surveytemplate/{id}/fhir',
  tag,
  summary: 'Chosen: a template as a FHIR R4 Questionnaire (LOINC codes on validated instruments)',
  permission: 'surveys.read',
  params: idParams,
  response: fhirResourceSchema,
});

// Questions -----------------------------------------------------------------------------------

export const createSurveyQuestion = endpoint({
  method: 'POST',
  path: 'stquestion',
  tag,
  summary: 'Append a question to a template (yes / no questions get their two offered answers)',
  permission: 'surveyTemplates.manage',
  body: createSurveyQuestionBodySchema,
  response: surveyQuestionSchema,
  successStatus: 201,
  changesAccess: false,
});

export const updateSurveyQuestion = endpoint({
  method: 'PUT',
  path: 'stquestion/{id}',
  tag,
  summary: "Update a question's text, answer type, required flag and range",
  permission: 'surveyTemplates.manage',
  params: idParams,
  body: updateSurveyQuestionBodySchema,
  response: surveyQuestionSchema,
  changesAccess: false,
});

export const deleteSurveyQuestion = endpoint({
  method: 'DELETE',
  path: 'stquestion/{id}',
  tag,
  summary: 'Delete a question with its offered answers (answers already given keep their text)',
  permission: 'surveyTemplates.manage',
  params: idParams,
  response: deletedSurveyQuestionSchema,
  changesAccess: false,
});

export const reorderSurveyQuestions = endpoint({
  method: 'PUT',
  path: 'stquestion/reorder',
  tag,
  summary: "Reorder a template's questions: the body lists every one of them in the new order",
  permission: 'surveyTemplates.manage',
  body: reorderSurveyQuestionsBodySchema,
  response: z.array(surveyQuestionSchema),
  changesAccess: false,
});

// Offered answers -----------------------------------------------------------------------------

export const createSurveyOfferedAnswer = endpoint({
  method: 'POST',
  path: 'stofferedanswer',
  tag,
  summary: 'Append an offered answer with its score to a choice question',
  permission: 'surveyTemplates.manage',
  body: createSurveyOfferedAnswerBodySchema,
  response: surveyOfferedAnswerSchema,
  successStatus: 201,
  changesAccess: false,
});

export const updateSurveyOfferedAnswer = endpoint({
  method: 'PUT',
  path: 'stofferedanswer/{id}',
  tag,
  summary: "Update an offered answer's text and score",
  permission: 'surveyTemplates.manage',
  params: idParams,
  body: updateSurveyOfferedAnswerBodySchema,
  response: surveyOfferedAnswerSchema,
  changesAccess: false,
});

export const deleteSurveyOfferedAnswer = endpoint({
  method: 'DELETE',
  path: 'stofferedanswer/{id}',
  tag,
  summary: 'Delete an offered answer',
  permission: 'surveyTemplates.manage',
  params: idParams,
  response: deletedSurveyOfferedAnswerSchema,
  changesAccess: false,
});

export const reorderSurveyOfferedAnswers = endpoint({
  method: 'PUT',
  path: 'stofferedanswer/reorder',
  tag,
  summary: "Reorder a question's offered answers: the body lists every one of them in the new order",
  permission: 'surveyTemplates.manage',
  body: reorderSurveyOfferedAnswersBodySchema,
  response: z.array(surveyOfferedAnswerSchema),
  changesAccess: false,
});

// Mental-health list --------------------------------------------------------------------------

export const getRelatedPatientsWithMentalHealth = endpoint({
  method: 'GET',
  path: 'user/getrelatedpatientswithmentalhealth',
  tag: 'User',
  summary: "A page of one office's patients (header hospitalid) ranked by their latest mental-health risk, with their latest instrument results",
  permission: 'surveys.read',
  headers: officePatientsHeadersSchema,
  query: mentalHealthListQuerySchema,
  response: mentalHealthPageSchema,
  audit: { resource: 'QuestionnaireResponse' },
});

// Survey links --------------------------------------------------------------------------------

export const createSurveyLink = endpoint({
  method: 'POST',
  path: 'surveylink',
  tag,
  summary: 'Chosen: a signed, expiring link for the patient or caregiver to answer one survey without signing in; the URL is answered once',
  permission: 'surveys.manage',
  body: createSurveyLinkBodySchema,
  response: createdSurveyLinkSchema,
  successStatus: 201,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'body.surveyId' } },
});

export const getSurveyLinks = endpoint({
  method: 'GET',
  path: 'surveylink',
  tag,
  summary: "Chosen: a survey's links, newest first (header surveyid)",
  permission: 'surveys.read',
  headers: surveyLinksHeadersSchema,
  response: z.array(surveyLinkSchema),
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'survey', key: 'headers.surveyid' } },
});

export const revokeSurveyLink = endpoint({
  method: 'DELETE',
  path: 'surveylink/{id}',
  tag,
  summary: 'Chosen: revoke a survey link; it stops working at once',
  permission: 'surveys.manage',
  params: surveyLinkIdParamsSchema,
  response: surveyLinkSchema,
  changesAccess: false,
  audit: { resource: 'QuestionnaireResponse', record: { kind: 'surveyLink', key: 'params.id' } },
});

export const getPublicSurvey = endpoint({
  method: 'GET',
  path: 'surveylink/getsurvey',
  tag,
  summary: "Public (link token in header surveytoken): the survey's questions and saved answers; 404 'Could not get data!' when expired, revoked or unknown",
  permission: 'public',
  headers: surveyLinkTokenHeadersSchema,
  response: publicSurveySchema,
});

export const savePublicSurveyAnswers = endpoint({
  method: 'PUT',
  path: 'surveylink/saveanswers',
  tag,
  summary: 'Public (header surveytoken): save answers (partial answers kept); `submit: true` completes the survey once',
  permission: 'public',
  headers: surveyLinkTokenHeadersSchema,
  body: saveSurveyAnswersBodySchema,
  response: publicSurveySavedSchema,
  changesAccess: false,
});

export const submitPublicSurvey = endpoint({
  method: 'POST',
  path: 'surveylink/submit',
  tag,
  summary: 'Public (header surveytoken): save the last answers and submit the survey, once (409 surveyAlreadySubmitted after)',
  permission: 'public',
  headers: surveyLinkTokenHeadersSchema,
  body: saveSurveyAnswersBodySchema,
  response: publicSurveySavedSchema,
  changesAccess: false,
});
