import type { FastifyInstance } from 'fastify';
import { notifications } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './notifications.service';

/**
 * Spec section 7, "Notifications and chat": its endpoints but the video call
 * (features/appointments) and the chat threads (features/chat), plus the chosen dashboard summary.
 * The real-time socket is in src/realtime/socket.ts.
 */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, notifications.sendNotificationToUser, ({ scope, body }) => service.sendToUser(ctx, scope, body));
  registerEndpoint(app, ctx, notifications.sendNotificationToMedicalTeam, ({ scope, body }) => service.sendToMedicalTeam(ctx, scope, body));
  registerEndpoint(app, ctx, notifications.markAsRead, ({ scope, query }) => service.markAsRead(ctx, scope, query.notificationid));
  registerEndpoint(app, ctx, notifications.markAllNotificationsAsReadWithUserForNotificationType, ({ scope, query }) =>
    service.markAllRead(ctx, scope, query.userid, query.type),
  );
  registerEndpoint(app, ctx, notifications.getMyPushNotificationsMinimal, ({ scope, query }) => service.findMine(ctx, scope, query));
  registerEndpoint(app, ctx, notifications.getMyPushNotificationsWithPatient, ({ scope, headers, query, req }) =>
    service.findWorklist(ctx, scope, headers, query, new Date(), req.lang),
  );
  registerEndpoint(app, ctx, notifications.markAsProcessed, ({ scope, query }) =>
    service.markAsProcessed(ctx, scope, query.notificationid, query.resolutioncomments),
  );
  registerEndpoint(app, ctx, notifications.getNotificationDetailsById, ({ scope, query }) => service.getDetails(ctx, scope, query.notificationid));
  registerEndpoint(app, ctx, notifications.getDashboardSummary, ({ scope, headers }) => service.getDashboardSummary(ctx, scope, headers.hospitalid));
}
