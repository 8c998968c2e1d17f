/**
 * Notes on appointments (spec section 7 "Appointments": a note on a visit, by its author), read and
 * written when the appointment is in the caller's offices (a note reaches its office only through
 * its appointment).
 */
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointmentNotes, appointments, users } from '../../db/schema/index';
import { patientRowFilter } from '../../db/scope';
import { tenantDb, type TenantDb } from '../../db/handles';
import { assertVisibleAppointment, ofVisibleAppointment } from './appointments.repo';

const a = appointments;
const n = appointmentNotes;
const author = alias(users, 'appointment_note_author');

export interface NoteRow {
  noteId: number;
  appointmentId: number;
  patientId: number;
  hospitalId: number;
  authorId: number;
  authorName: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Notes of the caller's appointments (of `noteId` or of patient `patientId`), newest first, at most `limit`. */
export async function findNotes(tenant: TenantDb, f: { noteId?: number; patientId?: number }, limit: number): Promise<NoteRow[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({
      noteId: n.id,
      appointmentId: n.appointmentId,
      patientId: a.patientId,
      hospitalId: a.hospitalId,
      authorId: n.authorId,
      authorFirst: author.firstName,
      authorLast: author.lastName,
      text: n.text,
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
    })
    .from(n)
    .innerJoin(a, eq(a.id, n.appointmentId))
    .innerJoin(author, eq(author.id, n.authorId))
    .where(
      and(
        patientRowFilter(scope, a.hospitalId, a.patientId),
        f.noteId !== undefined ? eq(n.id, f.noteId) : undefined,
        f.patientId !== undefined ? eq(a.patientId, f.patientId) : undefined,
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(limit);
  return rows.map(({ authorFirst, authorLast, ...r }) => ({ ...r, authorName: `${authorFirst} ${authorLast}`.trim() }));
}

/** Inserts a note on appointment `appointmentId`; returns its id. */
export async function insertNote(tenant: TenantDb, appointmentId: number, authorId: number, text: string): Promise<number> {
  const { scope, db: tx } = tenant;
  await assertVisibleAppointment(tenantDb(scope, tx), appointmentId);
  const [row] = await tx.insert(n).values({ appointmentId, authorId, text }).returning({ id: n.id });
  return row!.id;
}

/** Sets note `noteId`'s text when its appointment is in the caller's offices; whether it did. */
export async function updateNote(tenant: TenantDb, noteId: number, text: string): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx.update(n).set({ text, updatedAt: new Date() }).where(and(eq(n.id, noteId), ofVisibleAppointment(scope, n.appointmentId))).returning({ id: n.id });
  return rows.length > 0;
}

/** Deletes note `noteId` when its appointment is in the caller's offices; whether it did. */
export async function deleteNote(tenant: TenantDb, noteId: number): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx.delete(n).where(and(eq(n.id, noteId), ofVisibleAppointment(scope, n.appointmentId))).returning({ id: n.id });
  return rows.length > 0;
}

