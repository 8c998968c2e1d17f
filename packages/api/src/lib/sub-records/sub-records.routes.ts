import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerGroup } from '../route/index';
import * as service from './sub-records.service';

/**
 * Registers a sub-record group's five endpoints (contract `subRecordEndpoints`) on the generic
 * service. One line per group in the feature's routes file:
 * `registerSubRecordGroup(app, ctx, ccmAllergyGroup)`.
 */
export function registerSubRecordGroup<F extends object, Item extends object>(app: FastifyInstance, ctx: AppContext, group: service.SubRecordGroup<F, Item>): void {
  // The declarations are generic here; the contract's schemas validated every part before the
  // handler runs, and responses are checked against the contract when `validateResponses` is on.
  // One handler per declaration of the group (a missing one does not compile: `registerGroup`).
  registerGroup(app, ctx, group.endpoints, {
    create: ({ scope, body }) => service.createSubRecord(ctx, scope!, group, body as F & { ccmRecordId: number }),
    update: ({ scope, params, body }) => service.updateSubRecord(ctx, scope!, group, (params as { id: number }).id, body as F),
    remove: ({ scope, params }) => service.deleteSubRecord(ctx, scope!, group, (params as { id: number }).id),
    getByPatientId: ({ scope, headers }) => service.findSubRecordsByPatient(ctx, scope!, group, (headers as { patientid: number }).patientid),
    getByCcmRecordId: ({ scope, headers }) => service.findSubRecordsByRecord(ctx, scope!, group, (headers as { ccmrecordid: number }).ccmrecordid),
  });
}
