import type { FastifyInstance } from 'fastify';
import { enrolment } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './enrolment.service';

/** Chosen endpoints (docs/enrolment.md): a patient's programs with enrolment dates, and insurance. */
export function enrolmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, enrolment.getPatientEnrolment, ({ scope, headers }) => service.getEnrolment(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, enrolment.updatePatientEnrolment, ({ scope, headers, body }) => service.updateEnrolment(ctx, scope, headers.patientid, body));
}
