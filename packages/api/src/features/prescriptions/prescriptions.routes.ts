import type { FastifyInstance } from 'fastify';
import { prescriptions } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as drugs from './drug-products.service';
import { findDrugImportRuns, startDrugImport } from './drug-import';
import * as service from './prescriptions.service';

/** Prescriptions and the drug search (endpoints.txt "Diagnosis and prescriptions"), and the drug-product import. */
export function prescriptionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, prescriptions.getPrescriptionListForPatient, ({ scope, headers, query }) => service.findPrescriptionsOfPatient(ctx, scope, headers.patientid, query));
  registerEndpoint(app, ctx, prescriptions.getPrescription, ({ scope, params }) => service.getPrescription(ctx, scope, params.id));
  registerEndpoint(app, ctx, prescriptions.updatePrescription, ({ scope, params, body }) => service.updatePrescription(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, prescriptions.deletePrescription, ({ scope, params }) => service.deletePrescription(ctx, scope, params.id));
  registerEndpoint(app, ctx, prescriptions.createPrescription, ({ scope, body }) => service.createPrescription(ctx, scope, body));
  registerEndpoint(app, ctx, prescriptions.searchDrugProducts, ({ body }) => drugs.searchDrugProducts(ctx, body));
  registerEndpoint(app, ctx, prescriptions.importDrugProducts, ({ scope, req }) => startDrugImport(ctx, scope, req));
  registerEndpoint(app, ctx, prescriptions.findDrugImportRuns, () => findDrugImportRuns(ctx));
}
