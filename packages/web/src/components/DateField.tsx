import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/**
 * How a calendar date is written and read in each UI language: Spanish "dd/mm/aaaa" (RAE's
 * numeric order, day first), English (US) "mm/dd/yyyy". See docs/dates.md.
 */
export const DATE_INPUT_FORMATS = {
  es: { format: 'DD/MM/YYYY', placeholder: 'dd/mm/aaaa' },
  en: { format: 'MM/DD/YYYY', placeholder: 'mm/dd/yyyy' },
} as const;

/**
 * Reads a typed date in `format` (strictly: "31/02/2026" is no date); also accepts the ISO form
 * YYYY-MM-DD, which pasted values often are. Null when unreadable.
 */
export function parseTypedDate(text: string, format: string): string | null {
  const trimmed = text.trim();
  for (const f of [format, 'YYYY-MM-DD']) {
    const d = dayjs(trimmed, f, true);
    if (d.isValid()) { return d.format('YYYY-MM-DD'); }
  }
  return null;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'locale' | 'dateParser' | 'minDate' | 'maxDate' | 'min' | 'max'> {
  /** The date as YYYY-MM-DD; '' (or null) when empty. */
  value?: string | null;
  /** Called with YYYY-MM-DD, or '' when the field is cleared. */
  onChange?: (value: string) => void;
  /** Earliest and latest choosable dates, YYYY-MM-DD. */
  min?: string;
  max?: string;
}

/**
 * A calendar-date field that reads and writes dates in the UI language's own order (Spanish
 * dd/mm/aaaa, English mm/dd/yyyy) whatever the browser's locale, with a month calendar in that
 * language. Typing works (strictly parsed); the value stays YYYY-MM-DD, so it drops into a
 * `form.getInputProps(...)` spread in place of a native `type="date"` input.
 */
export function DateField({ value, onChange, min, max, clearable, ...rest }: DateFieldProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'es';
  const { format, placeholder } = DATE_INPUT_FORMATS[lang];
  return (
    <DateInput
      placeholder={placeholder}
      {...rest}
      clearable={clearable ?? !rest.required}
      value={value || null}
      onChange={(v) => onChange?.(v ? dayjs(v).format('YYYY-MM-DD') : '')}
      valueFormat={format}
      locale={lang}
      firstDayOfWeek={lang === 'es' ? 1 : 0}
      dateParser={(text) => parseTypedDate(text, format)}
      minDate={min}
      maxDate={max}
    />
  );
}
