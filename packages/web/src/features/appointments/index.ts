// What other screens may compose from appointments: the patient's visits panel of /patientdetails/{id}.
// The /appointments page is a route in app/routes.tsx.
export { PatientVisitsPanel } from './components/PatientVisitsPanel';
