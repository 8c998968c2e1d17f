/**
 * A billable previous month for the demo (`npm start`'s first run; docs/demo-data.md): the demo
 * `patient` is enrolled in RPM with the demo `doctor` as billing practitioner (recorded as authorised
 * to bill RPM in the office), gets a home hub and
 * a blood pressure monitor of their office, and the hub sends a reading on 20 days of the 30-day
 * device period that ends on the last day of the previous month, through the ingestion path a real
 * hub uses (`ingest` with the hub as caller: source 'hub', not simulated, so billing rule C6
 * counts them). The demo `nurse` logs 42 minutes of RPM management time in that month, the first
 * entry a phone call with the patient (interactive, C8). The previous month is then generated for
 * the office as a billing run, so /billings shows 99453, 99454, 99457 and 99458 with their evidence
 * and amounts. Readings continue every other day in the current month up to yesterday.
 *
 * Run once after the demo logins are created: nothing happens when the `patient` login is missing
 * or already has a device. A seed (docs/architecture.md "Table ownership": seeds write the rows they
 * set up directly); the readings go through measurement ingestion and the month through billing's
 * generation (`generateOfficeMonthAsSystem`, the system scope: the seed is the server's own work).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Role, type IngestReading } from '@vigil/contract';
import type { AppContext } from '../context';
import { hospitals, hubs, medicalDevices, patientBillingProfiles, patientProgramEnrolments, timeEntries, userBillingAuthorizations, userHospitals, users } from '../db/schema/index';
import { addDays, localDateOf, localTimeToInstant, localYearMonth, officeTimeZone, zoneOffsetMs } from '../lib/office-calendar';
import { generateOfficeMonthAsSystem } from '../features/billing/index';
import { ingest } from '../features/measurements/index';

/** Reading days of the previous month's device period (of 30): at least 16 bill 99454 (reference §1.1). */
export const DEMO_READING_DAYS = 20;
/** RPM management minutes of the nurse in the previous month: 20 for 99457, 20 more for one 99458 (reference §1.1). */
export const DEMO_RPM_MINUTES = [15, 15, 12] as const;

