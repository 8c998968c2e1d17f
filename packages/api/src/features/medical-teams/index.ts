/**
 * The medical-teams feature's public surface (docs/architecture.md "Feature boundaries"): taking
 * users off an office's teams (the offices feature's deassignment).
 */
export { removeMembersFromOfficeTeams } from './medical-teams.service';
export { addImportedTeamMember, ensureImportedMedicalTeam } from './medical-teams.imported';
