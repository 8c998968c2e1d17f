import { measurementCatalogue, NotificationType, unitLabelIn, type AlertValue, type DeviceType, type Lang } from '@vigil/contract';
import { catalogueEntry, formatNumber, valueLabel } from '../../components/measurements/format';

/** A device type's title in the UI language ("Blood pressure" / "Presión arterial"); unknown types readable. */
export function deviceTypeTitle(deviceType: string | null | undefined, lang: string): string {
  if (!deviceType) { return ''; }
  const def = measurementCatalogue[deviceType as DeviceType];
  if (def) { return lang.startsWith('en') ? def.title.en : def.title.es; }
  const readable = deviceType.toLowerCase().replace(/_/g, ' ');
  return readable.charAt(0).toUpperCase() + readable.slice(1);
}

/** A notification's message in the UI language. */
export function messageIn(n: { messageEn: string; messageEsp: string }, lang: string): string {
  return lang.startsWith('en') ? n.messageEn || n.messageEsp : n.messageEsp || n.messageEn;
}

const asLang = (lang: string): Lang => (lang.startsWith('en') ? 'en' : 'es');

/** The label of a value's display unit in the UI language (a pulse: "bpm" in English, "lpm" in Spanish). */
export function alertUnitLabel(v: Pick<AlertValue, 'displayUnit' | 'displayUnitLabel'>, lang: string): string {
  return unitLabelIn(v.displayUnit, asLang(lang));
}

/**
 * An alert's reading in the user's display units (the server converts them): the main values
 * ("186/124 mmHg", "13,9 mmol/L") and the others with their labels ("Pulse 88 bpm"). Null when
 * the alert has no reading (a missed measurement).
 */
export function alertReading(deviceType: string | null, values: AlertValue[], lang: string): { main: string; rest: string[] } | null {
  if (values.length === 0) { return null; }
  const l = asLang(lang);
  const required = catalogueEntry(deviceType ?? '')?.required ?? [values[0]!.code];
  const main = values.filter((v) => required.includes(v.code));
  const shownMain = main.length > 0 ? main : values.slice(0, 1);
  const rest = values.filter((v) => !shownMain.includes(v));
  const unit = alertUnitLabel(shownMain[0]!, l);
  return {
    main: `${shownMain.map((v) => formatNumber(v.displayValue, l)).join('/')} ${unit}`.trim(),
    rest: rest.map((v) => `${valueLabel(v.code, l)} ${formatNumber(v.displayValue, l)} ${alertUnitLabel(v, l)}`.trim()),
  };
}

/**
 * What a mental-health alert (type 12: PHQ-9 item 9 above 0, urgent; type 13: a band of moderately
 * severe or worse; docs/assessments.md "Safety") carries in its additionalData for the worklist:
 * the instrument, the score and the item 9 answer (in `lang`, the UI language). Null for other alert types.
 */
export function mentalHealthAlert(
  typeId: number,
  data: unknown,
  lang: string = 'en',
): { urgent: boolean; instrument: string | null; score: number | null; item9Answer: string | null } | null {
  if (typeId !== NotificationType.MENTAL_HEALTH && typeId !== NotificationType.MENTAL_HEALTH_RESULT) { return null; }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    urgent: typeId === NotificationType.MENTAL_HEALTH,
    instrument: typeof d.instrumentCode === 'string' ? d.instrumentCode.replace(/^PHQ(\d)$/, 'PHQ-$1').replace(/^GAD(\d)$/, 'GAD-$1') : null,
    score: typeof d.score === 'number' ? d.score : null,
    // The chosen answer in the UI language: Spanish when the alert carries it (item9AnswerEs).
    item9Answer:
      !lang.startsWith('en') && typeof d.item9AnswerEs === 'string' && d.item9AnswerEs
        ? d.item9AnswerEs
        : typeof d.item9Answer === 'string' && d.item9Answer
          ? d.item9Answer
          : null,
  };
}
