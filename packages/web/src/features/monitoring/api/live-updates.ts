import { useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  notifications,
  ProcessingStatus,
  worklistNotificationTypeIds,
  type Notification,
  type NotificationMinimal,
  type NotificationMinimalPage,
  type NotificationProcessedEvent,
  type NotificationWithPatient,
  type NotificationWithPatientPage,
} from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { endpointCallFilters, invalidateEndpoints, type KeyInput } from '../../../lib/endpoint-keys';
import { useRealtimeEvent } from '../../../lib/use-realtime';

// The lists a socket event updates, by endpoint (lib/endpoint-keys.ts: each cached call is keyed
// [endpoint id, its input], so the input of a cached page is its key's second element).
const bell = notifications.getMyPushNotificationsMinimal;
const worklist = notifications.getMyPushNotificationsWithPatient;
type BellInput = KeyInput<typeof bell> | undefined;
type WorklistInput = KeyInput<typeof worklist> | undefined;

// Alerts that arrived on the socket while the app is open: the worklist keeps them at the top and
// highlights them (ids -> arrival time).
const fresh = new Map<number, number>();
let freshSnapshot: ReadonlyMap<number, number> = new Map();
const freshListeners = new Set<() => void>();

function markFresh(id: number): void {
  fresh.set(id, Date.now());
  freshSnapshot = new Map(fresh);
  freshListeners.forEach((l) => l());
}

/** The alerts pushed on the socket since the app was opened, by id, with their arrival time (ms). */
export function useFreshAlerts(): ReadonlyMap<number, number> {
  return useSyncExternalStore(
    (l) => {
      freshListeners.add(l);
      return () => freshListeners.delete(l);
    },
    () => freshSnapshot,
  );
}

const isWorklistType = (typeId: number) => (worklistNotificationTypeIds as readonly number[]).includes(typeId);

/**
 * Spec section 4: an incoming push notification is marked unread when it has a sender; the server
 * raises alerts unread anyway.
 */
function asReceived(n: Notification): Notification {
  return n.fromUserId !== null ? { ...n, isRead: false } : n;
}

function toMinimal(n: Notification): NotificationMinimal {
  return {
    notificationId: n.notificationId,
    NId: n.NId,
    notificationTypeId: n.notificationTypeId,
    fromUserId: n.fromUserId,
    FromUserFullname: n.FromUserFullname,
    messageEn: n.messageEn,
    messageEsp: n.messageEsp,
    timestamp: n.timestamp,
    isRead: n.isRead,
    severity: n.severity,
    deviceType: n.deviceType,
    relatedPatientId: n.relatedPatientId,
    processingStatus: n.processingStatus,
  };
}

/**
 * A worklist row from a pushed notification: the patient's name from the alert's additionalData
 * (`patientFullname`, set by the server for measurement alerts); the values come with the reload
 * that follows.
 */
export function toWorklistRow(n: Notification, hospitalName: string): NotificationWithPatient {
  const extra = n.AdditionalData as { measuredAt?: unknown; isSimulated?: unknown; patientFullname?: unknown };
  const patientFullname = typeof extra.patientFullname === 'string' ? extra.patientFullname.trim() : '';
  return {
    notificationId: n.notificationId,
    NId: n.NId,
    notificationTypeId: n.notificationTypeId,
    messageEn: n.messageEn,
    messageEsp: n.messageEsp,
    timestamp: n.timestamp,
    isRead: n.isRead,
    severity: n.severity,
    deviceType: n.deviceType,
    measurementId: n.measurementId,
    relatedPatientId: n.relatedPatientId,
    hospitalId: n.hospitalId,
    processingStatus: n.processingStatus,
    processedBy: n.processedBy,
    processedByFullname: n.processedByFullname,
    processedAt: n.processedAt,
    resolutionComments: n.resolutionComments,
    AdditionalData: n.AdditionalData,
    patientFirstName: '',
    patientLastName: '',
    patientFullname,
    hospitalName,
    measuredAt: typeof extra.measuredAt === 'string' ? extra.measuredAt : null,
    // A pushed alert's reading has just arrived; the reload that follows brings its received time and late mark.
    receivedAt: null,
    isLate: false,
    isSimulated: extra.isSimulated === true,
    values: [], // the reload that follows brings the values in the user's units
  };
}

