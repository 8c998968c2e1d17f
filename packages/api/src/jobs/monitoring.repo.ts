import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { measurements, users } from '../db/schema/index';
import { officeFilter, userFilter } from '../db/scope';
import type { TenantDb } from '../db/handles';

/** A span of one patient's readings of one device type: measured at `from` <= t < `to`. */
export interface ReadingWindow {
  patientId: number;
  deviceType: string;
  from: Date;
  to: Date;
}

/** Windows per statement (5 parameters each). */
const WINDOW_CHUNK = 1000;

/**
 * How many readings each window holds (by measured-at time, any office in the caller's scope), in
 * the order given. One statement per 1000 windows: a VALUES list joined to `measurements` through
 * `measurements_patient_time_idx (patient_id, measured_at)`.
 */
export async function countReadingsInWindows(tenant: TenantDb, windows: ReadingWindow[]): Promise<number[]> {
  const { scope, db } = tenant;
  const out: number[] = [];
  for (let start = 0; start < windows.length; start += WINDOW_CHUNK) {
    const chunk = windows.slice(start, start + WINDOW_CHUNK);
    const values = chunk.map(
      (w, i) => sql`(${i}::int, ${w.patientId}::int, ${w.deviceType}::text, ${w.from.toISOString()}::timestamptz, ${w.to.toISOString()}::timestamptz)`,
    );
    const result = await db.execute(sql`
      select v.k, count(m.id)::int as n
      from (values ${sql.join(values, sql`, `)}) as v(k, patient_id, device_type, t_from, t_to)
      left join ${measurements} m
        on m.patient_id = v.patient_id and m.device_type = v.device_type
       and m.measured_at >= v.t_from and m.measured_at < v.t_to
       and ${officeFilter(scope, measurements.hospitalId)}
      group by v.k`);
    const counts = new Map((result as unknown as { rows: { k: number; n: number }[] }).rows.map((r) => [Number(r.k), Number(r.n)]));
    chunk.forEach((_, i) => out.push(counts.get(i) ?? 0));
  }
  return out;
}

/** The (patient, device type) pairs with readings stored at `since` < created-at <= `now`. */
export async function findNewReadingPairs(tenant: TenantDb, since: Date, now: Date) {
  const { scope, db } = tenant;
  return db
    .selectDistinct({ patientId: measurements.patientId, deviceType: measurements.deviceType })
    .from(measurements)
    .where(and(gt(measurements.createdAt, since), lte(measurements.createdAt, now), officeFilter(scope, measurements.hospitalId)));
}

/** Of `ids`, the active patients (status 1) the caller may see, with their names. */
export async function findActivePatients(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.roleId, Role.PATIENT), eq(users.status, 1), userFilter(scope, users.id)));
}
