/**
 * The caller's own account (spec section 3 "Profile"): language, password (also through an
 * e-mailed token), validation and removal links, the profile picture and the socket token. The
 * management of other users is users.service.ts.
 */
import type { z } from 'zod';
import {
  UserStatus,
  type RoleId,
  type changeMyPasswordBodySchema,
  type changePasswordWithTokenBodySchema,
  type sendValidationLinkBodySchema,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import { type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { detectFileType } from '../../lib/upload';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/crypto';
import {
  consumeUserToken,
  endSessionsOfUser,
  insertUserToken,
  retireUserTokens,
  setSessionWebSocketTokenHash,
  SIGN_IN_TOKEN_PURPOSE,
} from '../auth/index';
import * as repo from './users.repo';
import { tenantDb } from '../../db/handles';

import { REMOVAL_PATH, sendLink, TOKEN_MINUTES, VALIDATE_PATH } from './users.links';
import { assertMayManage, visibleUser } from './users.service';

const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

/** `PUT user/changemylanguage`: stores ENG or ESP on the caller. */
export async function changeMyLanguage(ctx: AppContext, scope: Scope, language: 'ENG' | 'ESP'): Promise<{ language: 'ENG' | 'ESP' }> {
  await repo.updateUserRow(tenantDb(scope, ctx.db), scope.userId, { language });
  return { language };
}

/**
 * `POST user/changemypassword`: checks the current password (400 passwordNotChanged when wrong),
 * stores the new one (argon2id) and ends the caller's other sessions; the current one stays open.
 */
export async function changeMyPassword(ctx: AppContext, scope: Scope, body: z.output<typeof changeMyPasswordBodySchema>): Promise<null> {
  const self = await repo.getSelf(tenantDb(scope, ctx.db));
  if (!self || !(await verifyPassword(self.passwordHash, body.currentPassword))) { throw AppError.badRequest('passwordNotChanged'); }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.updateUserRow(tenantDb(scope, tx), scope.userId, { passwordHash });
    await endSessionsOfUser(tx, scope.userId, 'password-change', scope.sessionId);
  });
  return null;
}

/**
 * `POST user/changemypasswordwithvalidationtoken` (public): exchanges an e-mailed reset or validation
 * token for a new password. Marks the e-mail validated, retires the account's other reset and
 * validation links, ends all its sessions, and returns a one-time sign-in token (5 minutes) for
 * `auth/signinwithtokenv2`. Unknown, used or expired token: 400 passwordNotChanged. One transaction.
 */
export async function changePasswordWithToken(
  ctx: AppContext,
  body: z.output<typeof changePasswordWithTokenBodySchema>,
): Promise<{ signInToken: string }> {
  const hash = tokenHash(body.token);
  const passwordHash = await hashPassword(body.newPassword);
  const signInToken = newToken();
  await ctx.db.transaction(async (tx) => {
    const userId = (await consumeUserToken(tx, hash, 'reset')) ?? (await consumeUserToken(tx, hash, 'validation'));
    if (userId === null) { throw AppError.badRequest('passwordNotChanged'); }
    await repo.setPasswordFromToken(tx, userId, passwordHash);
    await retireUserTokens(tx, userId, ['reset', 'validation']);
    await endSessionsOfUser(tx, userId, 'password-reset');
    await insertUserToken(tx, {
      userId,
      purpose: SIGN_IN_TOKEN_PURPOSE,
      tokenHash: tokenHash(signInToken),
      expiresAt: new Date(Date.now() + TOKEN_MINUTES.signIn * 60_000),
    });
  });
  return { signInToken };
}

/**
 * `POST user/sendvalidationlinkbyemail` (public).
 * - `{ email }` (forgot password): when an active or pending account has that e-mail, e-mails it a
 *   password-reset link (60 minutes) in its language. Always answers OK, so the answer does not tell
 *   whether the account exists.
 * - `{ userId }` (a signed-in admin): e-mails that user an account-validation link (72 hours). 401
 *   without a session; 404 outside the scope; 403 for a kind of user the caller does not manage;
 *   400 validationLinkNotSent when the user has no e-mail or the e-mail cannot be sent.
 */
