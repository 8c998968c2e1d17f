import { randomBytes } from 'node:crypto';
import { visitClientMessageSchema, type VisitSocketMessage } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type Scope } from '../../db/scope';
import { tokenHash } from '../../lib/crypto';
import { loggableError } from '../../lib/loggable-error';
import type { RealtimeClient } from '../../realtime/realtime';
import type { SocketRooms } from '../../realtime/socket';
import * as repo from './appointments.repo';
import { currentScopeOfSession } from '../auth/index';
import { recordJoin, recordLeave } from './video-calls.service';
import { assertMayEnter } from './visit-access';
import { tenantDb } from '../../db/handles';

/**
 * The visit's signaling over the real-time socket (docs/video-visits.md "Signaling"): the server
 * relays WebRTC offers, answers and ICE candidates between the peers of one appointment's room and
 * never looks into them. Media flows browser to browser (through TURN when needed).
 */

/** Who holds a socket: staff with their session's scope, or a guest with an invitation. */
export type VisitPrincipal = { kind: 'staff'; scope: Scope } | { kind: 'guest'; invitationId: number; appointmentId: number; userId: number; name: string; tokenHash: string };

/** Statuses whose room is open: staff may wait in a scheduled visit's room; a guest enters once admitted. */
const OPEN_STATUSES = new Set(['SCHEDULED', 'IN_PROGRESS']);

/**
 * A guest's socket principal from the invitation token of its first message (never from a URL),
 * resolved through `repo.resolveInvitation` like `GET visit/invitation`: null for a tampered,
 * foreign, expired or revoked token, or a visit that is cancelled or finished.
 */
export async function resolveGuestSocket(ctx: AppContext, token: string, now = new Date()): Promise<Extract<VisitPrincipal, { kind: 'guest' }> | null> {
  const hash = tokenHash(token);
  const resolved = await repo.resolveInvitation(ctx.db, hash, now);
  if (!resolved) { return null; }
  // The invitation is the guest's credential for this one appointment: read it with the system scope.
  const row = await repo.getAppointment(tenantDb(systemScope, ctx.db), resolved.invitation.appointmentId);
  if (!row || !OPEN_STATUSES.has(row.status)) { return null; }
  return {
    kind: 'guest',
    invitationId: resolved.invitation.id,
    appointmentId: row.id,
    userId: resolved.invitation.userId,
    name: `${resolved.guestFirst} ${resolved.guestLast}`.trim(),
    tokenHash: hash,
  };
}

/**
 * Whether `principal` may join appointment `appointmentId`'s room now, and under which name. Staff:
 * their session still live and the appointment in their current scope (read again each time), the doctor, an attendee or `visits.officeAll`, a video or phone
 * visit not closed. A guest: its own appointment, the invitation still live, the visit admitted
 * (IN_PROGRESS).
 */
async function admission(ctx: AppContext, principal: VisitPrincipal, appointmentId: number): Promise<{ name: string; row: repo.AppointmentRow } | null> {
  if (principal.kind === 'guest') {
    if (principal.appointmentId !== appointmentId) { return null; }
    const resolved = await repo.resolveInvitation(ctx.db, principal.tokenHash, new Date());
    if (!resolved) { return null; }
    const row = await repo.getAppointment(tenantDb(systemScope, ctx.db), appointmentId);
    return row && row.status === 'IN_PROGRESS' ? { name: principal.name, row } : null;
  }
  // The user's access now, not as it was when the socket opened (removed from the office, role
  // changed, disabled, signed out: docs/video-visits.md "Signaling").
  const scope = await currentScopeOfSession(ctx, principal.scope.sessionId);
  if (!scope) { return null; }
  const row = await repo.getAppointment(tenantDb(scope, ctx.db), appointmentId);
  if (!row || row.kind === 'IN_PERSON' || !OPEN_STATUSES.has(row.status)) { return null; }
  try {
    assertMayEnter(scope, row);
  } catch {
    return null;
  }
  return { name: await repo.fullNameOf(tenantDb(scope, ctx.db), scope.userId), row };
}

/**
 * Records a join or a leave in the call records (docs/video-visits.md "Call records"). A failure
 * is logged and does not stop the signaling: the call goes on, only its record misses the row.
 */
async function recordPresence(ctx: AppContext, write: (tx: Executor) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction(write);
  } catch (err) {
    ctx.log.error({ err: loggableError(err) }, 'visit call record: presence not recorded');
  }
}

