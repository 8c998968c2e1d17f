/**
 * The one-time links users are e-mailed (docs/security.md "Tokens stay out of addresses"): a
 * password reset, an account validation and a profile removal, each a token stored hashed with its
 * lifetime, sent in the fragment of the link and in the user's language (users.emails.ts).
 */
import { languageFromStored } from '@vigil/contract';
import type { AppContext } from '../../context';
import { newToken, tokenHash } from '../../lib/crypto';
import { insertUserToken } from '../auth/index';
import { linkEmail } from './users.emails';
import { linkBase } from '../../lib/public-url';

/** Lifetimes of the one-time tokens, in minutes. */
export const TOKEN_MINUTES = { reset: 60, validation: 72 * 60, removal: 72 * 60, signIn: 5 } as const;

/**
 * Stores a new token of `kind` for `user` and e-mails the link `path#token=…` in the user's language.
 * Throws when the user has no e-mail or the mailer fails (callers decide what the user is told).
 */
export async function sendLink(
  ctx: AppContext,
  kind: 'reset' | 'validation' | 'removal',
  user: { id: number; email: string | null; firstName: string; language: string },
  path: string,
): Promise<void> {
  if (!user.email) { throw new Error('user has no e-mail'); }
  const token = newToken();
  const minutes = TOKEN_MINUTES[kind];
  await insertUserToken(ctx.db, { userId: user.id, purpose: kind, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
  // The token rides in the fragment, which no browser sends to a server or proxy (docs/security.md "Tokens stay out of addresses").
  const link = `${linkBase(ctx)}${path}#token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(linkEmail(kind, languageFromStored(user.language), { email: user.email, firstName: user.firstName }, link, minutes));
}

/** Where a reset or validation link lands. */
export const VALIDATE_PATH = '/api/user/validatetoken';
/** Where a profile-removal link lands. */
export const REMOVAL_PATH = '/profileremovalinfo';

