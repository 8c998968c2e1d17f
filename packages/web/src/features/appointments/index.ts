// What other screens may compose from appointments: the patient's visits panel of /patientdetails/{id},
// and the incoming-ring modal of the signed-in layout (docs/video-visits.md "Ringing").
// The /appointments page is a route in app/routes.tsx.
export { PatientVisitsPanel } from './components/PatientVisitsPanel';
export { IncomingRing } from './components/IncomingRing';
