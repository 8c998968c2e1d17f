import {
  defaultUnitPreferences,
  PUBLIC_LINK_MAX_EXPIRY_DAYS,
  PUBLIC_LINK_MAX_PERIOD_DAYS,
  type CreatedPublicLink,
  type EndpointBody,
  type EndpointQuery,
  type Lang,
  type PublicLink,
  type PublicLinkReport,
  type PublicLinkStatus,
} from '@vigil/contract';
import type { publicLinks as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash } from '../../lib/crypto';
import { shareLinkEmail } from './public-links.emails';
import * as repo from './public-links.repo';
import { buildSeries, effectiveThresholds } from './public-links.report';
import { linkBase } from '../../lib/public-url';
import { tenantDb } from '../../db/handles';

const DAY_MS = 86_400_000;
/** Browser and server clocks differ a little: an expiry chosen as "90 days" must not fail by seconds. */
const CLOCK_SLACK_MS = 5 * 60_000;
/** The most readings one report shows (the most recent of the period); a year of 4 a day of 3 types fits. */
export const MAX_REPORT_READINGS = 5000;

type CreateBody = EndpointBody<typeof contract.createPublicLink>;
type FindQuery = EndpointQuery<typeof contract.findPublicLinks>;

function statusOf(row: { revokedAt: Date | null; expiresAt: Date }, now: Date): PublicLinkStatus {
  if (row.revokedAt) { return 'revoked'; }
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toPublicLink(row: repo.PublicLinkRow, now: Date): PublicLink {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`.trim(),
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    timeZone: row.timeZone,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    status: statusOf(row, now),
    sharedWithEmail: row.sharedWithEmail,
    createdBy: row.createdBy,
    createdByName: `${row.creatorFirstName} ${row.creatorLastName}`.trim(),
    createdAt: row.createdAt.toISOString(),
    accessCount: Number(row.accessCount),
    lastAccessedAt: iso(row.lastAccessedAt),
  };
}

/** "María G.": the first name and the last name's initial, all a public page or e-mail shows of the patient. */
export function patientLabel(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/**
 * GET publiclink: a page of the links the caller created or whose patient is in scope, newest
 * first, optionally of one patient (header patientid) and one status. Links outside the scope are
 * absent.
 */
export async function findLinks(ctx: AppContext, scope: Scope, patientId: number | undefined, query: FindQuery) {
  const now = new Date();
  const { rows, total } = await repo.findPublicLinks(tenantDb(scope, ctx.db), { patientId, status: query.status, search: query.search, now }, query);
  return { items: rows.map((r) => toPublicLink(r, now)), total, page: query.page, pageSize: query.pageSize };
}

/** Checks the period (end after start, at most a year) and the expiry (future, at most 90 days ahead); 400 per field. */
function checkRanges(body: CreateBody, now: Date): { periodStart: Date; periodEnd: Date; expiresAt: Date } {
  const periodStart = new Date(body.periodStart);
  const periodEnd = new Date(body.periodEnd);
  const expiresAt = new Date(body.expiresAt);
  const span = periodEnd.getTime() - periodStart.getTime();
  if (span <= 0 || span > PUBLIC_LINK_MAX_PERIOD_DAYS * DAY_MS) {
    throw AppError.badRequest('publicLinkPeriodInvalid', { periodEnd: 'publicLinkPeriodInvalid' });
  }
  const ahead = expiresAt.getTime() - now.getTime();
  if (ahead <= 0 || ahead > PUBLIC_LINK_MAX_EXPIRY_DAYS * DAY_MS + CLOCK_SLACK_MS) {
    throw AppError.badRequest('publicLinkExpiryInvalid', { expiresAt: 'publicLinkExpiryInvalid' });
  }
  return { periodStart, periodEnd, expiresAt };
}

interface NewLink {
  created: CreatedPublicLink;
  facts: { patientLabel: string; officeName: string; officeNameEs: string; timeZone: string; periodStart: Date; periodEnd: Date; expiresAt: Date };
}

async function insertLink(ctx: AppContext, scope: Scope, body: CreateBody): Promise<NewLink> {
  const now = new Date();
  const ranges = checkRanges(body, now);
  const patient = await repo.getShareablePatient(tenantDb(scope, ctx.db), body.patientId);
  if (!patient) { throw AppError.notFound(); }
  const token = newToken();
  const id = await repo.insertPublicLink(tenantDb(scope, ctx.db), {
    tokenHash: tokenHash(token),
    patientId: patient.id,
    hospitalId: patient.hospitalId,
    ...ranges,
    sharedWithEmail: body.email ?? null,
  });
  const row = await repo.getVisiblePublicLink(tenantDb(scope, ctx.db), id);
  return {
    created: { link: toPublicLink(row!, now), url: `${linkBase(ctx)}/measurements#link=${token}`, emailed: false },
    facts: {
      patientLabel: patientLabel(patient.firstName, patient.lastName),
      officeName: patient.hospitalName,
      officeNameEs: patient.hospitalNameEsp,
      timeZone: patient.timeZone,
      ...ranges,
    },
  };
}

