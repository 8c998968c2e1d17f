import type { FastifyInstance } from 'fastify';
import { enrolment } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './enrolment.service';

/** Chosen endpoints (docs/enrolment.md): a patient's programs with enrolment dates, and insurance. */
export function enrolmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, enrolment, {
    getPatientEnrolment: ({ scope, headers }) => service.getEnrolment(ctx, scope, headers.patientid),
    updatePatientEnrolment: ({ scope, headers, body }) => service.updateEnrolment(ctx, scope, headers.patientid, body),
  });
}
