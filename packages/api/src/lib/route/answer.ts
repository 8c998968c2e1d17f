/**
 * The answer (docs/architecture.md "The route chain"): the route's handler calls the feature's
 * handler with the parsed input and wraps its result in the spec's envelope
 * (`{ resFlag, data, msg }`), or sends it as the database's JSON text (`JsonText`), or answers 304
 * (`NotModified`); a `binary` endpoint's handler has sent its file itself. With
 * `validateResponses` on (tests), an answer that breaks its contract fails loudly. The handler's
 * outcome and answer are left on the call for the concerns that act after it (audit.ts,
 * session-refresh.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError, statusOf } from '../app-error';
import { envelopeOf, sendAnswer, sendNotModified } from '../versioned-answers';
import { callOf, JsonText, NotModified, type Handler, type HandlerInput } from './types';

function breaksContract(def: EndpointDef, data: unknown): Error | null {
  const checked = def.response.safeParse(data);
  return checked.success ? null : new Error(`response of ${def.method} ${def.path} breaks its contract: ${checked.error.message}`);
}

/** The route handler of `def`: runs `handler` and sends its answer. */
export function answer<D extends EndpointDef>(def: D, ctx: AppContext, handler: Handler<D>) {
  const status = def.successStatus ?? 200;
  return async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const call = callOf(req);
    const input = call.input ?? { headers: undefined, query: undefined, params: undefined, body: undefined };
    call.handled = true;
    call.outcome = status;
    let data: Awaited<ReturnType<Handler<D>>>;
    try {
      data = await handler({ ...input, scope: req.scope, hub: call.asHub ? req.hub : null, req, reply } as HandlerInput<D>);
    } catch (error) {
      call.outcome = error instanceof AppError ? statusOf[error.code] : 500;
      throw error;
    }
    if (def.binary) { return reply; }
    if (data instanceof NotModified) { return sendNotModified(reply, data.etag); }
    if (data instanceof JsonText) {
      // Already the JSON of `data` (built by the database): checked like any answer, sent as is or compressed.
      if (ctx.config.validateResponses) {
        const broken = breaksContract(def, JSON.parse(data.text));
        if (broken) { throw broken; }
      }
      const encoded = data.answer ?? { envelope: envelopeOf(data.text), gzip: null, br: null };
      return sendAnswer(req, reply, encoded, { status, ...(data.etag ? { etag: data.etag } : {}) });
    }
    call.answer = data;
    if (ctx.config.validateResponses) {
      const broken = breaksContract(def, data);
      if (broken) { throw broken; }
    }
    return reply.code(status).send({ resFlag: true, data: data ?? null, msg: 'OK' });
  };
}
