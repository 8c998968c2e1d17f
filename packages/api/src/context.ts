import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/index';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { AuditRecordLookups } from './lib/audit-patients';
import type { Mailer } from './lib/mailer';
import type { Realtime } from './realtime/realtime';

/** What services need from the running app: configuration, the database, the mailer, the logger, the real-time fan-out, the job queue, the audit record lookups. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Publishes notifications to open sockets (in every API process when REDIS_URL is set). */
  realtime: Realtime;
  /** The job queue (jobs/queue.ts): billing runs, e-mail, the per-minute monitoring jobs. */
  jobs: JobQueue;
  /** The patient lookup of every audit record kind, gathered from the feature modules (features/index.ts). */
  auditRecords: AuditRecordLookups;
}
