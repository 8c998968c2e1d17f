import { storedFromLanguage, users, type Lang } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/**
 * Saves the chosen language to the signed-in user (PUT user/changemylanguage). Called outside
 * React (the header's language switch), so it only calls the API; it resolves to the stored value
 * ('ENG' / 'ESP') for the caller to put on the stored user.
 */
export async function saveMyLanguage(lang: Lang): Promise<{ language: 'ENG' | 'ESP' }> {
  return call(users.changeMyLanguage, { body: { language: storedFromLanguage(lang) } });
}
