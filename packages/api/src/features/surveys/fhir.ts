/**
 * FHIR R4 export of surveys (HOUSE_STYLE section 7: FHIR R4 resource names in interop code):
 * a template as a Questionnaire (https://hl7.org/fhir/R4/questionnaire.html), a completed survey as
 * a QuestionnaireResponse (https://hl7.org/fhir/R4/questionnaireresponse.html) plus an Observation
 * of the total score (category `survey`, LOINC code of the instrument's total), together in a
 * Bundle of type `collection`. Pure mapping; the tests validate the output against the R4
 * StructureDefinitions with @medplum/core.
 */
import { SurveyAnswerType, type Survey, type SurveyQuestion, type SurveyTemplate } from '@vigil/contract';
import { surveyInstruments } from '../../db/seed/data/survey-instruments';

const LOINC = 'http://loinc.org';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
/** Codes of office answers (no standard code): the offered answer's id under our own URI. */
const OFFERED_ANSWER_SYSTEM = 'urn:vigil:survey-offered-answer';

type Json = Record<string, unknown>;
/** A FHIR resource as JSON. */
export type FhirJson = Json & { resourceType: string };

/** The canonical URL of a template's Questionnaire (a URN: the export stands alone, no FHIR server behind it). */
export const questionnaireUrl = (templateId: number) => `urn:vigil:questionnaire:${templateId}`;
const linkIdOf = (q: { id: number; itemKey: string | null }) => q.itemKey ?? `q${q.id}`;

function itemType(answerType: number): string {
  switch (answerType) {
    case SurveyAnswerType.SINGLE_CHOICE:
    case SurveyAnswerType.MULTIPLE_CHOICE:
    case SurveyAnswerType.YES_NO:
      return 'choice';
    case SurveyAnswerType.FREE_TEXT:
      return 'text';
    case SurveyAnswerType.NUMBER:
      return 'decimal';
    case SurveyAnswerType.SCALE:
      return 'integer';
    case SurveyAnswerType.DATE:
      return 'date';
    default:
      return 'string';
  }
}

function answerCoding(a: SurveyQuestion['offeredAnswers'][number]): Json {
  return {
    extension: [{ url: ORDINAL_VALUE, valueDecimal: a.score }],
    system: a.loincAnswerCode ? LOINC : OFFERED_ANSWER_SYSTEM,
    code: a.loincAnswerCode ?? String(a.id),
    display: a.text,
  };
}

/** A template as a FHIR R4 Questionnaire: items in order with their LOINC codes, answer options with their scores (ordinalValue), a validated instrument's reproduction line as `copyright`. */
export function toQuestionnaire(template: SurveyTemplate): FhirJson {
  return {
    resourceType: 'Questionnaire',
    id: `survey-template-${template.id}`,
    url: questionnaireUrl(template.id),
    name: template.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 60) || `Template${template.id}`,
    title: template.name,
    status: template.status === 'active' ? 'active' : 'retired',
    subjectType: ['Patient'],
    date: template.updatedAt,
    ...(template.description ? { description: template.description } : {}),
    // the instrument's reproduction line (docs/assessments.md "Reproduction terms")
    ...(template.copyright ? { copyright: template.copyright } : {}),
    ...(template.loincCode ? { code: [{ system: LOINC, code: template.loincCode, display: template.name }] } : {}),
    item: template.questions.map((q) => ({
      linkId: linkIdOf(q),
      ...(q.loincCode ? { code: [{ system: LOINC, code: q.loincCode }] } : {}),
      text: q.text,
      type: itemType(q.answerType),
      required: q.isRequired,
      ...(q.answerType === SurveyAnswerType.MULTIPLE_CHOICE ? { repeats: true } : {}),
      ...(q.offeredAnswers.length > 0 ? { answerOption: q.offeredAnswers.map((a) => ({ valueCoding: answerCoding(a) })) } : {}),
    })),
  };
}

function answerValues(q: SurveyQuestion, a: Survey['answers'][number]): Json[] {
  if (q.offeredAnswers.length > 0) {
    return a.offeredAnswerIds.flatMap((id) => {
      const offered = q.offeredAnswers.find((o) => o.id === id);
      return offered ? [{ valueCoding: answerCoding(offered) }] : [];
    });
  }
  if (q.answerType === SurveyAnswerType.SCALE && a.valueNumber !== null) { return [{ valueInteger: a.valueNumber }]; }
  if (q.answerType === SurveyAnswerType.NUMBER && a.valueNumber !== null) { return [{ valueDecimal: a.valueNumber }]; }
  if (q.answerType === SurveyAnswerType.DATE && a.valueDate) { return [{ valueDate: a.valueDate }]; }
  return a.answerText ? [{ valueString: a.answerText }] : [];
}

/**
 * A completed survey as a Bundle (collection) of a QuestionnaireResponse (status completed, the
 * answers in the template's order) and an Observation of the total score (status final, category
 * survey, code: the instrument's total-score LOINC code when it has one, else the template's name
 * as text; the band as interpretation text), derived from the response.
 */
export function toSurveyBundle(survey: Survey, patientDisplay: string): FhirJson {
  const responseId = `survey-${survey.id}-response`;
  const observationId = `survey-${survey.id}-score`;
  const subject = { reference: `Patient/${survey.patientId}`, display: patientDisplay };
  const authored = survey.completedAt ?? survey.dueAt;
  const items = survey.questions.flatMap((q) => {
    const a = survey.answers.find((x) => x.questionId === q.id);
    const values = a ? answerValues(q, a) : [];
    return values.length > 0 ? [{ linkId: linkIdOf(q), text: q.text, answer: values }] : [];
  });
  const response: Json = {
    resourceType: 'QuestionnaireResponse',
    id: responseId,
    questionnaire: questionnaireUrl(survey.templateId),
    status: 'completed',
    subject,
    authored,
    item: items,
  };
  const instrument = surveyInstruments.find((i) => i.code === survey.instrumentCode);
  const score = survey.score;
  const observation: Json = {
    resourceType: 'Observation',
    id: observationId,
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey', display: 'Survey' }] }],
    code: instrument?.totalLoinc
      ? { coding: [{ system: LOINC, code: instrument.totalLoinc, display: `${instrument.name} total score` }], text: `${survey.templateName} total score` }
      : { text: `${survey.templateName} total score` },
    subject,
    effectiveDateTime: authored,
    ...(Number.isInteger(score?.total ?? 0) ? { valueInteger: score?.total ?? 0 } : { valueQuantity: { value: score!.total } }),
    ...(score?.band ? { interpretation: [{ text: score.band.label }] } : {}),
    derivedFrom: [{ reference: `QuestionnaireResponse/${responseId}` }],
  };
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: authored,
    entry: [
      { fullUrl: `urn:vigil:survey:${survey.id}:response`, resource: response },
      { fullUrl: `urn:vigil:survey:${survey.id}:score`, resource: observation },
    ],
  };
}
