import {
  surveys,
  type AssignSurveyToPatientBody,
  type AssignSurveyToPatientsBody,
  type AssignSurveyToPlanBody,
  type CreateSurveyLinkBody,
  type CreateSurveyOfferedAnswerBody,
  type CreateSurveyQuestionBody,
  type CreateSurveyTemplateBody,
  type In,
  type SaveSurveyAnswersBody,
  type UpdateSurveyOfferedAnswerBody,
  type UpdateSurveyQuestionBody,
  type UpdateSurveyTemplateBody,
} from '@vigil/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * Hooks over the surveys contract (packages/contract/src/features/surveys). Every change makes the
 * whole surveys group stale (templates, a patient's surveys and scores, the mental-health list): they
 * are small reads and the screens show several of them together.
 */
const allSurveyReads = [surveys] as const;

export type TemplateListQuery = NonNullable<In<typeof surveys.getListOfSurveyTemplates.query>>;
export type MentalHealthQuery = NonNullable<In<typeof surveys.getRelatedPatientsWithMentalHealth.query>>;

// Templates -------------------------------------------------------------------------------------

/** GET surveytemplate/getlistoftemplates: a page of the templates the caller sees (offices and library). */
export function useTemplatePage(query: TemplateListQuery) {
  return useEndpointQuery(surveys.getListOfSurveyTemplates, { query }, { placeholderData: keepPreviousData });
}

/** GET surveytemplate (header hospitalid): the office's active templates and the library's, for pickers. */
export function useOfficeTemplateOptions(hospitalId: number) {
  return useEndpointQuery(surveys.getSurveyTemplatesForOffice, { headers: { hospitalid: hospitalId } }, { enabled: hospitalId > 0, staleTime: 60_000 });
}

/** GET surveytemplate/{id}: one template with its questions and offered answers in order. */
export function useTemplate(id: number | null) {
  return useEndpointQuery(surveys.getSurveyTemplate, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0 });
}

