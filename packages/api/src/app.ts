import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { message } from '@vigil/contract';
import type { AppConfig } from './config/index';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { seedReferenceData } from './db/seed/reference';
import { visitSocketRooms } from './features/appointments/index';
import { recordApiKeyUse } from './features/api-keys/index';
import { resolveSession } from './features/auth/index';
import { writeHubCheckIn } from './features/devices/index';
import { noteDetailsWriter } from './features/medical-notes/index';
import { useNoteDetailsWriter } from './features/time-tracking/index';
import { seedDrugProducts, warmDrugSearch } from './features/prescriptions/index';
import { auditRecordLookups, featureModules } from './features/index';
import { ensureIcd10cmLoaded, warmIcd10cmSearch } from './features/diagnoses/index';
import { FHIR_BASE_PATH, sendFhirNotSupported } from './features/fhir-api/index';
import { startAppJobs } from './jobs/app-jobs';
import { useApiKeyUseRecorder } from './lib/api-key-auth';
import { useHubCheckInRecorder } from './lib/hub-auth';
import { gatherJobs } from './lib/feature-module';
import { createMailer } from './lib/mailer';
import { buildOpenApiDocument } from './lib/openapi';
import { registerAccessGate } from './plugins/access';
import { registerAuth } from './plugins/auth';
import { registerOperations } from './plugins/operations';
import { frameworkErrorHandler, refuseSecretsInQuery } from './lib/request-guards';
import { clientErrorHandler, registerErrorHandling, safeError } from './plugins/errors';
import { AppError } from './lib/app-error';
import { auditTrail } from './lib/audit-trail';
import { recordSystemLog } from './lib/system-log';
import { requestLang } from './lib/lang';
import { createRealtime } from './realtime/realtime';
import { registerRealtimeSocket } from './realtime/socket';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Profile pictures may be 2 MB; the multipart limit leaves room for the envelope of the form. */
export const MULTIPART_FILE_LIMIT = 2 * 1024 * 1024;

/**
 * The longest request target (path and query) answered: longer ones get 414 in the envelope
 * (docs/security.md "Bad input"). Node's own limit is `maxHeaderSize` (16 KB, request line
 * included), answered 431 by `clientErrorHandler`.
 */
export const MAX_URL_LENGTH = 4096;

/**
 * Security headers (helmet), the middleware built once: @fastify/helmet builds it again on every
 * request (parsing the policy each time: measured about 3% of the API's CPU on small answers).
 * X-Frame-Options DENY says what the CSP's frame-ancestors 'none' says, for browsers without CSP 2.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Off: the embedded default serves plain http on localhost, where an upgrade breaks every asset.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
});

/** The name/value pairs `securityHeaders` sets: helmet's headers do not depend on the request. */
function securityHeaderPairs(): Array<[string, string]> {
  const pairs = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => pairs.set(name, Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => pairs.delete(name),
  };
  securityHeaders({} as never, res as never, () => undefined);
  return [...pairs.entries()];
}

/**
 * Builds the server: database (migrated, reference data seeded), security headers, the session
 * guard, every feature module's routes (features/index.ts), the OpenAPI document and docs page, and the built web app.
 * `database` may be passed in (tests share one per file); `logStream` receives the log lines
 * instead of stdout (tests read what the server logs).
 */
