import type { FastifyInstance } from 'fastify';
import { terra } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
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
 * The webhook, registered in its own plugin context with `pickGroup`; the rest of the group with
 * `omitGroup` of the same keys, so the two registrations are the whole group, each one's handlers
 * complete at compile time (docs/architecture.md "The route chain").
 */
const WEBHOOK_ENDPOINTS = ['terraEventHandler'] as const;

/**
 * Terra endpoints: endpoints.txt "Terra (wearables)", portal-spec.md section 7. The webhook lives
 * in its own plugin context whose only body parser reads the raw bytes and checks Terra's signature
 * (lib/terra-auth.ts) before anything else: a delivery that fails is answered 401 and never parsed.
 */
export function terraRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(terra, WEBHOOK_ENDPOINTS), {
    authorizeTerraForGettingData: ({ scope, body, req }) => service.authorize(ctx, scope, body.patientId, req.lang),
    getTerraUserMappingTable: ({ scope, query }) => service.mappingTable(ctx, scope, query.locationId),
    getEcpUsersForTerraMappings: ({ scope }) => service.ecpUsers(ctx, scope),
    setSendingDataFromTerraToEcp: ({ scope, headers }) => service.setSendingToEcp(ctx, scope, headers.patientid, headers.enablesendingdatatoecp),
    setEcpUserInpersonateId: ({ scope, headers }) => service.setImpersonatedEcpUser(ctx, scope, headers.patientid, headers.ecpuserinpersonateid),
    setTerraFdaCleared: ({ scope, headers }) => service.setFdaCleared(ctx, scope, headers.patientid, headers.fdacleared),
    disconnectTerra: ({ scope, headers }) => service.disconnect(ctx, scope, headers.patientid),
    getTerraEvents: ({ scope, headers }) => service.events(ctx, scope, headers.patientid),
  });

  void app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      const check = verifyTerraSignature(ctx.config.terra.signingSecret, req.headers['terra-signature'], raw);
      if (!check.ok) { return done(new AppError('unauthorized', 'terraSignatureInvalid'), undefined); }
      done(null, new VerifiedDelivery(raw));
    });
    registerGroup(webhook, ctx, pickGroup(terra, WEBHOOK_ENDPOINTS), {
      terraEventHandler: ({ req }) => {
        let delivery = req.body;
        if (!(delivery instanceof VerifiedDelivery)) {
          // No body reached the parser (no content type, or empty): the signature must still cover the empty body.
          const raw = Buffer.alloc(0);
          if (!verifyTerraSignature(ctx.config.terra.signingSecret, req.headers['terra-signature'], raw).ok) { throw new AppError('unauthorized', 'terraSignatureInvalid'); }
          delivery = new VerifiedDelivery(raw);
        }
        return receiveDelivery(ctx, (delivery as VerifiedDelivery).raw, req.headers['x-terra-ordering-timestamp']);
      },
    });
  });
}
