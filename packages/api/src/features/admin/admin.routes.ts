import type { FastifyInstance } from 'fastify';
import { admin } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import { findImportRuns, getImportRun } from '../import/index';
import * as service from './admin.service';

/** Vigil's own administration: FHIR import (system admins) and the e-mail outbox. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, admin, {
    runImport: ({ scope, body }) => service.runImport(ctx, scope, body),
    uploadImport: ({ scope, req }) => service.uploadImport(ctx, scope, req),
    findImportRuns: ({ scope, query }) => findImportRuns(ctx, scope, query),
    getImportRun: ({ scope, params }) => getImportRun(ctx, scope, params.id),
    findOutbox: ({ scope, query }) => service.findOutbox(ctx, scope, query),
  });
}
