import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMATS, parseTypedDate, pickedDay } from '../lib/calendar';

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
      onChange={(v) => onChange?.(pickedDay(v))}
      valueFormat={format}
      locale={lang}
      firstDayOfWeek={lang === 'es' ? 1 : 0}
      dateParser={(text) => parseTypedDate(text, format)}
      minDate={min}
      maxDate={max}
    />
  );
}