export async function buildApp(config: AppConfig, database?: Database, options: { logStream?: { write: (line: string) => void } } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: { paths: ['req.headers.sessionguid', 'req.headers.authorization', 'req.headers.cookie', 'req.headers.surveytoken'], censor: '[redacted]' },
            serializers: {
              // Never log query strings: tokens and identifiers must not reach logs.
              req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
              // Never log an error's message: a driver error's message holds the query's parameters (errors.ts).
              err: safeError as (err: Error) => { type: string; message: string; stack: string },
            },
          },
    clientErrorHandler: clientErrorHandler(securityHeaderPairs()),
    // A too-long path parameter (414) or an undecodable path, in the envelope with the security headers (lib/request-guards.ts).
    frameworkErrors: frameworkErrorHandler(securityHeaderPairs()),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
  });
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir }));
  await seedReferenceData(db.db);
  await seedDrugProducts(db.db, config.drugProducts);
  await ensureIcd10cmLoaded(db.db, config.icd10cmData);
  const ctx = {
    config,
    database: db,
    db: db.db,
    mailer: createMailer(db.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, queue: () => ctx.jobs }),
    log: app.log,
    realtime: createRealtime({ redisUrl: config.redisUrl, log: app.log }),
    auditRecords: auditRecordLookups,
  } as AppContext;
  // The owners' writers for code that may not import them (docs/architecture.md "Table ownership"):
  // lib's principals record a key's use and a hub's check-in; time tracking keeps the note details
  // of its entries (medical notes, which call time tracking for their entries).
  useApiKeyUseRecorder(ctx, recordApiKeyUse);
  useHubCheckInRecorder(ctx, writeHubCheckIn);
  useNoteDetailsWriter(noteDetailsWriter);
  // The job queue (jobs/queue.ts; README "Jobs"): pg-boss on this database when VIGIL_JOBS_ENABLED.
  // The feature modules' queues with the runner's own (lib/feature-module.ts).
  ctx.jobs = await startAppJobs(ctx, (full) => gatherJobs(featureModules, full));
  // The diagnosis search's in-memory index of the current release, built now rather than on the
  // first keystroke (docs/diagnoses.md "Search").
  await warmIcd10cmSearch(ctx);
  // The drug search's in-memory index of the current catalogue, likewise (docs/prescriptions.md "Search").
  await warmDrugSearch(ctx);
  if (!database) { app.addHook('onClose', async () => db.close()); }
  // onClose hooks run last-added first: jobs and sockets stop before the database closes.
  app.addHook('onClose', async () => {
    await auditTrail(ctx).flush(); // the audit events recorded so far are stored before the database closes
    await ctx.jobs.close();
    await ctx.realtime.close();
  });

  registerAccessGate(app);
  // A 500 is also a system log line with its request id (docs/audit.md "System logs"): kind and codes only.
  registerErrorHandling(app, (req, safe) => {
    void recordSystemLog(ctx.db, {
      level: 'error',
      kind: 'serverError',
      source: `${req.method} ${req.routeOptions.url ?? ''}`,
      message: 'Unexpected server error',
      requestId: String(req.id),
      userId: req.scope?.userId ?? null,
      organizationId: req.scope?.organizationId ?? null,
      details: { errName: String(safe.type ?? ''), errCode: safe.code === undefined ? undefined : String(safe.code), causeCode: safe.causeCode as string | undefined },
    });
  });
  await app.register(cookie);
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.length <= MAX_URL_LENGTH) { return done(); }
    req.lang = requestLang(req);
    done(new AppError('uriTooLong', 'uriTooLong'));
  });
  // Bearer tokens are accepted only in headers and bodies, never in query strings (docs/security.md).
  app.addHook('onRequest', refuseSecretsInQuery);
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1, fields: 10 } });
  registerAuth(app, ctx, resolveSession);
  // Request metrics for every route below, /metrics, /healthz and /readyz (docs/operations.md).
  registerOperations(app, ctx);
  app.addHook('onSend', async (req, reply, payload) => {
    // An answer with an entity tag (lib/route JsonText) keeps its own "private, no-cache": the browser may keep it and must ask again with If-None-Match.
    if (req.url.startsWith('/api/') && !reply.hasHeader('etag')) { reply.header('Cache-Control', 'no-store'); }
    // The public report page and its API (share links, spec section 2) are never indexed.
    if (/^\/(measurements|survey|api\/publiclink|api\/surveylink)(\/|\?|$)/i.test(req.url)) { reply.header('X-Robots-Tag', 'noindex, nofollow'); }
    return payload;
  });

  const document = buildOpenApiDocument();
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' }, staticCSP: true });
  app.route({ method: 'GET', url: '/api/openapi.json', config: { public: true }, handler: async () => document });

  await registerRealtimeSocket(app, ctx, resolveSession, { rooms: visitSocketRooms(ctx) });
  for (const feature of featureModules) { feature.routes?.(app, ctx); }

  // The index is revalidated on every load (ETag, `no-cache`); it names the hashed assets, which
  // never change under their name and so are cached for a year as immutable (setHeaders below).
  const sendIndex = (reply: FastifyReply) => {
    const index = path.join(config.webDist, 'index.html');
    if (!fs.existsSync(index)) { return reply.code(404).send('Not found: build the web app with `npm run build`'); }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  app.route({ method: 'GET', url: '/', config: { public: true }, handler: (_req, reply) => sendIndex(reply) });
  // The account-validation link (spec section 2) is a web page that lives under /api; a fixed
  // route wins over `user/{id}`.
  app.route({ method: 'GET', url: '/api/user/validatetoken', config: { public: true }, handler: (_req, reply) => sendIndex(reply) });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send({ resFlag: false, data: null, msg: message('notFound', req.lang), code: 'notFound' });
    }
    if (req.url.startsWith(`${FHIR_BASE_PATH}/`)) { return sendFhirNotSupported(reply); }
    // The single-page app: any other path is a client route (unknown ones go to /auth/login there).
    if (req.url.startsWith('/assets/') || req.method !== 'GET') { return reply.code(404).send('Not found'); }
    return sendIndex(reply);
  });
  if (fs.existsSync(config.webDist)) {
    // Brotli and gzip copies are made at build (packages/web/vite.config.ts) and chosen by the
    // request's Accept-Encoding.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: false,
      serve: true,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const hashed = path.relative(config.webDist, filePath).startsWith('assets' + path.sep);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return { app, ctx };
}