/** `instant` as ISO 8601 with the office's UTC offset, as a hub sends it. */
function withOffset(instant: Date, timeZone: string): string {
  const offsetMin = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const local = new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The last day (YYYY-MM-DD) of the month before the one containing `today`. */
function lastDayOfPreviousMonth(today: string): string {
  return addDays(`${today.slice(0, 8)}01`, -1);
}

/**
 * The days of the device period [start, start + 29] the demo hub sends a reading on: the first two
 * (set-up, 99453) and then every day but every third, `DEMO_READING_DAYS` days in all.
 */
export function demoReadingDays(start: string): string[] {
  const days: string[] = [];
  for (let i = 0; i < 30 && days.length < DEMO_READING_DAYS; i++) { if (i < 2 || i % 3 !== 2) { days.push(addDays(start, i)); } }
  return days;
}

/** A plausible, normal blood pressure for day `i` (no alert: the demo's alerts come from elsewhere). */
function bloodPressure(i: number): IngestReading['values'] {
  return [
    { code: '8480-6', value: 122 + ((i * 7) % 11), unit: 'mm[Hg]' },
    { code: '8462-4', value: 76 + ((i * 5) % 9), unit: 'mm[Hg]' },
    { code: '8867-4', value: 66 + ((i * 3) % 10), unit: '/min' },
  ];
}

/**
 * Seeds the demo's billable previous month (see the module comment). Answers what it did, for the
 * start-up log (ids and counts only, no names). `now` is the clock (tests pass their own).
 */
export async function seedDemoBillableMonth(ctx: AppContext, now = new Date()): Promise<{ patientId: number; readings: number; year: number; month: number } | null> {
  const db = ctx.db;
  const logins = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['patient', 'doctor', 'nurse', 'sysadmin']));
  const id = (u: string) => logins.find((l) => l.username === u)?.id;
  const patientId = id('patient');
  const doctorId = id('doctor');
  const nurseId = id('nurse');
  if (patientId === undefined || doctorId === undefined || nurseId === undefined) { return null; }
  const [existing] = await db.select({ id: medicalDevices.id }).from(medicalDevices).where(eq(medicalDevices.patientId, patientId)).limit(1);
  if (existing) { return null; }
  const [office] = await db
    .select({ id: hospitals.id, organizationId: hospitals.organizationId, name: hospitals.hospitalName, timeZone: hospitals.timeZone })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(userHospitals.userId, patientId), eq(userHospitals.roleId, Role.PATIENT)))
    .orderBy(asc(hospitals.id))
    .limit(1);
  if (!office) { return null; }

  const tz = officeTimeZone(office.timeZone);
  const today = localDateOf(now, tz);
  const monthEnd = lastDayOfPreviousMonth(today);
  const periodStart = addDays(monthEnd, -29);
  const { year, month } = localYearMonth(localTimeToInstant(monthEnd, '12:00', tz), tz);

  // Enrolment, billing profile, hub and device: one transaction.
  const hub = await db.transaction(async (tx) => {
    await tx
      .insert(patientBillingProfiles)
      .values({ patientId, billingType: 'RPM', billingPractitionerId: doctorId, diagnosesJson: ['I10', 'E11.9'], rpmEpisodeStart: periodStart })
      .onConflictDoUpdate({
        target: patientBillingProfiles.patientId,
        set: { billingType: 'RPM', billingPractitionerId: doctorId, rpmEpisodeStart: periodStart, updatedAt: new Date() },
      });
    await tx.insert(patientProgramEnrolments).values({ patientId, program: 'RPM', enrolledOn: periodStart, createdBy: nurseId }).onConflictDoNothing();
    // The doctor's authorisation to bill RPM in the office, recorded (C2; docs/demo-data.md). Left
    // unrecorded ("no restriction"), the first authorisation the clinic records for the doctor
    // (say CCM only) would drop every RPM code of the demo month when it is generated again.
    await tx
      .insert(userBillingAuthorizations)
      .values({ userId: doctorId, hospitalId: office.id, programsJson: ['RPM'] })
      .onConflictDoUpdate({
        target: [userBillingAuthorizations.userId, userBillingAuthorizations.hospitalId],
        set: { programsJson: sql`case when ${userBillingAuthorizations.programsJson} ? 'RPM' then ${userBillingAuthorizations.programsJson} else ${userBillingAuthorizations.programsJson} || '["RPM"]'::jsonb end` },
      });
    const [h] = await tx
      .insert(hubs)
      .values({ hubIdentifier: `DEMO-HUB-${patientId}`, hubName: 'Home hub', hospitalId: office.id, assignedToUserId: patientId, lastCheckInAt: now })
      .returning({ id: hubs.id, hubIdentifier: hubs.hubIdentifier });
    await tx.insert(medicalDevices).values({ deviceIdentifier: `DEMO-BP-${patientId}`, deviceType: 'BLOOD_PRESSURE', hospitalId: office.id, hubId: h!.id, patientId });
    return h!;
  });

  // The readings, as the hub posts them (POST medicaldevicesdata's service, the hub as caller).
  const previous = demoReadingDays(periodStart);
  const current: string[] = [];
  for (let d = addDays(monthEnd, 1); d < today; d = addDays(d, 2)) { current.push(d); }
  const readings: IngestReading[] = [...previous, ...current].map((day, i) => ({
    deviceIdentifier: `DEMO-BP-${patientId}`,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: withOffset(localTimeToInstant(day, '08:15', tz), tz),
    values: bloodPressure(i),
  }));
  const answer = await ingest(ctx, { kind: 'hub', hub: { hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: office.id, assignedToUserId: patientId } }, { readings });

  // The nurse's RPM time in the previous month: a phone call first (C8), then two reviews.
  const activities = ['Phone call with the patient: reviewed the blood pressure trend', 'Reviewed the readings and adjusted the care plan', 'Coordinated with the doctor about the readings'];
  await db.insert(timeEntries).values(
    DEMO_RPM_MINUTES.map((minutes, i) => {
      const startedAt = localTimeToInstant(addDays(periodStart, 5 + i * 7), '10:00', tz);
      return {
        patientId,
        hospitalId: office.id,
        staffUserId: nurseId,
        program: 'RPM',
        activity: activities[i]!,
        interactive: i === 0,
        startedAt,
        endedAt: new Date(startedAt.getTime() + minutes * 60_000),
        seconds: minutes * 60,
        isAutomatic: false,
      };
    }),
  );

  // Generate the previous month for the office, as GET billing/generateforallhospitalpatientsformonth would.
  await generateOfficeMonthAsSystem(db, office, year, month, id('sysadmin') ?? doctorId, now);
  return { patientId, readings: answer.stored, year, month };
}
