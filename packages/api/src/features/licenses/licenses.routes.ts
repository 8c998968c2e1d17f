import type { FastifyInstance } from 'fastify';
import { licenses, LICENSE_CSV_MAX_BYTES } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/route';
import { readSingleUpload } from '../../lib/upload';
import * as service from './licenses.service';

/** Licence and licence-assignment endpoints: endpoints.txt "Invoices and licences", docs/licenses.md. */
export function licensesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, licenses.findLicenses, ({ scope, query }) => service.findLicenses(ctx, scope, query));
  registerEndpoint(app, ctx, licenses.createLicense, ({ scope, body }) => service.createLicense(ctx, scope, body));
  registerEndpoint(app, ctx, licenses.bulkInsertLicenses, async ({ scope, headers, req }) => {
    const upload = await readSingleUpload(req, LICENSE_CSV_MAX_BYTES);
    if (!upload) { throw AppError.badRequest('malformedUpload'); }
    return service.bulkInsertLicenses(ctx, scope, headers.hospitalid, upload.data);
  });
  registerEndpoint(app, ctx, licenses.getLicense, ({ scope, params }) => service.getLicense(ctx, scope, params.id));
  registerEndpoint(app, ctx, licenses.updateLicense, ({ scope, params, body }) => service.updateLicense(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, licenses.deleteLicense, ({ scope, params }) => service.deleteLicense(ctx, scope, params.id));
  registerEndpoint(app, ctx, licenses.getLicenseAssignmentsForPatient, ({ scope, headers }) => service.findAssignmentsForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, licenses.assignLicense, ({ scope, body }) => service.assignLicense(ctx, scope, body));
  registerEndpoint(app, ctx, licenses.deassignLicense, ({ scope, body }) => service.deassignLicense(ctx, scope, body));
}