export function useCreateTemplate() {
  return useEndpointMutation(surveys.createSurveyTemplate, { input: (body: CreateSurveyTemplateBody) => ({ body }), invalidates: allSurveyReads });
}
export function useUpdateTemplate() {
  return useEndpointMutation(surveys.updateSurveyTemplate, {
    input: ({ id, body }: { id: number; body: UpdateSurveyTemplateBody }) => ({ params: { id }, body }),
    invalidates: allSurveyReads,
  });
}
/** DELETE surveytemplate/{id}: refused (409, the server's message) while assigned to a patient (spec sections 5 and 8). */
export function useDeleteTemplate() {
  return useEndpointMutation(surveys.deleteSurveyTemplate, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}

// Questions and offered answers -----------------------------------------------------------------

export function useCreateQuestion() {
  return useEndpointMutation(surveys.createSurveyQuestion, { input: (body: CreateSurveyQuestionBody) => ({ body }), invalidates: allSurveyReads });
}
export function useUpdateQuestion() {
  return useEndpointMutation(surveys.updateSurveyQuestion, {
    input: ({ id, body }: { id: number; body: UpdateSurveyQuestionBody }) => ({ params: { id }, body }),
    invalidates: allSurveyReads,
  });
}
export function useDeleteQuestion() {
  return useEndpointMutation(surveys.deleteSurveyQuestion, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}
/** PUT stquestion/reorder: every question of the template in the new order. */
export function useReorderQuestions() {
  return useEndpointMutation(surveys.reorderSurveyQuestions, {
    input: (body: { templateId: number; questionIds: number[] }) => ({ body }),
    invalidates: allSurveyReads,
  });
}
export function useCreateOfferedAnswer() {
  return useEndpointMutation(surveys.createSurveyOfferedAnswer, { input: (body: CreateSurveyOfferedAnswerBody) => ({ body }), invalidates: allSurveyReads });
}
export function useUpdateOfferedAnswer() {
  return useEndpointMutation(surveys.updateSurveyOfferedAnswer, {
    input: ({ id, body }: { id: number; body: UpdateSurveyOfferedAnswerBody }) => ({ params: { id }, body }),
    invalidates: allSurveyReads,
  });
}
export function useDeleteOfferedAnswer() {
  return useEndpointMutation(surveys.deleteSurveyOfferedAnswer, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}
/** PUT stofferedanswer/reorder: every offered answer of the question in the new order. */
export function useReorderOfferedAnswers() {
  return useEndpointMutation(surveys.reorderSurveyOfferedAnswers, {
    input: (body: { questionId: number; offeredAnswerIds: number[] }) => ({ body }),
    invalidates: allSurveyReads,
  });
}

// Assignments -----------------------------------------------------------------------------------

export function useAssignToPatient() {
  return useEndpointMutation(surveys.assignSurveyTemplateToPatient, { input: (body: AssignSurveyToPatientBody) => ({ body }), invalidates: allSurveyReads });
}
/** POST survey/assignsurveytemplatetomultiplepatients: header patientsidslist "1,2,3"; all or none. */
export function useAssignToPatients() {
  return useEndpointMutation(surveys.assignSurveyTemplateToMultiplePatients, {
    input: ({ patientIds, body }: { patientIds: number[]; body: AssignSurveyToPatientsBody }) => ({ headers: { patientsidslist: patientIds.join(',') }, body }),
    invalidates: allSurveyReads,
  });
}
export function useAssignToPlan() {
  return useEndpointMutation(surveys.assignSurveyTemplateToClientMonitoringPlan, { input: (body: AssignSurveyToPlanBody) => ({ body }), invalidates: allSurveyReads });
}
/** DELETE survey/deassignsurveyfromclientmonitoringplan (header surveyid: the plan assignment). */
export function useDeassignFromPlan() {
  return useEndpointMutation(surveys.deassignSurveyFromClientMonitoringPlan, { input: (id: number) => ({ headers: { surveyid: id } }), invalidates: allSurveyReads });
}
export function usePlanAssignments(hospitalId: number) {
  return useEndpointQuery(surveys.getClientMonitoringPlanSurveyAssignments, { headers: { hospitalid: hospitalId } }, { enabled: hospitalId > 0 });
}
export function usePatientRecurrences(patientId: number | null) {
  return useEndpointQuery(surveys.getSurveyRecurrencesForPatient, { headers: { patientid: patientId ?? 0 } }, { enabled: !!patientId });
}
export function useRecurrenceChildData(recurrenceId: number | null) {
  return useEndpointQuery(surveys.getSurveyRecurrenceChildData, { headers: { surveyrecurrenceid: recurrenceId ?? 0 } }, { enabled: !!recurrenceId });
}
export function useStopRecurrence() {
  return useEndpointMutation(surveys.stopSurveyRecurrence, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}

// Surveys and answers ---------------------------------------------------------------------------

export function useInProgressSurveys(patientId: number | null) {
  return useEndpointQuery(surveys.getAssignedInProgressSurveysForPatient, { headers: { patientid: patientId ?? 0 } }, { enabled: !!patientId });
}
export function useSurvey(id: number | null) {
  return useEndpointQuery(surveys.getSurvey, { params: { id: id ?? 0 } }, { enabled: !!id });
}
/** PUT survey/{id}: staff save answers (partial kept) and, with `submit`, complete it once. */
export function useSaveSurvey() {
  return useEndpointMutation(surveys.saveSurvey, {
    input: ({ id, body }: { id: number; body: SaveSurveyAnswersBody }) => ({ params: { id }, body }),
    invalidates: allSurveyReads,
  });
}
export function useCancelSurvey() {
  return useEndpointMutation(surveys.deleteSurvey, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}
/** GET survey/getsurveysreportforpatient: per template, the completed scores oldest first with the bands. */
export function useSurveyReport(patientId: number | null, filtercase = 'ALL', limitforoccurrences = 12) {
  return useEndpointQuery(surveys.getSurveysReportForPatient, { headers: { patientid: patientId ?? 0, filtercase, limitforoccurrences } }, { enabled: !!patientId });
}
export function useMentalHealthPage(hospitalId: number, query: MentalHealthQuery) {
  return useEndpointQuery(surveys.getRelatedPatientsWithMentalHealth, { headers: { hospitalid: hospitalId }, query }, { enabled: hospitalId > 0, placeholderData: keepPreviousData });
}

// Survey links ----------------------------------------------------------------------------------

export function useSurveyLinks(surveyId: number | null) {
  return useEndpointQuery(surveys.getSurveyLinks, { headers: { surveyid: surveyId ?? 0 } }, { enabled: !!surveyId });
}
/** POST surveylink: the URL is answered this once only (copy or send it now). */
export function useCreateSurveyLink() {
  return useEndpointMutation(surveys.createSurveyLink, { input: (body: CreateSurveyLinkBody) => ({ body }), invalidates: allSurveyReads });
}
export function useRevokeSurveyLink() {
  return useEndpointMutation(surveys.revokeSurveyLink, { input: (id: number) => ({ params: { id } }), invalidates: allSurveyReads });
}

// The public page (link token only) ---------------------------------------------------------------

export function usePublicSurvey(token: string) {
  return useEndpointQuery(surveys.getPublicSurvey, { headers: { surveytoken: token } }, { enabled: token.length > 0, retry: false, refetchOnWindowFocus: false });
}
export function useSavePublicAnswers(token: string) {
  return useEndpointMutation(surveys.savePublicSurveyAnswers, { input: (body: SaveSurveyAnswersBody) => ({ headers: { surveytoken: token }, body }), invalidates: [surveys.getPublicSurvey] });
}
export function useSubmitPublicSurvey(token: string) {
  return useEndpointMutation(surveys.submitPublicSurvey, { input: (body: SaveSurveyAnswersBody) => ({ headers: { surveytoken: token }, body }), invalidates: [surveys.getPublicSurvey] });
}