/**
 * POST publiclink: creates a link to the patient's readings of [periodStart, periodEnd] in the
 * patient's office (the first of their offices in the caller's scope), working until expiresAt.
 * The token (256 bits) is stored only as its SHA-256, so the URL
 * `{publicUrl}/measurements#link=<token>` is answered here once. 400 on the ranges, 404 'Invalid id'
 * when the patient is not in scope.
 */
export async function createLink(ctx: AppContext, scope: Scope, body: CreateBody): Promise<CreatedPublicLink> {
  return (await insertLink(ctx, scope, body)).created;
}

/**
 * POST publiclink/sharelinkwithemail: creates a link as POST publiclink does and e-mails its URL to
 * `email` in `lang` (default: the caller's UI language) through the mailer. Only the token's hash
 * is kept, so sharing an existing link again means creating a new one. When the mail cannot be
 * sent the new link is revoked at once and the error propagates (nobody holds its URL).
 */
export async function shareLinkWithEmail(
  ctx: AppContext,
  scope: Scope,
  body: EndpointBody<typeof contract.sharePublicLinkWithEmail>,
  callerLang: Lang,
): Promise<CreatedPublicLink> {
  const { created, facts } = await insertLink(ctx, scope, body);
  const lang = body.lang ?? callerLang;
  const officeName = lang === 'es' && facts.officeNameEs ? facts.officeNameEs : facts.officeName;
  try {
    await ctx.mailer.send(shareLinkEmail(lang, body.email, { ...facts, officeName, url: created.url }));
  } catch (err) {
    await repo.revokePublicLink(tenantDb(scope, ctx.db), created.link.id, new Date());
    throw err;
  }
  return { ...created, emailed: true };
}

/** DELETE publiclink/{id}: revokes the link (revokedAt = now; a second revoke keeps the first time). 404 when not visible. */
export async function revokeLink(ctx: AppContext, scope: Scope, id: number): Promise<PublicLink> {
  const now = new Date();
  if (!(await repo.revokePublicLink(tenantDb(scope, ctx.db), id, now))) { throw AppError.notFound(); }
  const row = await repo.getVisiblePublicLink(tenantDb(scope, ctx.db), id);
  return toPublicLink(row!, now);
}

/**
 * GET publiclink/getmeasurementsfromlink and (chosen) getmeasurementsforhub: what the link's holder
 * may see — the patient's first name and last initial, the office, the period, and the readings of
 * the period in the link's office (only those posted by `hubIdentifier`'s hub when given) per
 * device type with the thresholds, in the default display units, unit labels in the request's language. The access (client IP and user
 * agent) is recorded in the same transaction as the read. 404 'No public links!' when the token is
 * unknown, the link expired or was revoked, or the hub is not one of the patient's.
 */
export async function getReport(
  ctx: AppContext,
  token: string,
  hubIdentifier: string | null,
  client: { ip: string; userAgent: string },
  lang: Lang = 'es',
): Promise<PublicLinkReport> {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const link = await repo.getLinkByTokenHash(tx, tokenHash(token));
    if (!link || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) { throw AppError.notFound('noPublicLinks'); }
    const grant: repo.LinkGrant = {
      linkId: link.id,
      patientId: link.patientId,
      hospitalId: link.hospitalId,
      periodStart: link.periodStart,
      periodEnd: link.periodEnd,
    };
    let hubId: number | null = null;
    if (hubIdentifier !== null) {
      const hub = await repo.getHubOfPatient(grant, tx, hubIdentifier);
      if (!hub) { throw AppError.notFound('noPublicLinks'); }
      hubId = hub.id;
    }
    const readings = await repo.findGrantedReadings(grant, tx, { hubId, limit: MAX_REPORT_READINGS + 1 });
    const truncated = readings.length > MAX_REPORT_READINGS;
    const shown = truncated ? readings.slice(1) : readings;
    const office = await repo.findOfficeThresholds(grant, tx);
    const device = await repo.findDeviceThresholds(grant, tx, hubId);
    await repo.recordAccess(grant, tx, client);
    return {
      patient: { firstName: link.patientFirstName.trim(), lastInitial: link.patientLastName.trim().charAt(0).toUpperCase() },
      office: { name: link.hospitalName, nameEs: link.hospitalNameEsp, timeZone: link.timeZone },
      periodStart: link.periodStart.toISOString(),
      periodEnd: link.periodEnd.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      hubIdentifier,
      units: defaultUnitPreferences,
      series: buildSeries(shown, (type) => effectiveThresholds(type, office[type], device[type]), defaultUnitPreferences, lang),
      readingCount: shown.length,
      truncated,
    };
  });
}
