import { Role } from '@vigil/contract';
import type { Scope } from '../../db/scope';

/**
 * The scope of work the server does on its own (alerts for a committed reading, the scheduled
 * jobs): every office, like a system admin. Never built from a request; user id 0 is nobody, so
 * "own" filters match nothing.
 */
export const systemScope: Scope = Object.freeze({
  userId: 0,
  role: Role.SYSTEM_ADMIN,
  organizationId: null,
  officeIds: [],
  sessionId: 0,
  lang: 'en',
}) as Scope;
