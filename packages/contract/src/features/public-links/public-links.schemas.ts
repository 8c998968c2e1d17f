import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema } from '../../common/ids';
import { emailSchema } from '../../common/validation';

/**
 * Public share links (spec section 7 "Public links"): a staff member shares one patient's
 * measurements for a period, with an expiry, by copy or e-mail, and may revoke the link. The link
 * carries a 256-bit token; only its SHA-256 is stored, so the URL is answered once, at creation.
 */

/** The longest period a link may cover: one year (366 days, so a leap year fits). */
export const PUBLIC_LINK_MAX_PERIOD_DAYS = 366;
/** The latest a link may expire: 90 days after its creation. */
export const PUBLIC_LINK_MAX_EXPIRY_DAYS = 90;

/** An instant as ISO 8601 text with its offset, e.g. '2026-03-01T00:00:00.000Z'. */
const instantSchema = z.iso.datetime({ offset: true });

/** The link's token as the public pages send it (header `linkid`, never the query string: docs/security.md): base64url text. */
export const publicLinkTokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * POST publiclink: the patient, the period of readings the link shows (at most one year; the end
 * may lie in the future so that readings still to come are shown), when the link stops working
 * (in the future, at most 90 days ahead) and, optionally, the e-mail it is meant for (recorded
 * only; POST publiclink/sharelinkwithemail sends it). Range rules are checked by the server:
 * 400 with `publicLinkPeriodInvalid` on periodEnd, `publicLinkExpiryInvalid` on expiresAt.
 */
export const createPublicLinkBodySchema = z.object({
  patientId: bodyIdSchema,
  periodStart: instantSchema,
  periodEnd: instantSchema,
  expiresAt: instantSchema,
  email: emailSchema.optional(),
});
export type CreatePublicLinkBody = z.input<typeof createPublicLinkBodySchema>;

/**
 * POST publiclink/sharelinkwithemail: the body of POST publiclink with the e-mail required and
 * the recipient's language (default: the caller's UI language). Since only the token's hash is
 * stored, an existing link cannot be re-sent: this creates a new link and mails it in one go.
 */
export const sharePublicLinkBodySchema = createPublicLinkBodySchema.extend({
  email: emailSchema,
  lang: z.enum(['en', 'es']).optional(),
});
export type SharePublicLinkBody = z.input<typeof sharePublicLinkBodySchema>;

export const publicLinkStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type PublicLinkStatus = z.infer<typeof publicLinkStatusSchema>;

/** A link as staff see it (never its token or URL). Times are ISO 8601 text. */
export const publicLinkSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  /** The office's IANA time zone: staff and the public report show the period and expiry in it, named. */
  timeZone: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: publicLinkStatusSchema,
  sharedWithEmail: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** How many times the public pages were opened with this link, and when last. */
  accessCount: z.number().int(),
  lastAccessedAt: z.string().nullable(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** A new link: the URL (`{publicUrl}/measurements#link=<token>`) is answered this once only. */
export const createdPublicLinkSchema = z.object({
  link: publicLinkSchema,
  url: z.string(),
  /** Whether the link was e-mailed (POST publiclink/sharelinkwithemail). */
  emailed: z.boolean(),
});
export type CreatedPublicLink = z.infer<typeof createdPublicLinkSchema>;

/** GET publiclink: paged, newest first by default; `status` filters; `search` matches the patient's name or the e-mail. */
export const findPublicLinksQuerySchema = pageQuerySchema.extend({
  status: publicLinkStatusSchema.optional(),
});
export const findPublicLinksHeadersSchema = z.object({ patientid: idSchema.optional() });
export const publicLinkPageSchema = pageOf(publicLinkSchema);

export const publicLinkIdParamsSchema = z.object({ id: idSchema });

export const publicLinkHeadersSchema = z.object({ linkid: publicLinkTokenSchema });
export const publicLinkHubHeadersSchema = z.object({
  linkid: publicLinkTokenSchema,
  hubidentifier: z.string().trim().min(1).max(100),
});

/** Caution / critical bounds of one value, in the report's display unit. */
export const publicLinkThresholdsSchema = z.object({
  cautionLow: z.number().optional(),
  cautionHigh: z.number().optional(),
  criticalLow: z.number().optional(),
  criticalHigh: z.number().optional(),
});

/** One reading of the report: values in display units keyed by LOINC code. */
export const publicLinkReadingSchema = z.object({
  /** ISO 8601 instant (UTC) */
  measuredAt: z.string(),
  /** The offset the device reported, e.g. '-05:00': the patient's local time of the reading. */
  measuredAtOffset: z.string(),
  values: z.record(z.string(), z.number()),
  severity: z.number().int().min(0).max(2),
  isSimulated: z.boolean(),
  isManual: z.boolean(),
});
export type PublicLinkReading = z.infer<typeof publicLinkReadingSchema>;

/** All readings of one device type, oldest first, with the thresholds that apply to the patient. */
export const publicLinkSeriesSchema = z.object({
  deviceType: z.string(),
  /** The values readings of this type carry, in catalogue order: LOINC code, UCUM display unit, unit label. */
  values: z.array(z.object({ code: z.string(), unit: z.string(), unitLabel: z.string() })),
  thresholds: z.record(z.string(), publicLinkThresholdsSchema),
  readings: z.array(publicLinkReadingSchema),
});
export type PublicLinkSeries = z.infer<typeof publicLinkSeriesSchema>;

/**
 * What a public link shows (GET publiclink/getmeasurementsfromlink and getmeasurementsforhub):
 * minimal PHI — the patient's first name and last initial, the office, the period, and the
 * readings of that period per device type in the default display units (spec section 9).
 */
export const publicLinkReportSchema = z.object({
  patient: z.object({ firstName: z.string(), lastInitial: z.string() }),
  office: z.object({ name: z.string(), nameEs: z.string(), timeZone: z.string() }),
  periodStart: z.string(),
  periodEnd: z.string(),
  expiresAt: z.string(),
  /** Set on the hub report: only readings posted by this hub are shown. */
  hubIdentifier: z.string().nullable(),
  units: z.object({ system: z.enum(['metric', 'imperial']), glucose: z.enum(['mmol/L', 'mg/dL']) }),
  series: z.array(publicLinkSeriesSchema),
  readingCount: z.number().int(),
  /** True when the period held more readings than a report shows (the most recent are kept). */
  truncated: z.boolean(),
});
export type PublicLinkReport = z.infer<typeof publicLinkReportSchema>;