/** Whether a pushed notification belongs on a bell list with this query (page 1, type, unread-only). */
function matchesBell(input: BellInput, n: Notification): boolean {
  const q = input?.query;
  if (!q || (q.page ?? 1) !== 1) { return false; }
  if (q.notificationtypeid !== undefined && Number(q.notificationtypeid) !== n.notificationTypeId) { return false; }
  if (String(q.unreadonly) === 'true' && n.isRead) { return false; }
  return true; // a new notification is within every period (TODAY, WEEK, MONTH, ALL)
}

/**
 * Whether a pushed notification belongs on a page of alerts with this office (the worklist, -1:
 * all), patient (a patient's alert history) and query.
 */
function matchesWorklist(input: WorklistInput, n: Notification): boolean {
  const q = input?.query;
  const office = input?.headers?.hospitalid === undefined ? undefined : Number(input.headers.hospitalid);
  const patient = input?.headers?.patientid === undefined ? undefined : Number(input.headers.patientid);
  if (!q || (q.page ?? 1) !== 1 || q.search) { return false; }
  if (patient !== undefined && patient !== n.relatedPatientId) { return false; }
  if (q.notificationtypeid !== undefined ? Number(q.notificationtypeid) !== n.notificationTypeId : !isWorklistType(n.notificationTypeId)) { return false; }
  if (office !== undefined && office !== -1 && office !== n.hospitalId) { return false; }
  if (q.devicetype && q.devicetype.toUpperCase() !== (n.deviceType ?? '').toUpperCase()) { return false; }
  const processed = (q.processed ?? 'false').toLowerCase();
  if (processed === 'true' && n.processingStatus === ProcessingStatus.OPEN) { return false; }
  if (processed === 'false' && n.processingStatus !== ProcessingStatus.OPEN) { return false; }
  return true;
}

/**
 * Puts a pushed notification at the top of the lists it matches (spec section 4): the bell's lists
 * (and their unread count) and the first worklist pages (the patient named from the alert), then
 * reloads the worklist in the background for the values in the user's units.
 */
export function applyIncomingNotification(qc: QueryClient, pushed: Notification, officeNames: ReadonlyMap<number, string>): void {
  const n = asReceived(pushed);
  for (const [key, data] of qc.getQueriesData<NotificationMinimalPage>(endpointCallFilters(bell))) {
    if (!data || data.items.some((i) => i.notificationId === n.notificationId)) { continue; }
    const unreadCount = data.unreadCount + (n.isRead ? 0 : 1);
    if (!matchesBell(key[1] as BellInput, n)) {
      qc.setQueryData<NotificationMinimalPage>(key, { ...data, unreadCount });
      continue;
    }
    const items = [toMinimal(n), ...data.items].slice(0, Math.max(data.pageSize, data.items.length));
    qc.setQueryData<NotificationMinimalPage>(key, { ...data, items, total: data.total + 1, unreadCount });
  }

  markFresh(n.notificationId);
  for (const [key, data] of qc.getQueriesData<NotificationWithPatientPage>(endpointCallFilters(worklist))) {
    if (!data || data.items.some((i) => i.notificationId === n.notificationId)) { continue; }
    if (!matchesWorklist(key[1] as WorklistInput, n)) { continue; }
    const row = toWorklistRow(n, n.hospitalId !== null ? (officeNames.get(n.hospitalId) ?? '') : '');
    qc.setQueryData<NotificationWithPatientPage>(key, { ...data, items: [row, ...data.items], total: data.total + 1 });
  }
  // the worklist, a patient's alert history and the daily report's alerts reload in the background
  void invalidateEndpoints(qc, [worklist]);
}

