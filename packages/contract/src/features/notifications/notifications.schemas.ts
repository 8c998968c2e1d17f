import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema, MAX_ID } from '../../common/ids';
import { requiredText } from '../../common/validation';
import { measurementValueSchema } from '../measurements/measurements.schemas';
import type { ChatSocketMessage } from '../chat/chat.schemas';
import type { RingSocketMessage, VisitSocketMessage } from '../appointments/appointments.schemas';

/** Notification type ids (spec section 9). */
export const NotificationType = {
  CHAT: 1,
  ABNORMAL_MEASUREMENT: 3,
  REMINDER: 4,
  MISSED_MEASUREMENT: 5,
  DAILY_GOAL: 6,
  APPOINTMENT_REQUEST: 7,
  /** Chosen (not in the spec's list): a ring of initvideocallwithuser (docs/video-visits.md "Ringing"). */
  VIDEO_CALL: 8,
  MENTAL_HEALTH: 12,
  MENTAL_HEALTH_RESULT: 13,
} as const;
export type NotificationTypeId = (typeof NotificationType)[keyof typeof NotificationType];
export const notificationTypeIds = Object.values(NotificationType) as NotificationTypeId[];

/**
 * Types a person may send through `sendnotificationtouser` / `sendnotificationtomedicalteam`. The
 * alert types (3 abnormal measurement, 5 missed measurement, 6 daily goal) are raised by the server
 * only, so nobody can put a forged alert on the team's worklist.
 */
export const sendableNotificationTypeIds = [
  NotificationType.CHAT,
  NotificationType.REMINDER,
  NotificationType.APPOINTMENT_REQUEST,
  NotificationType.MENTAL_HEALTH,
  NotificationType.MENTAL_HEALTH_RESULT,
] as const;

/**
 * The alert types of the worklist (`getmypushnotificationswithpatient`) by default: abnormal and
 * missed measurements, and the mental-health alerts of a completed survey (12: a PHQ-9 item 9 answer
 * above 0; 13: a score band of moderately severe or worse; docs/assessments.md "Safety").
 */
export const worklistNotificationTypeIds = [
  NotificationType.ABNORMAL_MEASUREMENT,
  NotificationType.MISSED_MEASUREMENT,
  NotificationType.MENTAL_HEALTH,
  NotificationType.MENTAL_HEALTH_RESULT,
] as const;

/** Processing status of an alert: 0 open, 1 processed (with resolution comments). */
export const ProcessingStatus = { OPEN: 0, PROCESSED: 1 } as const;

/** Most characters of a message a person sends, and of resolution comments. */
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const RESOLUTION_COMMENTS_MAX = 1000;

/**
 * The notification list filter (spec section 4, default TODAY): TODAY is the local calendar day,
 * WEEK the local day and the 6 before it, MONTH the local day and the 29 before it, ALL no limit.
 */
export const notificationFilterCases = ['TODAY', 'WEEK', 'MONTH', 'ALL'] as const;
export type NotificationFilterCase = (typeof notificationFilterCases)[number];
export const notificationFilterCaseSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(notificationFilterCases));

const deviceTypeFilterSchema = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_]+$/));

const iso = z.string(); // ISO 8601 instant

/**
 * A notification as received (spec section 3): the entity's fields, then the mapped fields the
 * spec names (AdditionalData, FromUserFullname, UserFullname, MessageToSend, MessageToSendEsp,
 * NotificationSentToGroup, RelatedToNotificationId, NId, ReferenceData). `FromUserFullname` is ''
 * for notifications the server raises itself (alerts, reminders). `processedAt`, `processedBy` and
 * `resolutionComments` are set once an alert is processed. Fields of features this product does not
 * have yet (appointments, surveys, attached files) are always null.
 */
