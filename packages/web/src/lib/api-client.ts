import { buildPath, type EndpointDef, type EndpointResponse, type In } from '@vigil/contract';
import i18n, { currentLang } from './i18n';

/** The spec's API time-out (section 9). */
export const API_TIMEOUT_MS = 60_000;

/** A failed call: the server's message in the user's language, per-field messages, the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface CallInput<D extends EndpointDef> {
  headers?: In<D['headers']>;
  query?: In<D['query']>;
  params?: In<D['params']>;
  body?: In<D['body']>;
  /** multipart upload */
  form?: FormData;
  signal?: AbortSignal;
}

let sessionGuid: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setSessionGuid(token: string | null): void {
  sessionGuid = token;
}
/** True once the signed-in session's guid is set (lib/auth.tsx), so calls carry it. */
export function hasSessionGuid(): boolean {
  return sessionGuid !== null;
}
/** Called when a signed-in call answers 401: the session has ended on the server. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function toText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

function requestOf<D extends EndpointDef>(def: D, input: CallInput<D>): { url: string; init: RequestInit } {
  const url = new URL('/api/' + buildPath(def.path, (input.params ?? {}) as Record<string, string | number>), window.location.origin);
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null && v !== '') { url.searchParams.set(k, toText(v)); }
  }
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  if (sessionGuid) { headers.SessionGuid = sessionGuid; }
  for (const [k, v] of Object.entries((input.headers ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) { headers[k] = toText(v); }
  }
  let body: BodyInit | undefined;
  if (input.form) { body = input.form; }
  else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  return { url: url.pathname + url.search, init: { method: def.method, headers, body } };
}

async function send<D extends EndpointDef>(def: D, input: CallInput<D>): Promise<Response> {
  const { url, init } = requestOf(def, input);
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const res = await fetch(url, { ...init, signal });
  if (!res.ok) {
    const env = (await res.json().catch(() => null)) as { msg?: string; code?: string; errors?: Record<string, string> } | null;
    if (res.status === 401 && sessionGuid && def.permission !== 'public') { onUnauthorized?.(); }
    // A record of another office or organization reads as not found, never as a bad id: the
    // spec's by-id message "Invalid id" (section 8) is for the API's callers, not for a person.
    const msg = res.status === 404 && env?.code === 'invalidId' ? i18n.t('common:errors.outOfScope') : (env?.msg ?? res.statusText);
    throw new ApiError(res.status, msg, env?.code, env?.errors ?? {});
  }
  return res;
}

/**
 * Calls one contract endpoint: path, headers and query from its declaration, the SessionGuid and
 * the UI language on every call. Resolves to the envelope's `data`; throws ApiError when resFlag
 * is false or the status is not 2xx.
 */
export async function call<D extends EndpointDef>(def: D, input: CallInput<D> = {}): Promise<EndpointResponse<D>> {
  const res = await send(def, input);
  const env = (await res.json()) as { resFlag: boolean; data: EndpointResponse<D>; msg: string; code?: string };
  if (!env.resFlag) { throw new ApiError(res.status, env.msg, env.code); }
  return env.data;
}

/** Calls a file endpoint (image, CSV, PDF) and resolves to its Blob. */
export async function callBlob<D extends EndpointDef>(def: D, input: CallInput<D> = {}): Promise<Blob> {
  return (await send(def, input)).blob();
}

/** Bytes moved so far and the total (0 when the server does not say), for a transfer's progress. */
export type TransferProgress = (completed: number, total: number) => void;

/**
 * Calls a file endpoint and resolves to its Blob, reporting the bytes read as they arrive (a
 * fetch body stream; the total from Content-Length). Errors as `call`.
 */
export async function callBlobWithProgress<D extends EndpointDef>(def: D, input: CallInput<D>, onProgress: TransferProgress): Promise<Blob> {
  const res = await send(def, input);
  const total = Number(res.headers.get('Content-Length') ?? 0) || 0;
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.body) {
    const blob = await res.blob();
    onProgress(blob.size, blob.size);
    return blob;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let completed = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) { break; }
    chunks.push(value);
    completed += value.length;
    onProgress(completed, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * Sends a multipart upload (`input.form`) with XMLHttpRequest, whose upload events report the
 * bytes sent (fetch reports none), and resolves to the envelope's `data`. Errors as `call`
 * (ApiError with the server's message); a network failure, an abort or the API time-out is an
 * ApiError of status 0 and code 'network' with no message (the caller says it in its words).
 */
export function uploadWithProgress<D extends EndpointDef>(def: D, input: CallInput<D>, onProgress: TransferProgress): Promise<EndpointResponse<D>> {
  const { url, init } = requestOf(def, input);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, url);
    xhr.timeout = API_TIMEOUT_MS;
    for (const [k, v] of Object.entries(init.headers as Record<string, string>)) { xhr.setRequestHeader(k, v); }
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    const failed = () => reject(new ApiError(0, '', 'network'));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.onload = () => {
      type Envelope = { resFlag?: boolean; data?: EndpointResponse<D>; msg?: string; code?: string; errors?: Record<string, string> };
      let env: Envelope | null;
      try {
        env = JSON.parse(xhr.responseText) as Envelope | null;
      } catch {
        env = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && env?.resFlag) { return resolve(env.data as EndpointResponse<D>); }
      if (xhr.status === 401 && sessionGuid && def.permission !== 'public') { onUnauthorized?.(); }
      const msg = xhr.status === 404 && env?.code === 'invalidId' ? i18n.t('common:errors.outOfScope') : (env?.msg ?? xhr.statusText);
      reject(new ApiError(xhr.status, msg, env?.code, env?.errors ?? {}));
    };
    input.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as FormData);
  });
}
