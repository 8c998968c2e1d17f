import type { FastifyInstance } from 'fastify';
import { diagnoses } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './diagnoses.service';
import { findReleases, startImport } from './icd10cm-import';

/** Diagnosis endpoints: endpoints.txt "Diagnosis and prescriptions" (the diagnosis half), plus the ICD-10-CM search and releases. */
export function diagnosesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, diagnoses.getDiagnosisListForPatient, ({ scope, headers, query }) =>
    service.findDiagnosesForPatient(ctx, scope, headers.patientid, query.status),
  );
  registerEndpoint(app, ctx, diagnoses.searchIcd10cm, ({ query, req }) => service.searchCodes(ctx, query.q, query.limit, req.lang));
  registerEndpoint(app, ctx, diagnoses.findIcd10cmReleases, () => findReleases(ctx));
  registerEndpoint(app, ctx, diagnoses.importIcd10cmRelease, ({ scope, req }) => startImport(ctx, scope, req));
  registerEndpoint(app, ctx, diagnoses.getDiagnosis, ({ scope, params }) => service.getDiagnosis(ctx, scope, params.id));
  registerEndpoint(app, ctx, diagnoses.deleteDiagnosis, ({ scope, params }) => service.deleteDiagnosis(ctx, scope, params.id));
  registerEndpoint(app, ctx, diagnoses.createDiagnosis, ({ scope, body }) => service.createDiagnosis(ctx, scope, body));
  registerEndpoint(app, ctx, diagnoses.updateDiagnosisForPatient, ({ scope, body }) => service.updateDiagnosis(ctx, scope, body));
}
