import type { Lang } from '@vigil/contract';

/** Saves the chosen language to the signed-in user (PUT user/changemylanguage). Wired once the users contract lands. */
export async function saveMyLanguage(_lang: Lang): Promise<void> {}
