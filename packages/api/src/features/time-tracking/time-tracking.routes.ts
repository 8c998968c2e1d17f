import type { FastifyInstance } from 'fastify';
import { timeTracking } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as presence from './presence.service';
import * as service from './time-tracking.service';

/**
 * endpoints.txt section "Patient presence and time tracking" (8), plus the chosen
 * `timetracking/gettimeentriesforpatient`, `PUT timetracking/{id}` and `DELETE timetracking/{id}`.
 * One handler per endpoint of the contract group (a missing one does not compile: lib/route `registerGroup`).
 */
export function timeTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, timeTracking, {
    getNotFinishedWithPatient: ({ scope }) => service.getOpenTimer(ctx, scope),
    startTrackingWithPatient: ({ scope, body }) => service.startTracking(ctx, scope, body),
    stopTrackingWithPatient: ({ scope, body }) => service.stopTracking(ctx, scope, body),
    stopTrackingWithPatientV2: ({ scope, body }) => service.stopTrackingV2(ctx, scope, body),
    getTimeEntriesForPatient: ({ scope, headers }) =>
      service.findEntriesForPatient(ctx, scope, { patientId: headers.patientid, year: headers.year, month: headers.month, hospitalId: headers.hospitalid }),
    updateTimeEntry: ({ scope, params, body }) => service.updateEntry(ctx, scope, params.id, body),
    deleteTimeEntry: ({ scope, params }) => service.deleteEntry(ctx, scope, params.id),

    getPatientPresenceForHospital: ({ scope, headers, query }) => presence.findPresenceForOffice(ctx, scope, headers.hospitalid, query),
    getPatientPresenceByPatientId: ({ scope, headers }) => presence.findPresenceForPatient(ctx, scope, headers.patientid, headers.hospitalid),
    createPatientPresence: ({ scope, body }) => presence.createPresence(ctx, scope, body),
    // Spec section 8: "Patient presence delete returns the error object instead of failing": the
    // failure answers its 4xx with the error envelope, which the web client returns to its caller.
    deletePatientPresence: ({ scope, params }) => presence.endPresence(ctx, scope, params.id),
  });
}