const message = (appointmentId: number, rest: DistributiveOmit<VisitSocketMessage, 'type' | 'appointmentId'>): VisitSocketMessage => ({ type: 'visit', appointmentId, ...rest }) as VisitSocketMessage;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * Handles one `{ type: 'visit' }` message of an initialised socket. A message that does not parse,
 * or that is about a room the socket has not joined, is ignored silently (spec section 8). `join`
 * answers `joined` (with the socket's peer id) or `refused`, and tells the room's other peers
 * `peerJoined`; `offer` / `answer` / `ice` reach only the peer named by `to` in the same room.
 */
export async function handleVisitMessage(ctx: AppContext, client: RealtimeClient, principal: VisitPrincipal, raw: unknown): Promise<void> {
  const parsed = visitClientMessageSchema.safeParse(raw);
  if (!parsed.success) { return; }
  const m = parsed.data;
  const rooms = (client.rooms ??= new Map());
  const own = rooms.get(m.appointmentId);
  switch (m.action) {
    case 'join': {
      if (own) { return client.send(JSON.stringify(message(m.appointmentId, { action: 'joined', peerId: own }))); }
      const admitted = await admission(ctx, principal, m.appointmentId);
      if (!admitted) { return client.send(JSON.stringify(message(m.appointmentId, { action: 'refused' }))); }
      const peerId = randomBytes(12).toString('base64url');
      rooms.set(m.appointmentId, peerId);
      const who = { userId: client.userId, invitationId: principal.kind === 'guest' ? principal.invitationId : null, guest: principal.kind === 'guest' };
      await recordPresence(ctx, (tx) => recordJoin(tx, admitted.row, who, peerId, new Date()));
      client.send(JSON.stringify(message(m.appointmentId, { action: 'joined', peerId })));
      const peer = { peerId, userId: client.userId, name: admitted.name, guest: principal.kind === 'guest' };
      (client.roomPeers ??= new Map()).set(m.appointmentId, peer);
      await ctx.realtime.publishRoom(m.appointmentId, message(m.appointmentId, { action: 'peerJoined', peer }), { except: peerId });
      return;
    }
    case 'leave':
      return leaveRoom(ctx, client, m.appointmentId);
    case 'ice':
      if (!own) { return; }
      return ctx.realtime.publishRoom(m.appointmentId, message(m.appointmentId, { action: 'ice', from: own, candidate: m.candidate }), { to: m.to });
    default: {
      if (!own) { return; }
      // An offer goes to a newcomer, who has not seen this peer join: it says who is offering.
      const peer = m.action === 'offer' ? client.roomPeers?.get(m.appointmentId) : undefined;
      return ctx.realtime.publishRoom(m.appointmentId, message(m.appointmentId, { action: m.action, from: own, description: m.description, ...(peer ? { peer } : {}) }), { to: m.to });
    }
  }
}

/** Leaves one room (or, without `appointmentId`, every room: the socket closed) and tells the peers. */
export async function leaveRoom(ctx: AppContext, client: RealtimeClient, appointmentId?: number): Promise<void> {
  const rooms = client.rooms;
  if (!rooms) { return; }
  const ids = appointmentId === undefined ? [...rooms.keys()] : [appointmentId];
  for (const id of ids) {
    const peerId = rooms.get(id);
    if (!peerId) { continue; }
    rooms.delete(id);
    client.roomPeers?.delete(id);
    await recordPresence(ctx, (tx) => recordLeave(tx, id, peerId, new Date()));
    await ctx.realtime.publishRoom(id, message(id, { action: 'peerLeft', peerId }));
  }
}

/**
 * Re-checks every room `client` has joined (socket.ts, when access changed and at the periodic
 * check): a room it may no longer enter (`admission`) is left, its peers told `peerLeft`, and the
 * socket told `refused` for it, so it gets none of that room's signaling any more.
 */
export async function recheckRooms(ctx: AppContext, client: RealtimeClient, principal: VisitPrincipal): Promise<void> {
  for (const appointmentId of [...(client.rooms?.keys() ?? [])]) {
    if (await admission(ctx, principal, appointmentId)) { continue; }
    await leaveRoom(ctx, client, appointmentId);
    client.send(JSON.stringify(message(appointmentId, { action: 'refused' })));
  }
}

/** The socket's visit rooms (app.ts hands them to `registerRealtimeSocket`). */
export function visitSocketRooms(ctx: AppContext): SocketRooms<VisitPrincipal> {
  return {
    resolveGuest: async (token) => {
      const guest = await resolveGuestSocket(ctx, token);
      return guest && { principal: guest, userId: guest.userId, invitationId: guest.invitationId, appointmentId: guest.appointmentId };
    },
    staff: (scope) => ({ kind: 'staff', scope }),
    onMessage: (client, principal, raw) => handleVisitMessage(ctx, client, principal, raw),
    onClose: (client) => leaveRoom(ctx, client),
    recheck: (client, principal) => recheckRooms(ctx, client, principal),
  };
}