export async function sendValidationLink(ctx: AppContext, scope: Scope | null, body: z.output<typeof sendValidationLinkBodySchema>): Promise<null> {
  if (body.email !== undefined) {
    const user = await repo.findUserByEmailForReset(ctx.db, body.email);
    if (user && (user.status === UserStatus.ACTIVE || user.status === UserStatus.PENDING)) {
      try {
        await sendLink(ctx, 'reset', user, VALIDATE_PATH);
      } catch (err) {
        ctx.log.warn({ userId: user.id, err: (err as Error).name }, 'password-reset e-mail could not be sent');
      }
    }
    return null;
  }
  if (!scope) { throw AppError.unauthorized(); }
  const target = await visibleUser(ctx, scope, body.userId!);
  if (target.id !== scope.userId) { assertMayManage(scope, target.roleId as RoleId); }
  if (!target.email) { throw AppError.badRequest('validationLinkNotSent'); }
  try {
    await sendLink(ctx, 'validation', target, VALIDATE_PATH);
  } catch (err) {
    ctx.log.warn({ userId: target.id, err: (err as Error).name }, 'account-validation e-mail could not be sent');
    throw AppError.badRequest('validationLinkNotSent');
  }
  return null;
}

/** `GET user/getmyprofileimage`: the caller's picture and its type; 404 couldNotGetImage when none. */
export async function getMyProfileImage(ctx: AppContext, scope: Scope): Promise<{ image: Buffer; type: string }> {
  const found = await repo.getProfileImage(tenantDb(scope, ctx.db));
  if (!found) { throw AppError.notFound('couldNotGetImage'); }
  return found;
}

/** The largest profile picture side kept, in pixels. */
const PROFILE_IMAGE_MAX_SIDE = 1024;

/**
 * Decodes `data` (a JPEG or PNG by content) and encodes it again in the same format with sharp:
 * only pixels survive (no metadata, no trailing bytes). 400 profilePictureRule when it does not
 * decode or is larger than 40 megapixels (sharp's `limitInputPixels`).
 */
async function reencodeImage(data: Buffer, type: ProfileImageType): Promise<Buffer> {
  // Loaded on first use: libvips takes about a second to load, which the API's start-up need not pay.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    return await (type === 'image/png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    throw AppError.badRequest('profilePictureRule');
  }
}

/**
 * `POST user/uploadmyprofileimage`: keeps the caller's picture when the CONTENT of `data` is a JPEG or
 * PNG (checked with file-type, whatever the file is called) of at most `maxBytes` (413 above it).
 * The picture is decoded and re-encoded with sharp (docs/security.md "Profile images"): what is
 * stored and served back is only the pixels, turned upright, at most 1024 px a side, without any
 * metadata (EXIF GPS and camera data are dropped) and without anything appended to the file (a
 * polyglot's HTML or script is gone). Anything else, no file, or a file sharp cannot decode (or of
 * more than 40 megapixels): 400 profilePictureRule.
 */
export async function uploadMyProfileImage(
  ctx: AppContext,
  scope: Scope,
  data: Buffer | null,
  maxBytes: number,
): Promise<{ contentType: ProfileImageType; size: number }> {
  if (!data || data.length === 0) { throw AppError.badRequest('profilePictureRule'); }
  if (data.length > maxBytes) { throw new AppError('payloadTooLarge', 'profilePictureRule'); }
  const detected = await detectFileType(data);
  const type = PROFILE_IMAGE_TYPES.find((t) => t === detected?.mime);
  if (!type) { throw AppError.badRequest('profilePictureRule'); }
  const clean = await reencodeImage(data, type);
  await repo.setProfileImage(tenantDb(scope, ctx.db), clean, type);
  return { contentType: type, size: clean.length };
}

/**
 * `POST user/sendprofileremovalemail`: e-mails the caller a link to /profileremovalinfo with a
 * one-time removal token (72 hours). 400 profileRemovalNotSent when the caller has no e-mail or it
 * cannot be sent.
 */
export async function sendProfileRemovalEmail(ctx: AppContext, scope: Scope): Promise<null> {
  const self = await repo.getSelf(tenantDb(scope, ctx.db));
  if (!self?.email) { throw AppError.badRequest('profileRemovalNotSent'); }
  try {
    await sendLink(ctx, 'removal', self, REMOVAL_PATH);
  } catch (err) {
    ctx.log.warn({ userId: self.id, err: (err as Error).name }, 'profile-removal e-mail could not be sent');
    throw AppError.badRequest('profileRemovalNotSent');
  }
  return null;
}

/** `POST user/setwebsockettoken`: a new socket token bound to the caller's session; only its hash is stored. */
export async function setWebSocketToken(ctx: AppContext, scope: Scope): Promise<{ webSocketToken: string }> {
  const webSocketToken = newToken();
  await setSessionWebSocketTokenHash(scope, ctx.db, tokenHash(webSocketToken));
  return { webSocketToken };
}
