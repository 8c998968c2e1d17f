// What other features and app/ may compose from surveys: the patient page's assessments panel (open
// and completed surveys, links, score trend). /wellnessassessments is a route in app/routes.tsx and
// the public answer page (/survey) a route in app/router.tsx.
export { PatientSurveysPanel } from './components/PatientSurveysPanel';
