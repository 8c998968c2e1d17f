import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { releaseNotes } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './release-notes.service';

/** Spec section 7, "Release notes": list, open (the file), upload, delete. */
export function releaseNotesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, releaseNotes, {
    findReleaseNotes: ({ scope, query }) => service.findReleaseNotes(ctx, scope, query),
    getReleaseNote: async ({ scope, params, reply }) => {
      const file = await service.openReleaseNote(ctx, scope, params.id);
      // Shown in the browser (the web renders Markdown itself, sanitized); never sniffed into another type.
      await reply
        .type(file.contentType === 'text/markdown' ? 'text/markdown; charset=utf-8' : file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName, { type: 'inline' }))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.content);
      return '';
    },
    addReleaseNote: ({ scope, req }) => service.addReleaseNote(ctx, scope, req),
    deleteReleaseNote: ({ query }) => service.deleteReleaseNote(ctx, query.id),
  });
}
