import { useEffect, useState } from 'react';
import { Text, Tooltip, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/dates';

dayjs.extend(relativeTime);

/** Re-renders every `everyMs` so relative times stay true on a page left open. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "hace 5 minutos" / "5 minutes ago", with the date and time in a tooltip (hover or keyboard focus)
 * and for screen readers. `plain`: no focusable tooltip (inside a button or link).
 */
export function RelativeTime({ value, plain, ...props }: { value: string; plain?: boolean } & TextProps) {
  const { i18n } = useTranslation();
  const { dateTime } = useDates();
  const now = useNow();
  const d = dayjs(value);
  if (!d.isValid()) { return null; }
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const relative = d.locale(lang).from(now);
  const absolute = dateTime(value);
  const text = (
    <Text component="time" dateTime={d.toISOString()} tabIndex={plain ? undefined : 0} size="sm" {...props}>
      {relative}
      <span className="vigil-visually-hidden"> ({absolute})</span>
    </Text>
  );
  if (plain) { return text; }
  return (
    <Tooltip label={absolute} events={{ hover: true, focus: true, touch: true }} withArrow>
      {text}
    </Tooltip>
  );
}
