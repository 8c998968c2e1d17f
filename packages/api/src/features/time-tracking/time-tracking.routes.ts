import type { FastifyInstance } from 'fastify';
import { timeTracking } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as presence from './presence.service';
import * as service from './time-tracking.service';

/**
 * endpoints.txt section "Patient presence and time tracking" (8), plus the chosen
 * `timetracking/gettimeentriesforpatient`, `PUT timetracking/{id}` and `DELETE timetracking/{id}`.
 */
export function timeTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, timeTracking.getNotFinishedWithPatient, ({ scope }) => service.getOpenTimer(ctx, scope));
  registerEndpoint(app, ctx, timeTracking.startTrackingWithPatient, ({ scope, body }) => service.startTracking(ctx, scope, body));
  registerEndpoint(app, ctx, timeTracking.stopTrackingWithPatient, ({ scope, body }) => service.stopTracking(ctx, scope, body));
  registerEndpoint(app, ctx, timeTracking.stopTrackingWithPatientV2, ({ scope, body }) => service.stopTrackingV2(ctx, scope, body));
  registerEndpoint(app, ctx, timeTracking.getTimeEntriesForPatient, ({ scope, headers }) =>
    service.findEntriesForPatient(ctx, scope, { patientId: headers.patientid, year: headers.year, month: headers.month, hospitalId: headers.hospitalid }),
  );
  registerEndpoint(app, ctx, timeTracking.updateTimeEntry, ({ scope, params, body }) => service.updateEntry(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, timeTracking.deleteTimeEntry, ({ scope, params }) => service.deleteEntry(ctx, scope, params.id));

  registerEndpoint(app, ctx, timeTracking.getPatientPresenceForHospital, ({ scope, headers, query }) =>
    presence.findPresenceForOffice(ctx, scope, headers.hospitalid, query),
  );
  registerEndpoint(app, ctx, timeTracking.getPatientPresenceByPatientId, ({ scope, headers }) =>
    presence.findPresenceForPatient(ctx, scope, headers.patientid, headers.hospitalid),
  );
  registerEndpoint(app, ctx, timeTracking.createPatientPresence, ({ scope, body }) => presence.createPresence(ctx, scope, body));
  // Spec section 8: "Patient presence delete returns the error object instead of failing": the
  // failure answers its 4xx with the error envelope, which the web client returns to its caller.
  registerEndpoint(app, ctx, timeTracking.deletePatientPresence, ({ scope, params }) => presence.endPresence(ctx, scope, params.id));
}
