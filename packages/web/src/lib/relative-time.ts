import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);

/** How long ago an instant was, in the UI language ("hace 5 minutos" / "5 minutes ago"); '' when missing. */
export function formatRelative(value: string | null | undefined, lang: string): string {
  if (!value) { return ''; }
  const d = dayjs(value);
  return d.isValid() ? d.locale(lang.startsWith('en') ? 'en' : 'es').fromNow() : '';
}

/** formatRelative bound to the current UI language. */
export function useRelativeTime(): (value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (value) => formatRelative(value, i18n.language);
}
