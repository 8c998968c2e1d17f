import { endpoint } from '../../common/endpoint';
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
});

export const sendNotificationToMedicalTeam = endpoint({
  method: 'POST',
  path: 'pushnotifications/sendnotificationtomedicalteam',
  tag,
  summary: "Send a message to every member of a medical team of the caller's offices (the sender excepted)",
  permission: 'notifications.send',
  body: sendNotificationToMedicalTeamBodySchema,
  response: sentToMedicalTeamSchema,
});

export const markAsRead = endpoint({
  method: 'GET',
  path: 'pushnotifications/markasread',
  tag,
  summary: "Mark one of the caller's notifications read",
  permission: 'notifications.read',
  query: notificationIdQuerySchema,
  response: notificationSchema,
});

export const markAllNotificationsAsReadWithUserForNotificationType = endpoint({
  method: 'GET',
  path: 'pushnotifications/markallnotificationsasreadwithuserfornotificationtype',
  tag,
  summary: "Mark all of a user's notifications of one type read (the caller's own; an admin's for a user in scope)",
  permission: 'notifications.read',
  query: markAllReadQuerySchema,
  response: markAllReadResultSchema,
});

export const getMyPushNotificationsMinimal = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmypushnotifications-minimal',
  tag,
  summary: "The caller's notifications, newest first, for the bell (filter TODAY by default, in the caller's time zone), with the unread count",
  permission: 'notifications.read',
  query: myNotificationsQuerySchema,
  response: notificationMinimalPageSchema,
});

export const getMyPushNotificationsWithPatient = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmypushnotificationswithpatient',
  tag,
  summary:
    "The alert worklist: the caller's alerts with patient and office, open ones by default, most severe then newest first; filters: day (TODAY by default), office, device type, processed",
  permission: 'notifications.read',
  headers: notificationOfficeHeadersSchema,
  query: worklistQuerySchema,
  response: notificationWithPatientPageSchema,
});

export const markAsProcessed = endpoint({
  method: 'GET',
  path: 'pushnotifications/markasprocessed',
  tag,
  summary:
    "Process one of the caller's alerts with resolution comments (who and when are recorded); the team's copies of the same alert are processed with it",
  permission: 'notifications.process',
  query: markAsProcessedQuerySchema,
  response: markAsProcessedResultSchema,
});

export const getNotificationDetailsById = endpoint({
  method: 'GET',
  path: 'pushnotifications/getnotificationdetailsbyid',
  tag,
  summary: "One of the caller's notifications with every field",
  permission: 'notifications.read',
  query: notificationIdQuerySchema,
  response: notificationSchema,
});

/**
 * Chosen (the spec does not name it): the /dashboard figures for one office (header hospitalid)
 * or every office of the caller (-1 or absent).
 */
export const getDashboardSummary = endpoint({
  method: 'GET',
  path: 'pushnotifications/getdashboardsummary',
  tag,
  summary:
    'Chosen: dashboard figures for an office or all the caller\'s offices: patients monitored, alerts and readings today (office local day), patients without a reading for 3 days',
  permission: 'patients.read',
  headers: notificationOfficeHeadersSchema,
  response: dashboardSummarySchema,
});
