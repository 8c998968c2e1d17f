import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/index';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';

/** What services need from the running app: configuration, the database, the mailer, the logger. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
