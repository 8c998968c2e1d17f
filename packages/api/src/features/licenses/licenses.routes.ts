import type { FastifyInstance } from 'fastify';
import { licenses, LICENSE_CSV_MAX_BYTES } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { registerGroup } from '../../lib/route';
import { readSingleUpload } from '../../lib/upload';
import * as service from './licenses.service';

/** Licence and licence-assignment endpoints: endpoints.txt "Invoices and licences", docs/licenses.md. */
export function licensesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, licenses, {
    findLicenses: ({ scope, query }) => service.findLicenses(ctx, scope, query),
    createLicense: ({ scope, body }) => service.createLicense(ctx, scope, body),
    bulkInsertLicenses: async ({ scope, headers, req }) => {
      const upload = await readSingleUpload(req, LICENSE_CSV_MAX_BYTES);
      if (!upload) { throw AppError.badRequest('malformedUpload'); }
      return service.bulkInsertLicenses(ctx, scope, headers.hospitalid, upload.data);
    },
    getLicense: ({ scope, params }) => service.getLicense(ctx, scope, params.id),
    updateLicense: ({ scope, params, body }) => service.updateLicense(ctx, scope, params.id, body),
    deleteLicense: ({ scope, params }) => service.deleteLicense(ctx, scope, params.id),
    getLicenseAssignmentsForPatient: ({ scope, headers }) => service.findAssignmentsForPatient(ctx, scope, headers.patientid),
    assignLicense: ({ scope, body }) => service.assignLicense(ctx, scope, body),
    deassignLicense: ({ scope, body }) => service.deassignLicense(ctx, scope, body),
  });
}
