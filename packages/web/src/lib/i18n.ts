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

/** A language's feature namespaces keyed by file: `./es/patients.json`. */
type Bundle = Record<string, Record<string, unknown>>;

/**
 * Feature namespaces come in one chunk per language (locales/en.ts, locales/es.ts), fetched once,
 * when the first page asks for one of them; common and auth ship with the login page. A signed-in
 * load preloads the user's language from its first byte (the build's `sessionPreload`,
 * packages/web/vite.config.ts).
 */
const bundles: Record<Lang, () => Promise<{ default: Bundle }>> = {
  en: () => import('../locales/en'),
  es: () => import('../locales/es'),
};
const loading = new Map<string, Promise<Bundle>>();

/** The feature namespaces of `lang` (one request, then memoised); rejects when the chunk cannot be fetched, and the next call tries again. */
function loadBundle(lang: Lang): Promise<Bundle> {
  let bundle = loading.get(lang);
  if (!bundle) {
    bundle = bundles[lang]().then((m) => m.default);
    void bundle.catch(() => loading.delete(lang));
    loading.set(lang, bundle);
  }
  return bundle;
}

const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language !== 'en' && language !== 'es') { return callback(null, {}); }
    loadBundle(language).then(
      (bundle) => callback(null, bundle[`./${language}/${namespace}.json`] ?? {}),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

/** Spanish by default, English as the fallback (spec sections 1 and 9); the cookie keeps the choice. */
void i18n
  .use(bundleBackend)
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
