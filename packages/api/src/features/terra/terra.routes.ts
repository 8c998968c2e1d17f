import type { FastifyInstance } from 'fastify';
import { terra } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/route';
import { verifyTerraSignature } from '../../lib/terra-auth';
import { receiveDelivery } from './terra-events';
import * as service from './terra.service';

/**
 * A webhook body whose signature was verified: the exact bytes, kept in a private field (the input
 * guard walks enumerable fields and finds none here).
 */
class VerifiedDelivery {
  readonly #raw: Buffer;
  constructor(raw: Buffer) {
    this.#raw = raw;
  }
  get raw(): Buffer {
    return this.#raw;
  }
}

/**
 * Terra endpoints: endpoints.txt "Terra (wearables)", portal-spec.md section 7. The webhook lives
 * in its own plugin context whose only body parser reads the raw bytes and checks Terra's signature
 * (lib/terra-auth.ts) before anything else: a delivery that fails is answered 401 and never parsed.
 */
export function terraRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, terra.authorizeTerraForGettingData, ({ scope, body, req }) => service.authorize(ctx, scope, body.patientId, req.lang));
  registerEndpoint(app, ctx, terra.getTerraUserMappingTable, ({ scope, query }) => service.mappingTable(ctx, scope, query.locationId));
  registerEndpoint(app, ctx, terra.getEcpUsersForTerraMappings, ({ scope }) => service.ecpUsers(ctx, scope));
  registerEndpoint(app, ctx, terra.setSendingDataFromTerraToEcp, ({ scope, headers }) => service.setSendingToEcp(ctx, scope, headers.patientid, headers.enablesendingdatatoecp));
  registerEndpoint(app, ctx, terra.setEcpUserInpersonateId, ({ scope, headers }) => service.setImpersonatedEcpUser(ctx, scope, headers.patientid, headers.ecpuserinpersonateid));
  registerEndpoint(app, ctx, terra.setTerraFdaCleared, ({ scope, headers }) => service.setFdaCleared(ctx, scope, headers.patientid, headers.fdacleared));
  registerEndpoint(app, ctx, terra.disconnectTerra, ({ scope, headers }) => service.disconnect(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, terra.getTerraEvents, ({ scope, headers }) => service.events(ctx, scope, headers.patientid));

  void app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      const check = verifyTerraSignature(ctx.config.terra.signingSecret, req.headers['terra-signature'], raw);
      if (!check.ok) { return done(new AppError('unauthorized', 'terraSignatureInvalid'), undefined); }
      done(null, new VerifiedDelivery(raw));
    });
    registerEndpoint(webhook, ctx, terra.terraEventHandler, ({ req }) => {
      let delivery = req.body;
      if (!(delivery instanceof VerifiedDelivery)) {
        // No body reached the parser (no content type, or empty): the signature must still cover the empty body.
        const raw = Buffer.alloc(0);
        if (!verifyTerraSignature(ctx.config.terra.signingSecret, req.headers['terra-signature'], raw).ok) { throw new AppError('unauthorized', 'terraSignatureInvalid'); }
        delivery = new VerifiedDelivery(raw);
      }
      return receiveDelivery(ctx, (delivery as VerifiedDelivery).raw, req.headers['x-terra-ordering-timestamp']);
    });
  });
}
