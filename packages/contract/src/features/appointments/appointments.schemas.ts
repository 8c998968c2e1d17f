import { z } from 'zod';
import { bodyIdSchema, idSchema } from '../../common/ids';
import { optionalText, requiredText } from '../../common/validation';
import { careProgramSchema } from '../time-tracking/time-tracking.schemas';

/**
 * Appointments (portal-spec.md sections 3 "Appointment" and 7 "Appointments"; docs/appointments.md).
 * Stored as UTC instants; days are the office's calendar days (lib/office-calendar.ts).
 */
export const appointmentKinds = ['IN_PERSON', 'VIDEO', 'PHONE'] as const;
export const appointmentKindSchema = z.enum(appointmentKinds);
export type AppointmentKind = z.infer<typeof appointmentKindSchema>;

export const appointmentStatuses = ['REQUESTED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;
export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The statuses that hold a person's time: a clash with one of them is a double booking. */
export const BOOKED_STATUSES: readonly AppointmentStatus[] = ['SCHEDULED', 'IN_PROGRESS'];

/** Longest appointment, in minutes (a whole working day). */
export const MAX_APPOINTMENT_MINUTES = 480;
/** Most appointments one list answers (a day view of a busy office fits well inside). */
export const APPOINTMENTS_LIMIT = 2500;
/** Most attendees besides the doctor (a video visit holds 4 participants: doctor, patient, 2 attendees). */
export const MAX_ATTENDEES = 8;

const instantSchema = z.iso.datetime({ offset: true });
const durationSchema = z.number().int().min(5).max(MAX_APPOINTMENT_MINUTES);

export const appointmentPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
});
export type AppointmentPerson = z.infer<typeof appointmentPersonSchema>;

