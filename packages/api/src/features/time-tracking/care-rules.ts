import { can, type MessageKey } from '@vigil/contract';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';

/**
 * The rules time entries and medical notes share (spec sections 5 and 6). Pure: the caller has
 * already loaded the rows from its scope.
 */

/** Whether the caller administers the offices in their scope (permission careRecords.manageAll: may change anyone's notes and manual entries there). */
export function isOfficeAdmin(scope: Scope): boolean {
  return can(scope.role, 'careRecords.manageAll');
}

/**
 * Throws 403 `key` unless the caller wrote the record (`authorId`) or is an office admin of its
 * office (the record was loaded through the caller's scope, so its office is one of theirs).
 */
export function assertAuthorOrOfficeAdmin(scope: Scope, authorId: number | null, key: MessageKey = 'notAuthorOrOfficeAdmin'): void {
  if (authorId === scope.userId || isOfficeAdmin(scope)) { return; }
  throw new AppError('forbidden', key);
}

/** The office's program switch, one rule for every program write (lib/program-switches.ts). */
export { assertProgramEnabled } from '../../lib/program-switches';
