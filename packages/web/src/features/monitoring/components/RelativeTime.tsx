import { useEffect, useState } from 'react';
import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useCalendar } from '../../../lib/calendar';

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
  const { dateTime, relative: relativeOf } = useCalendar();
  const now = useNow();
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) { return null; }
  const relative = relativeOf(value, now);
  // The absolute time in the office's zone, labelled (lib/calendar useCalendar), as the cards show it.
  const absolute = dateTime(value);
  const text = (
    <Text component="time" dateTime={at.toISOString()} tabIndex={plain ? undefined : 0} size="sm" {...props}>
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
