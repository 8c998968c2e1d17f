import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@vigil/contract';
import enCommon from '../locales/en/common.json';
import esCommon from '../locales/es/common.json';
import enAuth from '../locales/en/auth.json';
import esAuth from '../locales/es/auth.json';

/** The cookie that keeps the chosen language (spec section 1). */
export const LANG_COOKIE = 'vigil_lang';

export function readLangCookie(): Lang | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LANG_COOKIE}=(en|es)`));
  return (match?.[1] as Lang | undefined) ?? null;
}

export function writeLangCookie(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

// Feature namespaces load with their pages; common and auth ship with the login page.
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = lazyLocales[`../locales/${language}/${namespace}.json`];
    if (!loader) return callback(null, {});
    loader().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

/** Spanish by default, English as the fallback (spec sections 1 and 9); the cookie keeps the choice. */
void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: readLangCookie() ?? 'es',
    fallbackLng: 'en',
    supportedLngs: ['es', 'en'],
    ns: ['common', 'auth'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon, auth: enAuth }, es: { common: esCommon, auth: esAuth } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export const currentLang = (): Lang => (i18n.language?.startsWith('en') ? 'en' : 'es');

export default i18n;
