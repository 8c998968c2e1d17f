import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { EndpointDef, EndpointResponse } from '@vigil/contract';

/**
 * Request handlers generated from the contract's endpoint declarations (docs/architecture.md "Web:
 * the testing folder"): a test names the endpoint (`offices.getOffice`) and gives a typed answer;
 * the method and URL come from the declaration as lib/api-client.ts builds them ('/api/' + path,
 * `{id}` a path parameter), so no test writes a URL. The answer is checked against the endpoint's
 * response schema, so a fixture that drifts from the contract fails where it is declared.
 */

/** One request an endpoint received: its query, path parameters, headers and JSON body (null when none). */
export interface ReceivedRequest {
  query: Record<string, string>;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

/** What an answer function receives: the request as received. */
export type AnswerOf<D extends EndpointDef> = EndpointResponse<D> | ((request: ReceivedRequest) => EndpointResponse<D> | Promise<EndpointResponse<D>>);

/** The msw path of an endpoint: '/api/hospital/{id}' becomes '/api/hospital/:id'. */
export function mswPath(def: Pick<EndpointDef, 'path'>): string {
  return '/api/' + def.path.replace(/\{(\w+)\}/g, ':$1');
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

async function received(request: Request, params: PathParams): Promise<ReceivedRequest> {
  const url = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return {
    query: Object.fromEntries(url.searchParams),
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    headers: Object.fromEntries(request.headers),
    body,
  };
}

function handlerOf<D extends EndpointDef>(def: D, resolve: (r: ReceivedRequest) => Promise<Response>, calls?: ReceivedRequest[]) {
  const method = methods[def.method as keyof typeof methods];
  if (!method) { throw new Error(`No msw handler for method ${def.method} (${def.path})`); }
  const resolver: HttpResponseResolver<PathParams, DefaultBodyType> = async ({ request, params }) => {
    const r = await received(request, params);
    calls?.push(r);
    return resolve(r);
  };
  return method(mswPath(def), resolver);
}

/**
 * A handler that answers `def` with the envelope `{ resFlag: true, data, msg: '' }` (the API's
 * success shape), `data` being `answer` or what `answer(request)` returns. Throws (failing the
 * test) when the answer does not match the endpoint's response schema. `calls`, when given,
 * collects every request received (to assert what a screen asked for).
 */
export function answer<D extends EndpointDef>(def: D, data: AnswerOf<D>, calls?: ReceivedRequest[]) {
  return handlerOf(
    def,
    async (r) => {
      const value = typeof data === 'function' ? await (data as (request: ReceivedRequest) => EndpointResponse<D> | Promise<EndpointResponse<D>>)(r) : data;
      const checked = def.response.safeParse(value);
      if (!checked.success) { throw new Error(`The test's answer to ${def.method} ${def.path} does not match the contract: ${checked.error.message}`); }
      return HttpResponse.json({ resFlag: true, data: value, msg: '' }, { status: def.successStatus ?? 200 });
    },
    calls,
  );
}

/** What a refusal carries besides its message: the error code and per-field messages (a 400), and where to collect requests. */
export interface RefusalOptions {
  code?: string;
  errors?: Record<string, string>;
  calls?: ReceivedRequest[];
}

/** A handler that refuses `def` as the API does: HTTP `status` with the envelope `{ resFlag: false, msg, code, errors }`. */
export function refuse<D extends EndpointDef>(def: D, status: number, msg: string, opts: RefusalOptions = {}) {
  return handlerOf(def, async () => HttpResponse.json({ resFlag: false, data: null, msg, code: opts.code, errors: opts.errors }, { status }), opts.calls);
}
