import type { FastifyInstance } from 'fastify';
import { prescriptions } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as drugs from './drug-products.service';
import { findDrugImportRuns, startDrugImport } from './drug-import';
import * as service from './prescriptions.service';

/** Prescriptions and the drug search (endpoints.txt "Diagnosis and prescriptions"), and the drug-product import. */
export function prescriptionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, prescriptions, {
    getPrescriptionListForPatient: ({ scope, headers, query }) => service.findPrescriptionsOfPatient(ctx, scope, headers.patientid, query),
    getPrescription: ({ scope, params }) => service.getPrescription(ctx, scope, params.id),
    updatePrescription: ({ scope, params, body }) => service.updatePrescription(ctx, scope, params.id, body),
    deletePrescription: ({ scope, params }) => service.deletePrescription(ctx, scope, params.id),
    createPrescription: ({ scope, body }) => service.createPrescription(ctx, scope, body),
    searchDrugProducts: ({ body }) => drugs.searchDrugProducts(ctx, body),
    importDrugProducts: ({ scope, req }) => startDrugImport(ctx, scope, req),
    findDrugImportRuns: () => findDrugImportRuns(ctx),
  });
}
