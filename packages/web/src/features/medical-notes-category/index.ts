// What other features may use from medical-notes-category: the office's templates (care-time offers
// the active ones when a note is written). The /medicalNotesCategory page is a route in app/routes.tsx.
export { useOfficeTemplates } from './api/templates';
