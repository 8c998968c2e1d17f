import type { FastifyInstance } from 'fastify';
import { notifications } from '@vigil/contract';
import type { AppContext } from '../../context';
import { omitGroup, registerGroup } from '../../lib/route';
import * as service from './notifications.service';

/**
 * The endpoints of the notifications group that features/appointments registers (the video call's
 * ring: docs/video-visits.md "Ringing"), with `pickGroup(notifications, ...)`; this file registers
 * the rest with `omitGroup` of the same keys, so the two together are the whole group
 * (docs/architecture.md "The route chain").
 */
export const VIDEO_CALL_NOTIFICATION_ENDPOINTS = ['initVideoCallWithUser'] as const;

/**
 * Spec section 7, "Notifications and chat": its endpoints but the video call
 * (features/appointments) and the chat threads (features/chat), plus the chosen dashboard summary.
 * The real-time socket is in src/realtime/socket.ts.
 */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(notifications, VIDEO_CALL_NOTIFICATION_ENDPOINTS), {
    sendNotificationToUser: ({ scope, body }) => service.sendToUser(ctx, scope, body),
    sendNotificationToMedicalTeam: ({ scope, body }) => service.sendToMedicalTeam(ctx, scope, body),
    markAsRead: ({ scope, query }) => service.markAsRead(ctx, scope, query.notificationid),
    markAllNotificationsAsReadWithUserForNotificationType: ({ scope, query }) =>
      service.markAllRead(ctx, scope, query.userid, query.type),
    getMyPushNotificationsMinimal: ({ scope, query }) => service.findMine(ctx, scope, query),
    getMyPushNotificationsWithPatient: ({ scope, headers, query, req }) =>
      service.findWorklist(ctx, scope, headers, query, new Date(), req.lang),
    markAsProcessed: ({ scope, query }) =>
      service.markAsProcessed(ctx, scope, query.notificationid, query.resolutioncomments),
    getNotificationDetailsById: ({ scope, query }) => service.getDetails(ctx, scope, query.notificationid),
    getDashboardSummary: ({ scope, headers }) => service.getDashboardSummary(ctx, scope, headers.hospitalid),
  });
}