export const appointmentSchema = z.object({
  appointmentId: z.number().int(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  /** The office's IANA zone: the appointment is shown in it. */
  timeZone: z.string(),
  patient: appointmentPersonSchema,
  doctor: appointmentPersonSchema,
  attendees: z.array(appointmentPersonSchema),
  /** Start instant (UTC, ISO 8601). */
  appointmentDateTime: z.string(),
  durationMinutes: z.number().int(),
  /** End instant (start + duration). */
  endDateTime: z.string(),
  /** Local date 'YYYY-MM-DD' and time 'HH:mm' in the office's zone. */
  localDate: z.string(),
  localTime: z.string(),
  kind: appointmentKindSchema,
  status: appointmentStatusSchema,
  reason: z.string(),
  rejectionReason: z.string().nullable(),
  requestedBy: z.number().int().nullable(),
  videoStartedAt: z.string().nullable(),
  videoEndedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListQuerySchema = z.object({
  hospitalId: idSchema.optional(),
  doctorId: idSchema.optional(),
  patientId: idSchema.optional(),
  status: appointmentStatusSchema.optional(),
  /** Instants bounding the start (from inclusive, to exclusive); default: from now on. */
  from: instantSchema.optional(),
  to: instantSchema.optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const createAppointmentBodySchema = z.object({
  hospitalId: bodyIdSchema,
  patientId: bodyIdSchema,
  doctorId: bodyIdSchema,
  appointmentDateTime: instantSchema,
  durationMinutes: durationSchema.default(30),
  kind: appointmentKindSchema.default('IN_PERSON'),
  reason: optionalText(500),
  attendeeIds: z.array(bodyIdSchema).max(MAX_ATTENDEES).default([]),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;

/** An appointment request (`createappointment`): the doctor approves or rejects it. */
export const appointmentRequestBodySchema = z.object({
  hospitalId: bodyIdSchema,
  patientId: bodyIdSchema,
  doctorId: bodyIdSchema,
  appointmentDateTime: instantSchema,
  durationMinutes: durationSchema.default(30),
  kind: appointmentKindSchema.default('IN_PERSON'),
  reason: optionalText(500),
});
export type AppointmentRequestBody = z.infer<typeof appointmentRequestBodySchema>;

export const updateAppointmentBodySchema = z.object({
  appointmentDateTime: instantSchema.optional(),
  durationMinutes: durationSchema.optional(),
  kind: appointmentKindSchema.optional(),
  reason: optionalText(500),
  doctorId: bodyIdSchema.optional(),
  /** Only the transitions a person makes: cancel, mark completed or no-show, or back to scheduled. */
  status: z.enum(['SCHEDULED', 'CANCELLED', 'COMPLETED', 'NO_SHOW']).optional(),
});
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

export const approveRejectBodySchema = z
  .object({
    appointmentId: bodyIdSchema,
    approve: z.boolean(),
    reason: optionalText(500),
  })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], message: 'required' });
export type ApproveRejectBody = z.infer<typeof approveRejectBodySchema>;

export const appointmentIdBodySchema = z.object({ appointmentId: bodyIdSchema });

/**
 * `PUT appointments/stopvideocall`: the appointment, and the program the caller's automatic
 * interactive time entry goes to (default: the patient's active program; docs/video-visits.md).
 */
export const stopVideoCallBodySchema = z.object({ appointmentId: bodyIdSchema, program: careProgramSchema.optional() });
export type StopVideoCallBody = z.infer<typeof stopVideoCallBodySchema>;
export const addAttendeeBodySchema = z.object({ appointmentId: bodyIdSchema, userId: bodyIdSchema });

export const appointmentNoteSchema = z.object({
  noteId: z.number().int(),
  appointmentId: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  authorId: z.number().int(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentNote = z.infer<typeof appointmentNoteSchema>;

export const addNoteBodySchema = z.object({ appointmentId: bodyIdSchema, text: requiredText(4000) });
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;
export const editNoteBodySchema = z.object({ noteId: bodyIdSchema, text: requiredText(4000) });

export const doctorIdHeaderSchema = z.object({ doctorid: idSchema });
export const hospitalIdHeaderSchema = z.object({ hospitalid: idSchema });
export const hospitalDateHeadersSchema = z.object({ hospitalid: idSchema, paramdate: z.iso.date() });
export const noteIdHeaderSchema = z.object({ noteid: idSchema });
export const patientIdHeaderSchema = z.object({ patientid: idSchema });

/** ICE servers for a visit's browser (coturn shared-secret credentials; docs/video-visits.md). */
export const iceServersSchema = z.object({
  iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
  expiresAt: z.string().nullable(),
  /** RTCConfiguration.iceTransportPolicy: 'relay' only through TURN (VIGIL_ICE_TRANSPORT_POLICY), 'all' by default. */
  iceTransportPolicy: z.enum(['all', 'relay']),
});
export type IceServers = z.infer<typeof iceServersSchema>;

export const createInvitationBodySchema = z.object({
  appointmentId: bodyIdSchema,
  /** The patient (default) or a caregiver on the patient's care team. */
  userId: bodyIdSchema.optional(),
  /** Also e-mail the link to the invitee (the outbox on the embedded default). */
  send: z.boolean().default(false),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const visitInvitationSchema = z.object({
  invitationId: z.number().int(),
  appointmentId: z.number().int(),
  userId: z.number().int(),
  expiresAt: z.string(),
  revoked: z.boolean(),
  /** Only in the answer that creates it: the link holds the token, which is never stored. */
  url: z.string().optional(),
  sentTo: z.string().nullable().optional(),
});
export type VisitInvitation = z.infer<typeof visitInvitationSchema>;

/** What a guest holding a valid invitation sees of the visit. */
export const guestVisitSchema = z.object({
  appointmentId: z.number().int(),
  hospitalId: z.number().int(),
  guestUserId: z.number().int(),
  guestName: z.string(),
  doctorName: z.string(),
  hospitalName: z.string(),
  kind: appointmentKindSchema,
  status: appointmentStatusSchema,
  localDate: z.string(),
  localTime: z.string(),
  timeZone: z.string(),
});
export type GuestVisit = z.infer<typeof guestVisitSchema>;

export const invitationHeaderSchema = z.object({ visitinvitation: z.string().min(20).max(100) });

/**
 * The visit's signaling over the real-time socket `/api/ws` (docs/video-visits.md "Signaling").
 * A guest's socket starts with `{ type: 'guestInit', invitation }` (the token from the link's
 * fragment, never in a URL); staff start with the usual `init`. Then `{ type: 'visit', ... }`
 * messages: `join` enters the appointment's room (staff who may enter; a guest once admitted),
 * `leave` leaves it, `offer` / `answer` / `ice` go to one peer (`to`, a peer id of the room).
 * A message that does not parse is ignored silently (spec section 8).
 */
export const socketGuestInitMessageSchema = z.object({
  type: z.literal('guestInit'),
  invitation: z.string().min(20).max(100),
});
export type SocketGuestInitMessage = z.infer<typeof socketGuestInitMessageSchema>;

/** A peer's id in a room: random per socket and room (one person may have two tabs open). */
const peerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);
/** RTCSessionDescriptionInit; Chromium's audio + video offers are 4 to 10 kB. */
const descriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(30_000) });
/** RTCIceCandidateInit. */
const candidateSchema = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

export const visitClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ type: z.literal('visit'), action: z.literal('join'), appointmentId: idSchema }),
  z.object({ type: z.literal('visit'), action: z.literal('leave'), appointmentId: idSchema }),
  z.object({ type: z.literal('visit'), action: z.enum(['offer', 'answer']), appointmentId: idSchema, to: peerIdSchema, description: descriptionSchema }),
  z.object({ type: z.literal('visit'), action: z.literal('ice'), appointmentId: idSchema, to: peerIdSchema, candidate: candidateSchema }),
]);
export type VisitClientMessage = z.infer<typeof visitClientMessageSchema>;

/** Who a peer is, as the other participants see it. */
export interface VisitPeer {
  peerId: string;
  userId: number;
  name: string;
  /** a patient or caregiver with an invitation link */
  guest: boolean;
}

/**
 * What the server sends about a room: `joined` (to the joiner: its own peer id), `refused` (the
 * joiner may not enter), `peerJoined` / `peerLeft` (to the others), `offer` / `answer` / `ice`
 * from a peer (`from`; an offer also names the offering peer), and `admitted` / `ended` when staff start or stop the visit (to everyone
 * in or waiting for the room: a guest's socket waits for its one appointment).
 */
export type VisitSocketMessage = {
  type: 'visit';
  appointmentId: number;
} & (
  | { action: 'joined'; peerId: string }
  | { action: 'refused' }
  | { action: 'peerJoined'; peer: VisitPeer }
  | { action: 'peerLeft'; peerId: string }
  | { action: 'offer' | 'answer'; from: string; description: z.infer<typeof descriptionSchema>; /** on an offer: who is offering (the newcomer has not seen them join) */ peer?: VisitPeer }
  | { action: 'ice'; from: string; candidate: z.infer<typeof candidateSchema> }
  | { action: 'admitted' }
  | { action: 'ended' }
);

// Call records and ringing (docs/video-visits.md "Call records", "Ringing") --------------------

export const videoCallStatusSchema = z.enum(['ringing', 'active', 'completed', 'missed', 'declined']);
export type VideoCallStatus = z.infer<typeof videoCallStatusSchema>;
export const videoCallKindSchema = z.enum(['video', 'audio']);
export const ringStatusSchema = z.enum(['ringing', 'accepted', 'declined', 'missed']);
export type RingStatus = z.infer<typeof ringStatusSchema>;

/** One call of a visit with who was in it (one row per join), its rings and the automatic time entries it added. */
export const videoCallSchema = z.object({
  callId: z.number().int(),
  appointmentId: z.number().int(),
  kind: videoCallKindSchema,
  status: videoCallStatusSchema,
  startedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Whole seconds from start to end; null while open. */
  durationSeconds: z.number().int().nullable(),
  participants: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      role: z.enum(['staff', 'patient', 'caregiver']),
      joinedAt: z.string(),
      leftAt: z.string().nullable(),
    }),
  ),
  rings: z.array(
    z.object({
      ringId: z.number().int(),
      callee: z.object({ id: z.number().int(), name: z.string() }),
      status: ringStatusSchema,
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
  timeEntries: z.array(
    z.object({
      timeEntryId: z.number().int(),
      staff: z.object({ id: z.number().int(), name: z.string() }),
      program: careProgramSchema,
      seconds: z.number().int(),
      interactive: z.boolean(),
    }),
  ),
});
export type VideoCall = z.infer<typeof videoCallSchema>;

/** `POST pushnotifications/initvideocallwithuser`: ring staff to join the visit's call (at most 3: a room holds 4). */
export const initVideoCallBodySchema = z.object({
  appointmentId: bodyIdSchema,
  userIds: z.array(bodyIdSchema).min(1).max(3),
  /** A voice call (no camera). Default: video for a VIDEO visit, audio for a PHONE visit. */
  audioOnly: z.boolean().optional(),
});
export type InitVideoCallBody = z.infer<typeof initVideoCallBodySchema>;

/** A ring as the caller and the callee see it (answer and socket event `videoCallRing`). */
export const ringSchema = z.object({
  ringId: z.number().int(),
  callId: z.number().int(),
  appointmentId: z.number().int(),
  hospitalId: z.number().int(),
  /** The visit's patient (the room's path is /videoRoom/{hospitalId}/{patientId}/{appointmentId}). */
  patientId: z.number().int(),
  caller: z.object({ id: z.number().int(), name: z.string() }),
  callee: z.object({ id: z.number().int(), name: z.string() }),
  kind: videoCallKindSchema,
  status: ringStatusSchema,
  expiresAt: z.string(),
});
export type Ring = z.infer<typeof ringSchema>;

export const initVideoCallResultSchema = z.object({ callId: z.number().int(), rings: z.array(ringSchema) });
export type InitVideoCallResult = z.infer<typeof initVideoCallResultSchema>;

/** `PUT appointments/calls/answer`: the callee accepts (then opens the room) or declines. */
export const answerRingBodySchema = z.object({ ringId: bodyIdSchema, accept: z.boolean() });
export type AnswerRingBody = z.infer<typeof answerRingBodySchema>;

/** The socket event of a ring: to the callee when it rings, to both when it is answered or missed. */
export type RingSocketMessage = { type: 'videoCallRing'; data: Ring };