export const notificationSchema = z.object({
  notificationId: z.number().int(),
  notificationTypeId: z.number().int(),
  fromUserId: z.number().int().nullable(),
  toUserId: z.number().int(),
  messageEn: z.string(),
  messageEsp: z.string(),
  timestamp: iso,
  isRead: z.boolean(),
  readAt: iso.nullable(),
  isGroupNotification: z.boolean(),
  appointmentId: z.number().int().nullable(),
  appointmentRequestId: z.number().int().nullable(),
  surveyRecurrencId: z.number().int().nullable(),
  medicalTeamId: z.number().int().nullable(),
  hospitalId: z.number().int().nullable(),
  processingStatus: z.number().int(),
  processedBy: z.number().int().nullable(),
  processedByFullname: z.string().nullable(),
  processedAt: iso.nullable(),
  resolutionComments: z.string().nullable(),
  attachedFile: z.string().nullable(),
  attachedFileExtension: z.string().nullable(),
  relatedPatientId: z.number().int().nullable(),
  direction: z.string(),
  deviceType: z.string().nullable(),
  /** 0 normal, 1 caution, 2 critical (abnormal-measurement alerts; 1 for a missed measurement) */
  severity: z.number().int(),
  measurementId: z.number().int().nullable(),
  // Mapped fields (spec section 3)
  AdditionalData: z.record(z.string(), z.unknown()),
  FromUserFullname: z.string(),
  UserFullname: z.string(),
  MessageToSend: z.string(),
  MessageToSendEsp: z.string(),
  NotificationSentToGroup: z.boolean(),
  RelatedToNotificationId: z.number().int().nullable(),
  NId: z.number().int(),
  ReferenceData: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A notification in the bell's list (`getmypushnotifications-minimal`). */
export const notificationMinimalSchema = notificationSchema.pick({
  notificationId: true,
  NId: true,
  notificationTypeId: true,
  fromUserId: true,
  FromUserFullname: true,
  messageEn: true,
  messageEsp: true,
  timestamp: true,
  isRead: true,
  severity: true,
  deviceType: true,
  relatedPatientId: true,
  processingStatus: true,
});
export type NotificationMinimal = z.infer<typeof notificationMinimalSchema>;

/** The bell's page: the caller's notifications newest first, and their unread count (all time). */
export const notificationMinimalPageSchema = pageOf(notificationMinimalSchema).extend({ unreadCount: z.number().int() });
export type NotificationMinimalPage = z.infer<typeof notificationMinimalPageSchema>;

/** Which worklist a page holds: the caller's own copies, or the offices' alerts (the office view needs permission notifications.officeView). */
export const worklistViews = ['own', 'office'] as const;
export type WorklistView = (typeof worklistViews)[number];

/**
 * One value of the alert's reading: canonical (UCUM, `value`/`unit`) and in the CALLER's display
 * units (`displayValue`/`displayUnit`, from users.userSettingsJson.units; default metric and glucose
 * mmol/L), with the unit's label in the product's default language (`unitLabelIn(unit, 'es')`:
 * 'mmHg', 'mmol/L', '°F', 'lpm'); clients label per UI language with `unitLabelIn` ('bpm' in English).
 */
export const alertValueSchema = measurementValueSchema.extend({ displayUnitLabel: z.string() });
export type AlertValue = z.infer<typeof alertValueSchema>;

/**
 * An alert of the worklist (`getmypushnotificationswithpatient`): the notification with its
 * patient's name and office, who processed it, whether the reading was simulated, and the reading's
 * values in the caller's display units (empty for a missed measurement, or when the reading is gone).
 * One row per reading (or missed slot): `notificationId` is the caller's own copy in the own view;
 * in the office view it is one copy of the team's (the caller's own when they have one), which
 * `markasprocessed` accepts and processes with all its copies. `isRead` is that copy's.
 */
export const notificationWithPatientSchema = notificationSchema
  .pick({
    notificationId: true,
    NId: true,
    notificationTypeId: true,
    messageEn: true,
    messageEsp: true,
    timestamp: true,
    isRead: true,
    severity: true,
    deviceType: true,
    measurementId: true,
    relatedPatientId: true,
    hospitalId: true,
    processingStatus: true,
    processedBy: true,
    processedByFullname: true,
    processedAt: true,
    resolutionComments: true,
    AdditionalData: true,
  })
  .extend({
    patientFirstName: z.string(),
    patientLastName: z.string(),
    patientFullname: z.string(),
    hospitalName: z.string(),
    /** when the reading was taken (abnormal measurement) or was due (missed measurement) */
    measuredAt: iso.nullable(),
    /** when the server received the reading (null for a missed measurement) */
    receivedAt: iso.nullable(),
    /** the reading arrived more than LATE_READING_MINUTES after it was taken (a hub that was offline) */
    isLate: z.boolean(),
    isSimulated: z.boolean(),
    /** the reading's values in the caller's display units, in catalogue order */
    values: z.array(alertValueSchema),
  });
export type NotificationWithPatient = z.infer<typeof notificationWithPatientSchema>;
/** A worklist page, and which view it is (`own` copies or the `office` view). */
export const notificationWithPatientPageSchema = pageOf(notificationWithPatientSchema).extend({ view: z.enum(worklistViews) });
export type NotificationWithPatientPage = z.infer<typeof notificationWithPatientPageSchema>;

/** `notificationid` of one of the caller's notifications. */
export const notificationIdQuerySchema = z.object({ notificationid: idSchema });

/**
 * `markallnotificationsasreadwithuserfornotificationtype`: whose (the caller, or for an admin a user
 * in scope) and which type; `type` omitted or 0: every type (the bell's "mark all read").
 */
export const markAllReadQuerySchema = z.object({
  userid: idSchema,
  type: intTextSchema(-MAX_ID, MAX_ID)
    .refine((v) => v === 0 || (notificationTypeIds as number[]).includes(v), { message: 'regex' })
    .optional()
    .transform((v) => v ?? 0),
});
/** `notificationTypeId` 0: every type was marked. */
export const markAllReadResultSchema = z.object({ userId: z.number().int(), notificationTypeId: z.number().int(), updated: z.number().int() });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;

/** The bell's query: filter case (TODAY by default), an optional type, paging. */
export const myNotificationsQuerySchema = pageQuerySchema.omit({ sort: true, search: true }).extend({
  filtercase: notificationFilterCaseSchema.default('TODAY'),
  notificationtypeid: intTextSchema(1, 99).optional(),
  unreadonly: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type MyNotificationsQuery = z.output<typeof myNotificationsQuerySchema>;

/** The worklist's office: an office id, or -1 / absent for every office of the caller. */
export const notificationOfficeHeadersSchema = z.object({
  hospitalid: intTextSchema(-1, MAX_ID).optional(),
});

/** The worklist's headers (or query): the office (-1 / absent: all), and one patient's alerts only (`patientid`). */
export const worklistHeadersSchema = notificationOfficeHeadersSchema.extend({
  patientid: idSchema.optional(),
});

/**
 * A reading received more than this many minutes after it was measured is "late" (docs/dates.md,
 * "Late readings"): a hub that was offline uploads its stored readings when it reconnects, and a
 * worklist row shows both times. Hubs upload within seconds when online; an hour leaves room for
 * retries and clock drift without hiding a day-old upload.
 */
export const LATE_READING_MINUTES = 60;

/** Worklist orders: open first, most severe, then most recent measurement (default), or most recent measurement (or due time) first. */
export const worklistSorts = ['severity', 'newest'] as const;

/**
 * The worklist's query: filter case (TODAY by default; the day is each alert's office's local
 * day), device type, processed ('false' by default: open alerts; 'true'; 'all'), a notification
 * type (default: abnormal and missed measurements), sort ('severity' by default; 'newest': by the
 * reading's time, or the missed slot's due time), search (patient name), paging.
 */
export const worklistQuerySchema = pageQuerySchema.omit({ sort: true }).extend({
  sort: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(worklistSorts))
    .default('severity'),
  filtercase: notificationFilterCaseSchema.default('TODAY'),
  devicetype: deviceTypeFilterSchema.optional(),
  processed: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['true', 'false', 'all']))
    .default('false'),
  notificationtypeid: intTextSchema(1, 99).optional(),
});
export type WorklistQuery = z.output<typeof worklistQuerySchema>;

/** `markasprocessed`: the alert and the resolution comments (required, at most 1000 characters). */
export const markAsProcessedQuerySchema = z.object({
  notificationid: idSchema,
  resolutioncomments: requiredText(RESOLUTION_COMMENTS_MAX),
});

/** The result of processing: the caller's alert, and how many copies (the team's) were processed with it. */
export const markAsProcessedResultSchema = z.object({
  notification: notificationSchema,
  processedCount: z.number().int(),
});
export type MarkAsProcessedResult = z.infer<typeof markAsProcessedResultSchema>;

const sendableTypeSchema = intTextSchema(-MAX_ID, MAX_ID)
  .refine((v) => (sendableNotificationTypeIds as readonly number[]).includes(v), { message: 'regex' });

const additionalDataSchema = z
  .union([
    z.record(z.string(), z.unknown()),
    z.string().max(4000).transform((text, ctx) => {
      if (text.trim() === '') { return {}; }
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) { return value as Record<string, unknown>; }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'regex' });
      return z.NEVER;
    }),
  ])
  .refine((v) => JSON.stringify(v).length <= 4000, { message: 'regex' });

