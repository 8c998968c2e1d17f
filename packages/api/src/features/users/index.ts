/** The users feature's public surface (docs/architecture.md "Feature boundaries"): a user as the API shows it. */
export { loadUserView, loadUserViews } from './users.view';
export { removeOfficeAssignments, savePatientListViewSetting, upsertOfficeAssignments } from './office-assignments.service';
export { createUserFromRecord, provisionUser } from './users.provision';
export { createImportedUser, ensureImportedOfficeAssignment, updateImportedUser } from './users.imported';
