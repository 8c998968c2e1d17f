import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { support } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './support.service';

/** Spec section 7, "Support": five endpoints (create and set status answer 201, addfile 200), plus the chosen file download. */
export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, support, {
    getDistinctGroups: ({ scope, query }) => service.findThreads(ctx, scope, query),
    createSupportMessage: ({ scope, body }) => service.createMessage(ctx, scope, body),
    setSupportStatus: ({ scope, body }) => service.setStatus(ctx, scope, body.supportMessageId, body.status),
    addSupportFile: ({ scope, headers, req }) => service.addFile(ctx, scope, headers.relatedtosupportmessageid, req),
    createSupportThreadWithFile: ({ scope, req }) => service.createThreadWithFile(ctx, scope, req),
    getMessagesByGroupId: ({ scope, headers }) => service.getThreadDetail(ctx, scope, headers.supportmessageid),
    downloadSupportFile: async ({ scope, params, reply }) => {
      const file = await service.getFile(ctx, scope, params.id);
      // An attachment, never rendered by the browser on our origin (a text file could hold markup); never cached.
      await reply
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.content);
      return '';
    },
  });
}
