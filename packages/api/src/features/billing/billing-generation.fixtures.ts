/**
 * Test helpers of the billing generation tests: readings and time entries written directly in
 * their tables (local days of the office's time zone), and polling a run until it ends.
 */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/setup';
import { measurements, medicalNoteDetails, medicalNotes, timeEntries } from '../../db/schema/index';
import { instantOfLocal } from '../../lib/office-calendar';
import { addDays } from './engine/dates';
import type { caller } from './billing-exports.fixtures';

export const TZ = 'America/New_York';
let hubSeq = 1000;

/** `n` consecutive local days from `start`. */
export const dayList = (start: string, n: number) => Array.from({ length: n }, (_, i) => addDays(start, i));

/**
 * Readings of a patient in an office: `perDay` readings on each local day (08:00, 12:00, 16:00,
 * 20:00 local). kind 'hub' = automatic; 'manual' = typed by staff; 'self' = typed by the patient;
 * 'simulated' = demo data.
 */
export async function seedReadings(
  t: TestApp,
  o: { patientId: number; hospitalId: number; days: string[]; perDay?: number; kind?: 'hub' | 'manual' | 'self' | 'simulated'; tz?: string; times?: string[]; enteredBy?: number },
): Promise<void> {
  const kind = o.kind ?? 'hub';
  const times = o.times ?? ['08:00', '12:00', '16:00', '20:00'].slice(0, o.perDay ?? 4);
  const hubKey = hubSeq++;
  const rows = o.days.flatMap((day) =>
    times.map((time) => ({
      patientId: o.patientId,
      hospitalId: o.hospitalId,
      hubKey,
      deviceKey: 1,
      deviceType: 'BLOOD_PRESSURE',
      measuredAt: instantOfLocal(day, time, o.tz ?? TZ),
      valuesJson: { '8480-6': 120, '8462-4': 80 },
      source: kind === 'hub' ? 'hub' : kind === 'simulated' ? 'simulated' : 'manual',
      isManual: kind === 'manual' || kind === 'self',
      isSimulated: kind === 'simulated',
      enteredBy: kind === 'self' ? o.patientId : kind === 'manual' ? (o.enteredBy ?? null) : null,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) { await t.ctx.db.insert(measurements).values(rows.slice(i, i + 1000)); }
}

/** A finished time entry of `minutes` starting at `time` local on `day`; returns its id. */
export async function seedTime(
  t: TestApp,
  o: { patientId: number; hospitalId: number; staffUserId: number; program: string; minutes: number; day: string; time?: string; interactive?: boolean; activity?: string; noteDetailId?: number | null; tz?: string },
): Promise<number> {
  const startedAt = instantOfLocal(o.day, o.time ?? '10:00', o.tz ?? TZ);
  const [row] = await t.ctx.db
    .insert(timeEntries)
    .values({
      patientId: o.patientId,
      hospitalId: o.hospitalId,
      staffUserId: o.staffUserId,
      program: o.program,
      activity: o.activity ?? '',
      interactive: o.interactive ?? false,
      startedAt,
      endedAt: new Date(startedAt.getTime() + o.minutes * 60_000),
      seconds: o.minutes * 60,
      isAutomatic: false,
      medicalNoteDetailId: o.noteDetailId ?? null,
    })
    .returning({ id: timeEntries.id });
  return row!.id;
}

/** A medical note of the month with one detail; returns the detail id. */
export async function seedNote(t: TestApp, o: { patientId: number; hospitalId: number; year: number; month: number; authorId: number; program: string; text?: string }): Promise<number> {
  const [note] = await t.ctx.db
    .insert(medicalNotes)
    .values({ patientId: o.patientId, hospitalId: o.hospitalId, year: o.year, month: o.month, createdBy: o.authorId })
    .onConflictDoNothing()
    .returning({ id: medicalNotes.id });
  const [detail] = await t.ctx.db
    .insert(medicalNoteDetails)
    .values({ medicalNoteId: note!.id, text: o.text ?? 'Reviewed readings and called the patient', program: o.program, authorId: o.authorId })
    .returning({ id: medicalNoteDetails.id });
  return detail!.id;
}

/** Polls billing/getbillingrun until the run is no longer queued or running; returns the final run. */
export async function waitForRun(call: ReturnType<typeof caller>, who: { id: number }, runId: number): Promise<{ status: string; total: number; done: number; percent: number }> {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', 'billing/getbillingrun', who, { headers: { runid: runId } });
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    if (run.status !== 'queued' && run.status !== 'running') { return run; }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}