/**
 * An outgoing notification (spec section 3): additionalData (an object, or its JSON text),
 * deviceType, notificationMsg, notificationTypeId (1 chat, 4 reminder, 7, 12, 13) and referenceData,
 * to `userId`. It is created unread with the current time.
 */
export const sendNotificationToUserBodySchema = z.object({
  userId: bodyIdSchema,
  notificationMsg: requiredText(NOTIFICATION_MESSAGE_MAX),
  notificationTypeId: sendableTypeSchema,
  deviceType: deviceTypeFilterSchema.nullish(),
  additionalData: additionalDataSchema.nullish(),
  referenceData: z.string().trim().max(200).nullish(),
});
export type SendNotificationToUserBody = z.input<typeof sendNotificationToUserBodySchema>;

/** A message to every member of a medical team (chat by default). */
export const sendNotificationToMedicalTeamBodySchema = z.object({
  medicalTeamId: bodyIdSchema,
  message: requiredText(NOTIFICATION_MESSAGE_MAX),
  notificationTypeId: sendableTypeSchema.default(NotificationType.CHAT),
});
export type SendNotificationToMedicalTeamBody = z.input<typeof sendNotificationToMedicalTeamBodySchema>;

export const sentToMedicalTeamSchema = z.object({
  medicalTeamId: z.number().int(),
  recipients: z.number().int(),
  notificationIds: z.array(z.number().int()),
});
export type SentToMedicalTeam = z.infer<typeof sentToMedicalTeamSchema>;

