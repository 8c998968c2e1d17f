import { endpoint } from '../../common/endpoint';
import { initVideoCallBodySchema, initVideoCallResultSchema } from '../appointments/appointments.schemas';
import {
  dashboardSummarySchema,
  markAllReadQuerySchema,
  markAllReadResultSchema,
  markAsProcessedQuerySchema,
  markAsProcessedResultSchema,
  myNotificationsQuerySchema,
  notificationIdQuerySchema,
  notificationMinimalPageSchema,
  notificationOfficeHeadersSchema,
  notificationSchema,
  notificationWithPatientPageSchema,
  sendNotificationToMedicalTeamBodySchema,
  sendNotificationToUserBodySchema,
  sentToMedicalTeamSchema,
  worklistHeadersSchema,
  worklistQuerySchema,
} from './notifications.schemas';

const tag = 'Notifications';

export const sendNotificationToUser = endpoint({
  method: 'POST',
  path: 'pushnotifications/sendnotificationtouser',
  tag,
  summary: 'Send a notification (chat, reminder, ...) to a user the caller can see; created unread now and pushed on the socket',
  permission: 'notifications.send',
  body: sendNotificationToUserBodySchema,
  response: notificationSchema,
  audit: { resource: 'Communication', record: { kind: 'user', key: 'body.userId' } },
});

export const sendNotificationToMedicalTeam = endpoint({
  method: 'POST',
  path: 'pushnotifications/sendnotificationtomedicalteam',
  tag,
  summary: "Send a message to every member of a medical team of the caller's offices (the sender excepted)",
  permission: 'notifications.send',
  body: sendNotificationToMedicalTeamBodySchema,
  response: sentToMedicalTeamSchema,
  audit: { resource: 'Communication', record: { kind: 'medicalTeam', key: 'body.medicalTeamId' } },
});

export const initVideoCallWithUser = endpoint({
  method: 'POST',
  path: 'pushnotifications/initvideocallwithuser',
  tag,
  summary:
    "Ring staff of the caller's offices to join a video or phone visit's call (socket event plus a stored notification); each callee accepts or declines, or the ring is missed after VIGIL_RING_TIMEOUT_SECONDS (45 by default). 404 for a visit or callee out of scope; 409 for a callee who may not enter the visit or a closed visit",
  permission: 'visits.join',
  body: initVideoCallBodySchema,
  response: initVideoCallResultSchema,
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'appointment', key: 'body.appointmentId' } },
});

export const markAsRead = endpoint({
  method: 'GET',
  path: 'pushnotifications/markasread',
  tag,
  summary: "Mark one of the caller's notifications read",
  permission: 'notifications.read',
  query: notificationIdQuerySchema,
  response: notificationSchema,
  audit: { resource: 'Flag', action: 'U', record: { kind: 'notification', key: 'query.notificationid' } },
});

export const markAllNotificationsAsReadWithUserForNotificationType = endpoint({
  method: 'GET',
  path: 'pushnotifications/markallnotificationsasreadwithuserfornotificationtype',
  tag,
  summary:
    "Mark all of a user's notifications of one type read, or of every type when `type` is omitted or 0 (the caller's own; an admin's for a user in scope)",
  permission: 'notifications.read',
  query: markAllReadQuerySchema,
  response: markAllReadResultSchema,
  audit: { resource: 'Flag', action: 'U', record: { kind: 'user', key: 'query.userid' } },
});

export const getMyPushNotificationsMinimal = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmypushnotifications-minimal',
  tag,
  summary: "The caller's notifications, newest first, for the bell (filter TODAY by default, in the caller's time zone), with the unread count",
  permission: 'notifications.read',
  query: myNotificationsQuerySchema,
  response: notificationMinimalPageSchema,
  audit: { resource: 'Flag' },
});

/**
 * The alert worklist of /monitoring (and, with `patientid`, a patient's alert history). Two views
 * (the page says which in `view`):
 *  - own: doctors, nurses and the other roles see the alert copies sent to them as care-team
 *    members, one row per reading or missed slot;
 *  - office: roles that are not on care teams (permission notifications.officeView: office, organization and
 *    system admins) see the alerts of types 3 and 5 of every office in their scope, one row per
 *    reading or missed slot whoever received the copies, processed when any copy is (processing
 *    one processes all, recording who and when). Asked for another notification type, they get
 *    their own notifications of that type.
 * Each row carries the reading's values converted to the caller's display units.
 */
export const getMyPushNotificationsWithPatient = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmypushnotificationswithpatient',
  tag,
  summary:
    "The alert worklist, one row per reading (or missed slot) with patient, office and the reading's values in the caller's display units; open ones by default, most severe then newest first (sort=newest: newest reading first). " +
    'Doctors, nurses and other care-team roles see the copies sent to them (view "own"); office admins, organization admins and system admins see every alert (abnormal and missed measurements) of the offices in their scope (view "office"), ' +
    'with the processing state shared by the team\'s copies. Filters: day (TODAY by default, each office\'s local day), office (hospitalid), patient (patientid; 404 when not a patient the caller sees), device type, alert type, processed, patient name',
  permission: 'notifications.read',
  headers: worklistHeadersSchema,
  query: worklistQuerySchema,
  response: notificationWithPatientPageSchema,
});

export const markAsProcessed = endpoint({
  method: 'GET',
  path: 'pushnotifications/markasprocessed',
  tag,
  summary:
    "Process an alert with resolution comments (who and when are recorded): one of the caller's own, or for an office-view caller (office, organization, system admin) any alert of their offices' worklist; the team's copies of the same reading or missed slot are processed with it",
  permission: 'notifications.process',
  query: markAsProcessedQuerySchema,
  response: markAsProcessedResultSchema,
  audit: { resource: 'Flag', action: 'U', record: { kind: 'notification', key: 'query.notificationid' } },
});

export const getNotificationDetailsById = endpoint({
  method: 'GET',
  path: 'pushnotifications/getnotificationdetailsbyid',
  tag,
  summary: "One of the caller's notifications with every field",
  permission: 'notifications.read',
  query: notificationIdQuerySchema,
  response: notificationSchema,
  audit: { resource: 'Flag', record: { kind: 'notification', key: 'query.notificationid' } },
});

/**
 * Chosen (the spec does not name it): the /dashboard figures for one office (header hospitalid)
 * or every office of the caller (-1 or absent). Permission notifications.read, like /dashboard
 * itself; the figures are office figures, so the patient and caregiver roles (who hold
 * notifications.read for their own notifications) are refused with 403.
 */
export const getDashboardSummary = endpoint({
  method: 'GET',
  path: 'pushnotifications/getdashboardsummary',
  tag,
  summary:
    'Chosen: dashboard figures for an office or all the caller\'s offices: patients monitored, alerts and readings today (office local day), patients without a reading for 3 days. Staff only: a patient or caregiver is refused (403)',
  permission: 'notifications.read',
  headers: notificationOfficeHeadersSchema,
  response: dashboardSummarySchema,
});
