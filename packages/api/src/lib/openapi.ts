import { z } from 'zod';
import { allEndpoints, envelopeOf, errorEnvelopeSchema, type EndpointDef } from '@vigil/contract';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
}

function parameters(def: EndpointDef) {
  const out: Record<string, unknown>[] = [];
  const add = (where: 'header' | 'query' | 'path', obj: z.ZodObject | undefined) => {
    if (!obj) { return; }
    for (const [name, field] of Object.entries(obj.shape)) {
      const f = field as z.ZodType;
      out.push({ name, in: where, required: where === 'path' || !f.safeParse(undefined).success, schema: schemaOf(f, 'input') });
    }
  };
  add('header', def.headers);
  add('query', def.query);
  add('path', def.params);
  return out;
}

/**
 * The OpenAPI 3.1 document, generated from the contract's declarations (served at
 * `GET /api/openapi.json`). JSON Schemas come from zod's own converter.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of allEndpoints) {
    const url = '/api/' + def.path;
    const op: Record<string, unknown> = {
      operationId: `${def.method.toLowerCase()}_${def.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      summary: def.summary,
      tags: [def.tag],
      parameters: parameters(def),
      security: def.permission === 'public' ? [] : [{ SessionGuid: [] }],
      'x-permission': def.permission,
      responses: {
        [String(def.successStatus ?? 200)]: def.binary
          ? { description: 'A file' }
          : { description: 'Success', content: { 'application/json': { schema: schemaOf(envelopeOf(def.response), 'output') } } },
        default: { description: 'Failure', content: { 'application/json': { schema: schemaOf(errorEnvelopeSchema, 'output') } } },
      },
    };
    if (def.body) { op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } }; }
    if (def.multipart) {
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
      };
    }
    paths[url] = { ...paths[url], [def.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil API',
      version: '0.1.0',
      description: 'Remote patient monitoring and care management. Every answer is the envelope { resFlag, data, msg }.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { SessionGuid: { type: 'apiKey', in: 'header', name: 'SessionGuid' } } },
    paths,
  };
}
