import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@vigil/contract';
import { currentLang, writeLangCookie } from '../lib/i18n';

/**
 * ES / EN switch: changes the UI language and keeps it in the cookie; `onChanged` lets a
 * signed-in page save it to the user too.
 */
export function LanguageSwitch({ onChanged }: { onChanged?: (lang: Lang) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={currentLang()}
      data={[
        { value: 'es', label: 'ES' },
        { value: 'en', label: 'EN' },
      ]}
      onChange={(value) => {
        const lang = value as Lang;
        writeLangCookie(lang);
        void i18n.changeLanguage(lang);
        onChanged?.(lang);
      }}
    />
  );
}
