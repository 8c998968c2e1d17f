import type { FastifyRequest } from 'fastify';
import type { Lang } from '@vigil/contract';

/**
 * The language of the caller's messages: the UI's Accept-Language first (what the person sees),
 * then the `vigil_lang` cookie, then the signed-in user's stored language; the spec's English
 * wording when nothing says otherwise.
 */
export function requestLang(req: FastifyRequest, userLang?: Lang): Lang {
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && accept.length > 0) {
    const first = accept.split(',')[0]!.trim().toLowerCase();
    if (first.startsWith('es')) { return 'es'; }
    if (first.startsWith('en')) { return 'en'; }
  }
  const cookie = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.vigil_lang;
  if (cookie === 'es' || cookie === 'en') { return cookie; }
  return userLang ?? 'en';
}