/** Alert counts of a day: distinct readings (not recipients) by severity, and how many are still open. */
const alertCountsSchema = z.object({
  total: z.number().int(),
  caution: z.number().int(),
  critical: z.number().int(),
  open: z.number().int(),
});

/** Most patients `getdashboardsummary` lists by name among those without a recent reading. */
export const DASHBOARD_SILENT_PATIENTS_LIMIT = 50;
/** A patient counts as silent after this many hours without a reading. */
export const DASHBOARD_SILENT_HOURS = 72;

/**
 * The /dashboard figures (chosen endpoint) for one office or every office of the caller. "Today"
 * is each office's local day (hospitals.timeZone).
 */
export const dashboardSummarySchema = z.object({
  hospitalId: z.number().int().nullable(),
  generatedAt: iso,
  /** patients of the offices with an active monitoring plan or a device */
  patientsMonitored: z.number().int(),
  /** abnormal-measurement alerts raised today, per reading (`open`: of these, those still open) */
  alertsToday: alertCountsSchema,
  /**
   * open alerts whenever raised and, of them, the critical ones: the one definition the worklist,
   * the facility dashboard and the reports share (docs/dashboards.md "One definition per figure")
   */
  openAlerts: z.object({ total: z.number().int(), caution: z.number().int(), critical: z.number().int() }),
  /** missed-measurement alerts raised today, per scheduled time */
  missedToday: z.number().int(),
  readingsToday: z.number().int(),
  simulatedReadingsToday: z.number().int(),
  /** monitored patients without a reading for 3 days: the first 50, oldest reading first, and how many in all */
  patientsWithoutReadings: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        patientId: z.number().int(),
        firstName: z.string(),
        lastName: z.string(),
        lastReadingAt: iso.nullable(),
      }),
    ),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * The real-time socket's messages (spec section 7, chosen shapes). The browser sends
 * `{ type: 'init', sessionToken, userId }` first; the server answers `{ type: 'ready' }`, then
 * pushes `{ type: 'notification', data }` for each new notification of that user and
 * `{ type: 'notificationProcessed', data }` when an alert of theirs is processed (by them or a
 * team-mate). `{ type: 'ping' }` is answered with `{ type: 'pong' }`.
 */
export const socketInitMessageSchema = z.object({
  type: z.literal('init'),
  sessionToken: z.string().min(1).max(200),
  userId: idSchema,
});
export type SocketInitMessage = z.infer<typeof socketInitMessageSchema>;

export const notificationProcessedEventSchema = z.object({
  notificationIds: z.array(z.number().int()),
  measurementId: z.number().int().nullable(),
  processedBy: z.number().int(),
  processedByFullname: z.string(),
  processedAt: iso,
  resolutionComments: z.string(),
});
export type NotificationProcessedEvent = z.infer<typeof notificationProcessedEventSchema>;

/**
 * A message the server dropped (docs/video-visits.md "Signaling"): more than the socket may send a
 * second (`rateLimited`) or larger than a signaling message may be (`messageTooLarge`).
 */
export type SocketErrorMessage = { type: 'error'; code: 'rateLimited' | 'messageTooLarge' };

export type SocketServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | SocketErrorMessage
  | { type: 'notification'; data: Notification }
  | { type: 'notificationProcessed'; data: NotificationProcessedEvent }
  | ChatSocketMessage
  | VisitSocketMessage
  | RingSocketMessage;

/** The socket's path (relative to the server root) and the reconnect interval of spec section 9. */
export const SOCKET_PATH = '/api/ws';
export const SOCKET_RECONNECT_MS = 3000;
