import type { FastifyInstance } from 'fastify';
import { metadata } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './metadata.service';

/** Spec section 7, "Metadata": 9 endpoints for patient, doctor and nurse metadata. */
export function metadataRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, metadata, {
    getMetadataForPatient: ({ scope, headers }) => service.getPatientMetadata(ctx, scope, headers.patientid),
    createPatientMetadata: ({ scope, body }) => service.createPatientMetadata(ctx, scope, body),
    updateMetadataForPatient: ({ scope, headers, body }) =>
      service.updatePatientMetadata(ctx, scope, headers.patientid, body),
    getMetadataForDoctor: ({ scope, headers }) => service.getDoctorMetadata(ctx, scope, headers.doctorid),
    updateMetadataForDoctor: ({ scope, headers, body }) =>
      service.updateDoctorMetadata(ctx, scope, headers.doctorid, body),
    assignDoctorToMultipleSpecializations: ({ scope, body }) =>
      service.changeSpecializations(ctx, scope, body, 'assign'),
    deassignDoctorFromMultipleSpecializations: ({ scope, body }) =>
      service.changeSpecializations(ctx, scope, body, 'deassign'),
    getMetadataForNurse: ({ scope, headers }) => service.getNurseMetadata(ctx, scope, headers.nurseid),
    updateMetadataForNurse: ({ scope, headers, body }) =>
      service.updateNurseMetadata(ctx, scope, headers.nurseid, body),
  });
}
