import { defineFeature } from '../../lib/feature-module';
import { diagnosesRoutes } from './diagnoses.routes';
import { icd10cmImportJobDefinition } from './icd10cm-import';
import { patientDiagnoses } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The diagnoses feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const diagnosesModule = defineFeature({
  name: 'diagnoses',
  routes: diagnosesRoutes,
  jobs: (ctx) => [icd10cmImportJobDefinition(ctx)],
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    patientDiagnosis: own(patientDiagnoses),
  },
});
