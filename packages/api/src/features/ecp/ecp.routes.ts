import type { FastifyInstance } from 'fastify';
import { ecp } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { verifyEcpSignature } from '../../lib/ecp-client';
import { registerEndpoint } from '../../lib/route';
import * as service from './ecp.service';

/** A webhook body whose signature was verified; the bytes in a private field (the input guard sees none). */
class VerifiedEcpDelivery {
  readonly #raw: Buffer;
  constructor(raw: Buffer) {
    this.#raw = raw;
  }
  get raw(): Buffer {
    return this.#raw;
  }
}

/**
 * ECP endpoints: endpoints.txt "ECP (external care platform)", portal-spec.md section 7 "ECP". The
 * webhook lives in its own plugin context whose body parser checks the ECP signature
 * (lib/ecp-client.ts) before the body is read as JSON: 401 otherwise.
 */
export function ecpRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, ecp.createResidentFromEcpLog, ({ scope, body }) => service.createFromLog(ctx, scope, body.ecpLogId, 'resident'));
  registerEndpoint(app, ctx, ecp.createUserFromEcpLog, ({ scope, body }) => service.createFromLog(ctx, scope, body.ecpLogId, 'user'));
  registerEndpoint(app, ctx, ecp.getEcpMappingLocation, ({ scope, headers }) => service.locations(ctx, scope, headers.hospitalid));
  registerEndpoint(app, ctx, ecp.doAutomaticEcpUsersMapping, ({ scope, headers }) => service.automaticMapping(ctx, scope, headers.hospitalid, 'user'));
  registerEndpoint(app, ctx, ecp.doAutomaticEcpResidentsMapping, ({ scope, headers }) => service.automaticMapping(ctx, scope, headers.hospitalid, 'resident'));
  registerEndpoint(app, ctx, ecp.doFinalizeMeasurementsAutomatically, ({ scope, headers }) => service.finalize(ctx, scope, headers.hospitalid));
  registerEndpoint(app, ctx, ecp.setEcpLocationMapping, ({ scope, body }) => service.setLocation(ctx, scope, body));
  registerEndpoint(app, ctx, ecp.getEcpLogs, ({ scope, headers, query }) => service.logs(ctx, scope, headers.hospitalid, query.kind));
  registerEndpoint(app, ctx, ecp.setEcpLogMapping, ({ scope, params, body }) => service.setMapping(ctx, scope, params.id, body.vigilUserId));
  registerEndpoint(app, ctx, ecp.getEcpOrganizations, ({ scope }) => service.ecpOrganizations(ctx, scope));
  registerEndpoint(app, ctx, ecp.doAutomaticEcpOrganizationsMapping, ({ scope }) => service.automaticOrganizationMapping(ctx, scope));
  registerEndpoint(app, ctx, ecp.setEcpOrganizationMapping, ({ scope, params, body }) => service.setOrganizationMapping(ctx, scope, params.id, body.organizationId));
  registerEndpoint(app, ctx, ecp.getEcpOutbound, ({ scope, headers, query }) => service.outbound(ctx, scope, headers.hospitalid, query.status));
  registerEndpoint(app, ctx, ecp.retryEcpOutbound, ({ scope, params }) => service.retry(ctx, scope, params.id));

  void app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      if (!verifyEcpSignature(ctx.config.ecp.webhookSecret, req.headers['ecp-signature'], raw)) { return done(new AppError('unauthorized', 'ecpSignatureInvalid'), undefined); }
      done(null, new VerifiedEcpDelivery(raw));
    });
    registerEndpoint(webhook, ctx, ecp.ecpWebhook, ({ req }) => {
      if (!(req.body instanceof VerifiedEcpDelivery)) {
        if (!verifyEcpSignature(ctx.config.ecp.webhookSecret, req.headers['ecp-signature'], Buffer.alloc(0))) { throw new AppError('unauthorized', 'ecpSignatureInvalid'); }
        return service.receiveWebhook(ctx, Buffer.alloc(0));
      }
      return service.receiveWebhook(ctx, req.body.raw);
    });
  });
}