/**
 * An alert processed by the user or a team-mate: its copies in the caches show who and when at
 * once; the lists are marked stale (reloaded on the next visit or filter change) so an open row the
 * user is looking at does not vanish under the pointer.
 */
export function applyProcessed(qc: QueryClient, event: NotificationProcessedEvent): void {
  const ids = new Set(event.notificationIds);
  qc.setQueriesData<NotificationMinimalPage>(endpointCallFilters(bell), (data) =>
    data ? { ...data, items: data.items.map((i) => (ids.has(i.notificationId) ? { ...i, processingStatus: ProcessingStatus.PROCESSED } : i)) } : data,
  );
  qc.setQueriesData<NotificationWithPatientPage>(endpointCallFilters(worklist), (data) =>
    data
      ? {
          ...data,
          items: data.items.map((i) =>
            ids.has(i.notificationId)
              ? {
                  ...i,
                  processingStatus: ProcessingStatus.PROCESSED,
                  processedBy: event.processedBy,
                  processedByFullname: event.processedByFullname,
                  processedAt: event.processedAt,
                  resolutionComments: event.resolutionComments,
                }
              : i,
          ),
        }
      : data,
  );
  void invalidateEndpoints(qc, [notifications], { refetchType: 'none' });
}

/** Marks notifications read in the bell's caches before the server answers. */
export function markReadInCaches(qc: QueryClient, ids: number[]): void {
  const set = new Set(ids);
  for (const [key, data] of qc.getQueriesData<NotificationMinimalPage>(endpointCallFilters(bell))) {
    if (!data) { continue; }
    const newlyRead = data.items.filter((i) => set.has(i.notificationId) && !i.isRead).length;
    qc.setQueryData<NotificationMinimalPage>(key, {
      ...data,
      items: data.items.map((i) => (set.has(i.notificationId) ? { ...i, isRead: true } : i)),
      unreadCount: Math.max(0, data.unreadCount - newlyRead),
    });
  }
}

/** Marks everything read in the bell's caches before the server answers. */
export function markAllReadInCaches(qc: QueryClient): void {
  qc.setQueriesData<NotificationMinimalPage>(endpointCallFilters(bell), (data) =>
    data ? { ...data, items: data.items.map((i) => ({ ...i, isRead: true })), unreadCount: 0 } : data,
  );
}

/**
 * Keeps the notification caches live from the real-time socket: pushed notifications go to the top
 * of the bell and the worklist, processed alerts show who processed them, and after a reconnect
 * everything is reloaded (what was pushed while the socket was down was missed).
 */
export function useNotificationLiveUpdates(): void {
  const qc = useQueryClient();
  const { user } = useAuth();
  useRealtimeEvent((event) => {
    switch (event.type) {
      case 'notification': {
        const names = new Map((user?.hospitalsAssignedData ?? []).map((h) => [h.id, h.hospitalName]));
        applyIncomingNotification(qc, event.data, names);
        break;
      }
      case 'notificationProcessed':
        applyProcessed(qc, event.data);
        // The server marks the processor's own copy read with it: the bell count follows.
        if (user && event.data.processedBy === user.id) { markReadInCaches(qc, event.data.notificationIds); }
        break;
      case 'reconnected':
        void invalidateEndpoints(qc, [notifications]);
        break;
      case 'ready':
      case 'pong':
      case 'error': // a message the server dropped (rate or size limit of the socket, docs/video-visits.md)
      case 'messageRead': // the chat's read receipts: features/chat keeps its threads live
      case 'visit': // video-visit signaling: the room page (features/appointments/call) handles it
      case 'videoCallRing': // a ring: the incoming-ring modal (features/appointments IncomingRing) handles it
        break;
    }
  });
}
