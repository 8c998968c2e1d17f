import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions, users, visitInvitations } from '../db/schema/index';

/**
 * Of `sessionIds`, those still live: not ended, before their absolute end, not idle longer than
 * `idleMinutes`, and of an active user. The same rule as sign-in's session lookup, without
 * refreshing the idle clock: an open socket must not keep an idle session alive. Runs for the
 * server's own periodic check, so it takes no caller scope (the sessions are those of the sockets
 * this process holds).
 */
export async function findLiveSessionIds(db: Executor, sessionIds: number[], idleMinutes: number, now = new Date()): Promise<Set<number>> {
  if (sessionIds.length === 0) { return new Set(); }
  const idleCutoff = new Date(now.getTime() - idleMinutes * 60_000);
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
        eq(users.status, 1),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Of `invitationIds`, those still live (not revoked, not expired at `now`): the periodic check of
 * visit guests' open sockets (docs/video-visits.md). Runs for the server's own check, so it takes
 * no caller scope (the ids are those of sockets this process holds).
 */
export async function findLiveInvitationIds(db: Executor, invitationIds: number[], now = new Date()): Promise<Set<number>> {
  if (invitationIds.length === 0) { return new Set(); }
  const rows = await db
    .select({ id: visitInvitations.id })
    .from(visitInvitations)
    .where(and(inArray(visitInvitations.id, invitationIds), isNull(visitInvitations.revokedAt), gt(visitInvitations.expiresAt, now)));
  return new Set(rows.map((r) => r.id));
}
