import type { FastifyInstance } from 'fastify';
import { admin } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import { findImportRuns, getImportRun } from '../import/index';
import * as service from './admin.service';

/** Vigil's own administration: FHIR import (system admins) and the e-mail outbox. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, admin.runImport, ({ scope, body }) => service.runImport(ctx, scope, body));
  registerEndpoint(app, ctx, admin.uploadImport, ({ scope, req }) => service.uploadImport(ctx, scope, req));
  registerEndpoint(app, ctx, admin.findImportRuns, ({ scope, query }) => findImportRuns(ctx, scope, query));
  registerEndpoint(app, ctx, admin.getImportRun, ({ scope, params }) => getImportRun(ctx, scope, params.id));
  registerEndpoint(app, ctx, admin.findOutbox, ({ scope, query }) => service.findOutbox(ctx, scope, query));
}
