/**
 * The input of a call, checked against the endpoint's declaration (docs/security.md "Bad input"):
 * no field may carry a NUL character (lib/input-guard.ts; 400 naming the field, before any schema
 * runs), then headers, query, path parameters and body are parsed by the contract's schemas; any
 * failure answers 400 with per-field messages in the caller's language and the handler never runs.
 * A multipart body is read by its handler (lib/upload.ts), not here.
 */
import type { FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { fieldErrors, type EndpointDef } from '@vigil/contract';
import { AppError } from '../app-error';
import { findNulCharacter } from '../input-guard';
import { callOf, type RouteConcern } from './types';

/**
 * The declared headers of a call: each header of the declaration from the request's headers, else
 * from a query parameter of the same name (any case: a browser cannot set headers on a link).
 */
function pickHeaders(def: EndpointDef, req: FastifyRequest): Record<string, unknown> {
  if (!def.headers) { return {}; }
  const query = (req.query ?? {}) as Record<string, unknown>;
  const lowerQuery = new Map(Object.entries(query).map(([k, v]) => [k.toLowerCase(), v]));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(def.headers.shape)) {
    const value = req.headers[key] ?? lowerQuery.get(key);
    if (value !== undefined) { out[key] = value; }
  }
  return out;
}

/** The parse concern (preValidation): 400 for a NUL character or a part the contract's schemas refuse; else the parsed input on the call. */
export const parse: RouteConcern = (def) => ({
  preValidation: async (req: FastifyRequest) => {
    const pickedHeaders = pickHeaders(def, req);
    const nulAt =
      findNulCharacter(pickedHeaders, '') ?? findNulCharacter(req.query, '') ?? findNulCharacter(req.params, '') ?? (def.multipart ? null : findNulCharacter(req.body, ''));
    if (nulAt !== null) { throw new AppError('badRequest', 'validationFailed', {}, { [nulAt || '_']: 'controlCharacters' }); }
    const errors: Record<string, string> = {};
    const parsePart = <S extends z.ZodType | undefined>(schema: S, input: unknown) => {
      if (!schema) { return undefined; }
      const result = schema.safeParse(input ?? {});
      if (!result.success) {
        Object.assign(errors, fieldErrors(result.error, input, req.lang, ''));
        return undefined;
      }
      return result.data;
    };
    const headers = parsePart(def.headers, pickedHeaders);
    const query = parsePart(def.query, req.query);
    const params = parsePart(def.params, req.params);
    const body = def.multipart ? undefined : parsePart(def.body, req.body);
    if (Object.keys(errors).length > 0) { throw new AppError('badRequest', 'validationFailed', {}, undefined, undefined, errors); }
    callOf(req).input = { headers, query, params, body };
  },
});
