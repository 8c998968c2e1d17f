// The monitoring-plans feature's public parts, for other features' pages (e.g. /patientdetails/{id}).
export { PatientMonitoringPlanPanel } from './components/PatientMonitoringPlanPanel';
export { useActiveTreatmentPlanForPatient } from './api/monitoring-plans';
