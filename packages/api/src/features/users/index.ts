/** The users feature's public surface (docs/architecture.md "Feature boundaries"): a user as the API shows it. */
export { loadUserView, loadUserViews } from './users.view';
export { removeOfficeAssignments, savePatientListViewSetting, upsertOfficeAssignments } from './users.repo';
export { provisionUser } from './users.provision';
