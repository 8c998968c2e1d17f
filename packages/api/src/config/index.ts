import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root: the nearest folder above this module holding `packages/api/package.json`
 * (this module runs from packages/api/src/config, or bundled from packages/api/dist).
 */
export const repoRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'packages/api/package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) { throw new Error('cannot find the repository root above ' + fileURLToPath(import.meta.url)); }
    dir = up;
  }
  return dir;
})();

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable Vigil reads; the README lists the same set. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VIGIL_DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  VIGIL_PUBLIC_URL: z.string().url().refine((u) => /^https?:\/\//.test(u), 'VIGIL_PUBLIC_URL must be an http(s) address').optional(),
  VIGIL_WEBAUTHN_ORIGIN: z.string().url().refine((u) => /^https?:\/\//.test(u), 'VIGIL_WEBAUTHN_ORIGIN must be an http(s) address').optional(),
  NODE_ENV: z.string().optional(),
  VIGIL_ENVIRONMENT_NAME: z.string().default('DEMO'),
  VIGIL_SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  VIGIL_SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  VIGIL_SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  VIGIL_SIGNIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  VIGIL_SIGNIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  VIGIL_SIGNIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  VIGIL_SECRET_KEY: z.string().min(32, 'VIGIL_SECRET_KEY must be at least 32 characters').optional(),
  VIGIL_MFA_REMEMBER_DAYS: z.coerce.number().int().min(0).max(90).default(30),
  VIGIL_SMTP_URL: z.string().optional(),
  VIGIL_MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  VIGIL_SEED_DEMO: bool.default(true),
  VIGIL_DEMO_DATA: z.string().optional(),
  VIGIL_WEB_DIST: z.string().default(path.join(repoRoot, 'packages/web/dist')),
  VIGIL_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  VIGIL_JOBS_ENABLED: bool.default(true),
  VIGIL_JOBS_WORKERS: bool.default(true),
  VIGIL_JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  VIGIL_JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  VIGIL_JOBS_STOP_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  VIGIL_TRUST_PROXY: bool.default(false),
  // docs/operations.md "Metrics": who may read /metrics.
  VIGIL_METRICS_TOKEN: z.string().min(16, 'VIGIL_METRICS_TOKEN must be at least 16 characters').optional(),
  VIGIL_METRICS_ALLOW: z.string().optional(),
  VIGIL_MISSED_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  VIGIL_SYSTEM_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  VIGIL_REMINDER_LEAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  VIGIL_REFERENCE_SEARCH_CACHE: z.coerce.number().int().min(0).max(100_000).default(1000),
  VIGIL_AUDIT: bool.default(true),
  VIGIL_AUDIT_KEY_FILE: z.string().optional(),
  VIGIL_AUDIT_KEY: z.string().optional(),
  VIGIL_AUDIT_CHECKPOINT_FILE: z.string().optional(),
  VIGIL_AUDIT_CHECKPOINT_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  VIGIL_AUDIT_VERIFICATION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  VIGIL_APPOINTMENT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  VIGIL_TURN_URLS: z.string().optional(),
  VIGIL_TURN_SECRET: z.string().optional(),
  VIGIL_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  VIGIL_ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  // docs/video-visits.md "Ringing": how long a ring of initvideocallwithuser waits for an answer before it is missed.
  VIGIL_RING_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(45),
  // docs/support.md: the largest file a support thread accepts (at most the declared 50 MB ceiling).
  VIGIL_SUPPORT_MAX_FILE_BYTES: z.coerce.number().int().min(1).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  VIGIL_CCM_MAX_FILE_BYTES: z.coerce.number().int().min(1).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  VIGIL_TERRA_API_URL: z.string().url().default('https://api.tryterra.co/v2'),
  VIGIL_TERRA_DEV_ID: z.string().optional(),
  VIGIL_TERRA_API_KEY: z.string().optional(),
  VIGIL_TERRA_SIGNING_SECRET: z.string().optional(),
  VIGIL_TERRA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  VIGIL_ECP_API_URL: z.string().url().optional(),
  VIGIL_ECP_API_KEY: z.string().optional(),
  VIGIL_ECP_WEBHOOK_SECRET: z.string().optional(),
  VIGIL_SSO_ALLOW_HTTP_ISSUER: bool.default(false),
  VIGIL_SSO_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  VIGIL_ECP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database (tests). */
  pgliteDataDir: string;
  redisUrl?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** VIGIL_PUBLIC_URL without a trailing slash; absent: links name http://localhost:<port>, never the request's Host (lib/public-url.ts). */
  publicUrl?: string;
  /**
   * The origin passkeys are registered and used at (VIGIL_WEBAUTHN_ORIGIN; its host is the WebAuthn
   * relying-party ID), when staff use the portal at another address than VIGIL_PUBLIC_URL's; absent:
   * VIGIL_PUBLIC_URL's origin (docs/security.md "Multi-factor authentication").
   */
  webauthnOrigin?: string;
  /** NODE_ENV=production: start-up refuses a missing VIGIL_PUBLIC_URL (lib/public-url.ts assertPublicUrlConfigured). */
  production: boolean;
  environmentName: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** How long a resolved session scope is reused without reading the database (0: never; see lib/session-cache.ts). */
  sessionCacheMs: number;
  signInMaxFailures: number;
  signInMaxFailuresPerIp: number;
  signInWindowMinutes: number;
  /**
   * The key that encrypts secrets at rest (TOTP secrets; lib/secret-box.ts), VIGIL_SECRET_KEY, at
   * least 32 characters. Absent outside production: a fixed development key; absent in production:
   * TOTP enrolment answers 409 mfaUnavailable (docs/security.md "Multi-factor authentication").
   */
  secretKey?: string;
  /** How long "remember this device" skips the second sign-in step, days (VIGIL_MFA_REMEMBER_DAYS, default 30; 0 turns it off). */
  mfaRememberDays: number;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /** Folders of FHIR bundles imported on the first start. */
  demoDataDirs: string[];
  webDist: string;
  bodyLimitBytes: number;
  /** Take the client address from X-Forwarded-For (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  /**
   * Who may read /metrics (docs/operations.md "Metrics", plugins/operations.ts): a caller with
   * `Authorization: Bearer <token>` (VIGIL_METRICS_TOKEN, at least 16 characters), or a direct
   * (not proxied) connection from an address of `allow` (VIGIL_METRICS_ALLOW: comma list of
   * addresses and CIDR ranges; unset: loopback outside production, nobody in production).
   */
  metrics: { token?: string; allow: string[] };
  /** Check every handler's answer against its contract schema (tests). */
  validateResponses: boolean;
  /**
   * The ICD-10-CM list loaded at the first start when none is (features/diagnoses/icd10cm.loader.ts):
   * the whole vendored code set, or a small subset of it for the tests (every test file boots a database).
   */
  icd10cmData: 'full' | 'fixture';
  /**
   * Use the job queue (pg-boss on the app's database; jobs/queue.ts, README "Jobs"); off in tests
   * unless a test turns it on. Off: work runs in the requesting process and no schedule runs here.
   */
  jobsEnabled: boolean;
  /** With the queue: this process works jobs and ticks the schedules (false: it only enqueues). */
  jobWorkers: boolean;
  /** Seconds between a worker's polls of its queue (at least 0.5). */
  jobsPollSeconds: number;
  /** Seconds before a failed job's first retry (doubled for each further retry). */
  jobsRetryDelaySeconds: number;
  /** At close, how long jobs in progress are waited for before they are failed (and retried elsewhere). */
  jobsStopSeconds: number;
  /** Days system log lines are kept; the queue `system-log-retention` deletes older ones (docs/audit.md "System logs"). */
  systemLogRetentionDays: number;
  /** Minutes after a plan's measurement time before the reading counts as missed. */
  missedGraceMinutes: number;
  /** Minutes before a plan's measurement time that the patient is reminded. */
  reminderLeadMinutes: number;
  /** Minutes before an appointment's start that its people are reminded (docs/appointments.md). */
  appointmentReminderMinutes: number;
  /** TURN server URLs (comma list, e.g. 'turn:127.0.0.1:3478?transport=udp'); none: STUN-less direct ICE only (docs/video-visits.md). */
  turnUrls: string[];
  /** coturn's static-auth-secret (shared-secret REST API scheme); absent: no TURN credentials are handed out. */
  turnSecret?: string;
  /** Lifetime of a handed-out TURN credential, in seconds. */
  turnTtlSeconds: number;
  /** RTCConfiguration.iceTransportPolicy the ICE-servers answer carries: 'relay' forces every call through TURN (docs/video-visits.md). */
  iceTransportPolicy: 'all' | 'relay';
  /** Seconds a ring waits for the callee's answer before it is recorded as missed (docs/video-visits.md "Ringing"). */
  ringTimeoutSeconds: number;
  /**
   * Terra (docs/integrations.md): the API base URL, developer id and API key used to create widget
   * sessions, and the webhook signing secret. Without a developer id and key, connecting a patient
   * answers 409 `terraNotConfigured`; without a signing secret every webhook answers 401.
   */
  terra: { apiUrl: string; devId?: string; apiKey?: string; signingSecret?: string; timeoutMs: number };
  /**
   * The external care platform (docs/integrations.md "ECP"): its partner API base URL and key (vital
   * readings are sent there), and the secret its webhooks are signed with (none: every ECP webhook
   * answers 401).
   */
  ecp: { apiUrl?: string; apiKey?: string; webhookSecret?: string; timeoutMs: number };
  /**
   * Single sign-on (docs/security.md "Single sign-on"; its secrets at rest are sealed with
   * `secretKey`, VIGIL_SECRET_KEY, by lib/secret-box.ts): `allowHttpIssuer` (VIGIL_SSO_ALLOW_HTTP_ISSUER, tests
   * and local providers only) lets an issuer on plain http at a loopback address; `refreshMinutes`
   * (VIGIL_SSO_REFRESH_MINUTES, default 5) is how often an SSO session's refresh token is used,
   * so that a user disabled at the provider loses the Vigil session within that time.
   */
  sso: { allowHttpIssuer: boolean; refreshMinutes: number };
  /** The default drug data set loaded at start-up (features/prescriptions/default-drugs.ts): whole, or the tests' few rows. */
  drugProducts: 'default' | 'fixture' | 'none';
  /**
   * Answers of the reference-data searches (ICD-10-CM, drug products) kept per API process, keyed
   * by the loaded release so that a new release is never answered from an old one (0: no cache;
   * docs/diagnoses.md "Search").
   */
  referenceSearchCacheEntries: number;
  /** Record the PHI audit trail (docs/audit.md). Off only to measure its cost (bench/audit.ts). */
  auditEnabled: boolean;
  /**
   * The audit checkpoints' Ed25519 key (docs/audit.md "Checkpoints"): a PEM file (PKCS#8 private key:
   * sign and verify; SPKI public key: verify only). VIGIL_AUDIT_KEY_FILE; `npm start` creates one.
   */
  auditKeyFile?: string;
  /** The same key as PEM text (VIGIL_AUDIT_KEY; a literal `\n` stands for a line feed), used when no file is named. */
  auditKeyPem?: string;
  /** The append-only JSON-lines file the checkpoints go to (VIGIL_AUDIT_CHECKPOINT_FILE, default <VIGIL_DATA_DIR>/audit-checkpoints.jsonl). */
  auditCheckpointFile: string;
  /** Minutes between checkpoints, each after an incremental check (VIGIL_AUDIT_CHECKPOINT_MINUTES, default 5). */
  auditCheckpointMinutes: number;
  /**
   * Days a passed incremental verdict stays in `audit_verifications` (VIGIL_AUDIT_VERIFICATION_DAYS,
   * default 90; docs/audit.md "Checkpoints"). Broken verdicts, failed runs and full re-checks stay.
   */
  auditVerificationDays: number;
  /** The largest file a support thread accepts, bytes (VIGIL_SUPPORT_MAX_FILE_BYTES, default 10 MB; docs/support.md). */
  supportMaxFileBytes: number;
  /** The largest file of a CCM attachment, consent form or imaging study, bytes (VIGIL_CCM_MAX_FILE_BYTES, default 10 MB; docs/ccm.md "Files"). */
  ccmMaxFileBytes: number;
}

/** Default demo data: the shared Synthea bundles beside the repository, else the vendored copy. */
function defaultDemoDirs(): string[] {
  return [path.join(repoRoot, '../shared/data/synthea-r4/fhir'), path.join(repoRoot, 'demo-data/synthea-r4/fhir')];
}

/** Parses `process.env` once (throws a readable error on a bad value). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteDataDir: path.join(e.VIGIL_DATA_DIR, 'pglite'),
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.VIGIL_PUBLIC_URL ? e.VIGIL_PUBLIC_URL.replace(/\/$/, '') : undefined,
    webauthnOrigin: e.VIGIL_WEBAUTHN_ORIGIN ? new URL(e.VIGIL_WEBAUTHN_ORIGIN).origin : undefined,
    production: e.NODE_ENV === 'production',
    environmentName: e.VIGIL_ENVIRONMENT_NAME,
    sessionIdleMinutes: e.VIGIL_SESSION_IDLE_MINUTES,
    sessionMaxHours: e.VIGIL_SESSION_MAX_HOURS,
    sessionCacheMs: e.VIGIL_SESSION_CACHE_MS,
    signInMaxFailures: e.VIGIL_SIGNIN_MAX_FAILURES,
    signInMaxFailuresPerIp: e.VIGIL_SIGNIN_MAX_FAILURES_PER_IP,
    signInWindowMinutes: e.VIGIL_SIGNIN_WINDOW_MINUTES,
    secretKey: e.VIGIL_SECRET_KEY || undefined,
    mfaRememberDays: e.VIGIL_MFA_REMEMBER_DAYS,
    smtpUrl: e.VIGIL_SMTP_URL || undefined,
    mailFrom: e.VIGIL_MAIL_FROM,
    seedDemo: e.VIGIL_SEED_DEMO,
    demoDataDirs: e.VIGIL_DEMO_DATA ? [e.VIGIL_DEMO_DATA] : defaultDemoDirs(),
    webDist: e.VIGIL_WEB_DIST,
    bodyLimitBytes: e.VIGIL_BODY_LIMIT_BYTES,
    trustProxy: e.VIGIL_TRUST_PROXY,
    metrics: {
      token: e.VIGIL_METRICS_TOKEN || undefined,
      allow: (e.VIGIL_METRICS_ALLOW ?? (e.NODE_ENV === 'production' ? '' : '127.0.0.1,::1')).split(',').map((a) => a.trim()).filter((a) => a.length > 0),
    },
    validateResponses: false,
    icd10cmData: 'full',
    jobsEnabled: e.VIGIL_JOBS_ENABLED,
    jobWorkers: e.VIGIL_JOBS_WORKERS,
    jobsPollSeconds: e.VIGIL_JOBS_POLL_SECONDS,
    jobsRetryDelaySeconds: e.VIGIL_JOBS_RETRY_DELAY_SECONDS,
    jobsStopSeconds: e.VIGIL_JOBS_STOP_SECONDS,
    missedGraceMinutes: e.VIGIL_MISSED_GRACE_MINUTES,
    systemLogRetentionDays: e.VIGIL_SYSTEM_LOG_RETENTION_DAYS,
    reminderLeadMinutes: e.VIGIL_REMINDER_LEAD_MINUTES,
    appointmentReminderMinutes: e.VIGIL_APPOINTMENT_REMINDER_MINUTES,
    turnUrls: (e.VIGIL_TURN_URLS ?? '').split(',').map((u) => u.trim()).filter((u) => u.length > 0),
    turnSecret: e.VIGIL_TURN_SECRET || undefined,
    turnTtlSeconds: e.VIGIL_TURN_TTL_SECONDS,
    iceTransportPolicy: e.VIGIL_ICE_TRANSPORT_POLICY,
    ringTimeoutSeconds: e.VIGIL_RING_TIMEOUT_SECONDS,
    terra: {
      apiUrl: e.VIGIL_TERRA_API_URL.replace(/\/$/, ''),
      devId: e.VIGIL_TERRA_DEV_ID || undefined,
      apiKey: e.VIGIL_TERRA_API_KEY || undefined,
      signingSecret: e.VIGIL_TERRA_SIGNING_SECRET || undefined,
      timeoutMs: e.VIGIL_TERRA_TIMEOUT_MS,
    },
    ecp: {
      apiUrl: e.VIGIL_ECP_API_URL ? e.VIGIL_ECP_API_URL.replace(/\/$/, '') : undefined,
      apiKey: e.VIGIL_ECP_API_KEY || undefined,
      webhookSecret: e.VIGIL_ECP_WEBHOOK_SECRET || undefined,
      timeoutMs: e.VIGIL_ECP_TIMEOUT_MS,
    },
    sso: {
      allowHttpIssuer: e.VIGIL_SSO_ALLOW_HTTP_ISSUER,
      refreshMinutes: e.VIGIL_SSO_REFRESH_MINUTES,
    },
    drugProducts: 'default',
    referenceSearchCacheEntries: e.VIGIL_REFERENCE_SEARCH_CACHE,
    auditEnabled: e.VIGIL_AUDIT,
    auditKeyFile: e.VIGIL_AUDIT_KEY_FILE || undefined,
    auditKeyPem: e.VIGIL_AUDIT_KEY ? e.VIGIL_AUDIT_KEY.replace(/\\n/g, '\n') : undefined,
    auditCheckpointFile: e.VIGIL_AUDIT_CHECKPOINT_FILE || path.join(e.VIGIL_DATA_DIR, 'audit-checkpoints.jsonl'),
    auditCheckpointMinutes: e.VIGIL_AUDIT_CHECKPOINT_MINUTES,
    auditVerificationDays: e.VIGIL_AUDIT_VERIFICATION_DAYS,
    supportMaxFileBytes: e.VIGIL_SUPPORT_MAX_FILE_BYTES,
    ccmMaxFileBytes: e.VIGIL_CCM_MAX_FILE_BYTES,
  };
}

/**
 * Configuration for tests: an in-memory PGlite (or `TEST_DATABASE_URL`'s server, where the test
 * setup creates a fresh database per file), no demo data, no logs, responses checked against the
 * contract, and only the test fixture of the default drug data set.
 */
/** Numbers the test apps' checkpoint files (each app its own). */
let testCheckpointFiles = 0;

export function loadTestConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ ...process.env, LOG_LEVEL: 'silent', VIGIL_SEED_DEMO: 'false', DATABASE_URL: '' });
  return { ...base, pgliteDataDir: 'memory://', databaseUrl: undefined, redisUrl: undefined, validateResponses: true, jobsEnabled: false, publicUrl: 'https://portal.vigil.test', drugProducts: 'fixture', icd10cmData: 'fixture', auditKeyFile: undefined, auditKeyPem: undefined, auditCheckpointFile: path.join(os.tmpdir(), `vigil-test-checkpoints-${process.pid}-${++testCheckpointFiles}-${Date.now().toString(36)}.jsonl`), ...overrides };
}
