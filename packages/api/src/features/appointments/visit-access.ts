import { can } from '@vigil/contract';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { AppointmentRow } from './appointments.repo';

/**
 * Who may enter a visit (docs/video-visits.md "Who may enter"): its doctor, an attendee, or staff
 * holding `visits.officeAll` for a visit of their offices. 403 "Only the visit's doctor and
 * attendees can enter this visit" otherwise (the row was already read through the caller's scope).
 */
export function assertMayEnter(scope: Scope, row: AppointmentRow): void {
  if (row.doctor.id === scope.userId || row.attendees.some((p) => p.id === scope.userId)) { return; }
  if (can(scope.role, 'visits.officeAll')) { return; } // the row is already in the caller's offices
  throw AppError.forbidden('visitNotParticipant');
}
