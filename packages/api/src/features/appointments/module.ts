import { eq } from 'drizzle-orm';
import { defineFeature } from '../../lib/feature-module';
import { appointmentsRoutes } from './appointments.routes';
import { appointmentNotes, appointments, videoCallRings, videoCalls, visitInvitations } from '../../db/schema/index';
import { anyId, lookupOf, own, viaParent } from '../../lib/audit-patients';

/** The appointments feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const appointmentsModule = defineFeature({
  name: 'appointments',
  routes: appointmentsRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    appointment: own(appointments),
    appointmentNote: viaParent(appointmentNotes, appointmentNotes.id, appointmentNotes.appointmentId, appointments, appointments.id, appointments.patientId),
    visitInvitation: viaParent(visitInvitations, visitInvitations.id, visitInvitations.appointmentId, appointments, appointments.id, appointments.patientId),
    // A ring belongs to a call, the call to a visit (appointment) when it has one.
    videoCallRing: lookupOf('id', (db, keys) =>
      db
        .select({ key: videoCallRings.id, patientId: appointments.patientId })
        .from(videoCallRings)
        .innerJoin(videoCalls, eq(videoCalls.id, videoCallRings.callId))
        .leftJoin(appointments, eq(appointments.id, videoCalls.appointmentId))
        .where(anyId(videoCallRings.id, keys))),
  },
});
