import type { FastifyInstance } from 'fastify';
import { metadata } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './metadata.service';

/** Spec section 7, "Metadata": 9 endpoints for patient, doctor and nurse metadata. */
export function metadataRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, metadata.getMetadataForPatient, ({ scope, headers }) => service.getPatientMetadata(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, metadata.createPatientMetadata, ({ scope, body }) => service.createPatientMetadata(ctx, scope, body));
  registerEndpoint(app, ctx, metadata.updateMetadataForPatient, ({ scope, headers, body }) =>
    service.updatePatientMetadata(ctx, scope, headers.patientid, body),
  );
  registerEndpoint(app, ctx, metadata.getMetadataForDoctor, ({ scope, headers }) => service.getDoctorMetadata(ctx, scope, headers.doctorid));
  registerEndpoint(app, ctx, metadata.updateMetadataForDoctor, ({ scope, headers, body }) =>
    service.updateDoctorMetadata(ctx, scope, headers.doctorid, body),
  );
  registerEndpoint(app, ctx, metadata.assignDoctorToMultipleSpecializations, ({ scope, body }) =>
    service.changeSpecializations(ctx, scope, body, 'assign'),
  );
  registerEndpoint(app, ctx, metadata.deassignDoctorFromMultipleSpecializations, ({ scope, body }) =>
    service.changeSpecializations(ctx, scope, body, 'deassign'),
  );
  registerEndpoint(app, ctx, metadata.getMetadataForNurse, ({ scope, headers }) => service.getNurseMetadata(ctx, scope, headers.nurseid));
  registerEndpoint(app, ctx, metadata.updateMetadataForNurse, ({ scope, headers, body }) =>
    service.updateNurseMetadata(ctx, scope, headers.nurseid, body),
  );
}
