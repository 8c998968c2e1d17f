import { and, asc, desc, eq, gte, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { surveys, surveyTemplates, userHospitals, users } from '../../db/schema/index';
import { patientRowFilter, userFilter } from '../../db/scope';
import { likeTerm, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// Reads for the score trend and the mental-health list. The caller's scope filters every row
// (patientRowFilter for surveys, userFilter for patients); the office is checked by the service.

/** A visible patient's completed surveys since `from` (null: all), newest first, at most `limit`. */
export async function findCompleted(tenant: TenantDb, patientId: number, from: Date | null, limit: number) {
  const { scope, db } = tenant;
  return db
    .select({
      s: surveys,
      templateName: surveyTemplates.name,
      templateNameEs: surveyTemplates.nameEs,
      instrumentCode: surveyTemplates.instrumentCode,
      loincCode: surveyTemplates.loincCode,
      timeZone: sql<string>`(select h.time_zone from hospitals h where h.id = ${surveys.hospitalId})`,
    })
    .from(surveys)
    .innerJoin(surveyTemplates, eq(surveyTemplates.id, surveys.templateId))
    .where(
      and(
        patientRowFilter(scope, surveys.hospitalId, surveys.patientId),
        eq(surveys.patientId, patientId),
        eq(surveys.status, 'completed'),
        isNotNull(surveys.completedAt),
        from ? gte(surveys.completedAt, from) : undefined,
      ),
    )
    .orderBy(desc(surveys.completedAt), desc(surveys.id))
    .limit(limit);
}

/**
 * The latest completed survey of each validated instrument for each patient of office `hospitalId`
 * (a SQL fragment used as a derived table): patient_id, template_id, severity, flagged, completed_at.
 */
const latestByInstrument = (hospitalId: number) => sql`(
  select distinct on (s.patient_id, s.template_id) s.patient_id, s.template_id, s.severity, s.completed_at,
         coalesce((s.score_json -> 'flags') ? 'PHQ9_ITEM9_POSITIVE', false) as flagged
    from surveys s join survey_templates t on t.id = s.template_id
   where s.status = 'completed' and s.hospital_id = ${hospitalId} and t.instrument_code is not null
   order by s.patient_id, s.template_id, s.completed_at desc, s.id desc)`;

/**
 * A page of the patients of office `hospitalId` (visible to the caller), ranked by their latest
 * risk: the highest severity of their latest instrument results (none last), then a safety flag,
 * then the latest result first; or by last assessment / last name. Answers ids and the total.
 */
export async function findRankedPatientIds(
  tenant: TenantDb,
  hospitalId: number,
  f: { status?: number; search?: string; minRisk?: number; sort: 'risk' | 'lastAssessedAt' | 'lastName'; descending: boolean; page: number; pageSize: number },
) {
  const { scope, db } = tenant;
  const risk = sql<number | null>`(select max(l.severity) from ${latestByInstrument(hospitalId)} l where l.patient_id = ${users.id})`;
  const flagged = sql<boolean>`coalesce((select bool_or(l.flagged) from ${latestByInstrument(hospitalId)} l where l.patient_id = ${users.id}), false)`;
  const last = sql<Date | null>`(select max(l.completed_at) from ${latestByInstrument(hospitalId)} l where l.patient_id = ${users.id})`;
  const where: SQL = and(
    eq(users.roleId, Role.PATIENT),
    userFilter(scope, users.id),
    sql`exists (select 1 from ${userHospitals} where ${userHospitals.userId} = ${users.id} and ${userHospitals.hospitalId} = ${hospitalId})`,
    f.status !== undefined ? eq(users.status, f.status) : undefined,
    f.search ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likeTerm(f.search)), ilike(users.email, likeTerm(f.search))) : undefined,
    f.minRisk !== undefined ? sql`${risk} >= ${f.minRisk}` : undefined,
  )!;
  const dir = (e: SQL) => (f.descending ? sql`${e} desc nulls last` : sql`${e} asc nulls last`);
  const order =
    f.sort === 'risk'
      ? [dir(risk), f.descending ? sql`${flagged} desc` : sql`${flagged} asc`, sql`${last} desc nulls last`]
      : f.sort === 'lastAssessedAt'
        ? [dir(last)]
        : [f.descending ? desc(users.lastName) : asc(users.lastName)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.lastName), asc(users.id))
      .limit(f.pageSize)
      .offset(pageOffset(f)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
}

/** For `patientIds` of office `hospitalId`: the latest completed survey of each instrument, and the open surveys' count. */
export async function findLatestResults(tenant: TenantDb, hospitalId: number, patientIds: number[]) {
  const { scope, db } = tenant;
  if (patientIds.length === 0) { return { latest: [], open: [] }; }
  const ids = sql.join(patientIds.map((id) => sql`${id}::int`), sql`, `);
  const latest = await db
    .selectDistinctOn([surveys.patientId, surveys.templateId], {
      s: surveys,
      templateName: surveyTemplates.name,
      templateNameEs: surveyTemplates.nameEs,
      instrumentCode: surveyTemplates.instrumentCode,
    })
    .from(surveys)
    .innerJoin(surveyTemplates, eq(surveyTemplates.id, surveys.templateId))
    .where(
      and(
        patientRowFilter(scope, surveys.hospitalId, surveys.patientId),
        eq(surveys.hospitalId, hospitalId),
        eq(surveys.status, 'completed'),
        isNotNull(surveyTemplates.instrumentCode),
        sql`${surveys.patientId} in (${ids})`,
      ),
    )
    .orderBy(surveys.patientId, surveys.templateId, desc(surveys.completedAt), desc(surveys.id));
  const open = await db
    .select({ patientId: surveys.patientId, n: sql<number>`count(*)::int` })
    .from(surveys)
    .where(
      and(
        patientRowFilter(scope, surveys.hospitalId, surveys.patientId),
        eq(surveys.hospitalId, hospitalId),
        sql`${surveys.status} in ('assigned', 'inProgress')`,
        sql`${surveys.dueAt} <= now()`,
        sql`${surveys.patientId} in (${ids})`,
      ),
    )
    .groupBy(surveys.patientId);
  return { latest, open };
}
