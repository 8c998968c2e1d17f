import type { FastifyInstance } from 'fastify';
import { diagnoses } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './diagnoses.service';
import { findReleases, startImport } from './icd10cm-import';

/** Diagnosis endpoints: endpoints.txt "Diagnosis and prescriptions" (the diagnosis half), plus the ICD-10-CM search and releases. */
export function diagnosesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, diagnoses, {
    getDiagnosisListForPatient: ({ scope, headers, query }) =>
      service.findDiagnosesForPatient(ctx, scope, headers.patientid, query.status),
    searchIcd10cm: ({ query, req }) => service.searchCodes(ctx, query.q, query.limit, req.lang),
    findIcd10cmReleases: () => findReleases(ctx),
    importIcd10cmRelease: ({ scope, req }) => startImport(ctx, scope, req),
    getDiagnosis: ({ scope, params }) => service.getDiagnosis(ctx, scope, params.id),
    deleteDiagnosis: ({ scope, params }) => service.deleteDiagnosis(ctx, scope, params.id),
    createDiagnosis: ({ scope, body }) => service.createDiagnosis(ctx, scope, body),
    updateDiagnosisForPatient: ({ scope, body }) => service.updateDiagnosis(ctx, scope, body),
  });
}
