import type { FastifyInstance } from 'fastify';
import { ecp } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { verifyEcpSignature } from '../../lib/ecp-client';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
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
 * The webhook, registered in its own plugin context with `pickGroup`; the rest of the group with
 * `omitGroup` of the same keys, so the two registrations are the whole group, each one's handlers
 * complete at compile time (docs/architecture.md "The route chain").
 */
const WEBHOOK_ENDPOINTS = ['ecpWebhook'] as const;

/**
 * ECP endpoints: endpoints.txt "ECP (external care platform)", portal-spec.md section 7 "ECP". The
 * webhook lives in its own plugin context whose body parser checks the ECP signature
 * (lib/ecp-client.ts) before the body is read as JSON: 401 otherwise.
 */
export function ecpRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(ecp, WEBHOOK_ENDPOINTS), {
    createResidentFromEcpLog: ({ scope, body }) => service.createFromLog(ctx, scope, body.ecpLogId, 'resident'),
    createUserFromEcpLog: ({ scope, body }) => service.createFromLog(ctx, scope, body.ecpLogId, 'user'),
    getEcpMappingLocation: ({ scope, headers }) => service.locations(ctx, scope, headers.hospitalid),
    doAutomaticEcpUsersMapping: ({ scope, headers }) => service.automaticMapping(ctx, scope, headers.hospitalid, 'user'),
    doAutomaticEcpResidentsMapping: ({ scope, headers }) => service.automaticMapping(ctx, scope, headers.hospitalid, 'resident'),
    doFinalizeMeasurementsAutomatically: ({ scope, headers }) => service.finalize(ctx, scope, headers.hospitalid),
    setEcpLocationMapping: ({ scope, body }) => service.setLocation(ctx, scope, body),
    getEcpLogs: ({ scope, headers, query }) => service.logs(ctx, scope, headers.hospitalid, query.kind),
    setEcpLogMapping: ({ scope, params, body }) => service.setMapping(ctx, scope, params.id, body.vigilUserId),
    getEcpOrganizations: ({ scope }) => service.ecpOrganizations(ctx, scope),
    doAutomaticEcpOrganizationsMapping: ({ scope }) => service.automaticOrganizationMapping(ctx, scope),
    setEcpOrganizationMapping: ({ scope, params, body }) => service.setOrganizationMapping(ctx, scope, params.id, body.organizationId),
    getEcpOutbound: ({ scope, headers, query }) => service.outbound(ctx, scope, headers.hospitalid, query.status),
    retryEcpOutbound: ({ scope, params }) => service.retry(ctx, scope, params.id),
  });

  void app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      if (!verifyEcpSignature(ctx.config.ecp.webhookSecret, req.headers['ecp-signature'], raw)) { return done(new AppError('unauthorized', 'ecpSignatureInvalid'), undefined); }
      done(null, new VerifiedEcpDelivery(raw));
    });
    registerGroup(webhook, ctx, pickGroup(ecp, WEBHOOK_ENDPOINTS), {
      ecpWebhook: ({ req }) => {
        if (!(req.body instanceof VerifiedEcpDelivery)) {
          if (!verifyEcpSignature(ctx.config.ecp.webhookSecret, req.headers['ecp-signature'], Buffer.alloc(0))) { throw new AppError('unauthorized', 'ecpSignatureInvalid'); }
          return service.receiveWebhook(ctx, Buffer.alloc(0));
        }
        return service.receiveWebhook(ctx, req.body.raw);
      },
    });
  });
}
