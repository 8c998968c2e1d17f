// What other features may use from medical-teams: creating a patient's care team (the patient
// wizard creates the first one). The /medicalteams page is a route in app/routes.tsx.
export { useCreateTeam } from './api/medical-teams';
