import type { FastifyInstance } from 'fastify';
import { ccm } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import { registerSubRecordGroup } from '../../lib/sub-records/sub-records.routes';
import { ccmAllergyGroup } from './ccm-allergy.group';
import * as records from './ccm-records.service';

/** CCM endpoints: endpoints.txt "CCM records", portal-spec.md section 7 "CCM". */
export function ccmRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, ccm.createCcmRecord, ({ scope, body }) => records.createRecord(ctx, scope, body));
  registerEndpoint(app, ctx, ccm.getCcmRecordsByPatientId, ({ scope, headers }) => records.findRecordsOfPatient(ctx, scope, headers.patientid));
  // Sub-record groups: one line each (lib/sub-records).
  registerSubRecordGroup(app, ctx, ccmAllergyGroup);
}
