// What other features and app/ may compose from public-links: the staff-side sharing component
// (the patient page places it). The public report pages are routes in app/router.tsx.
export { SharePatientMeasurements } from './components/SharePatientMeasurements';
