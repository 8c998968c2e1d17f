import { defineFeature } from '../../lib/feature-module';
import { medicalTeamsRoutes } from './medical-teams.routes';
import { medicalTeams } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The medical-teams feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const medicalTeamsModule = defineFeature({
  name: 'medical-teams',
  routes: medicalTeamsRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    medicalTeam: own(medicalTeams),
  },
});
