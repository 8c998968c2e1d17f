import { measurementCatalogue, type DeviceType } from '@vigil/contract';

/** A device type's title in the UI language ("Blood pressure" / "Presión arterial"); unknown types readable. */
export function deviceTypeTitle(deviceType: string | null | undefined, lang: string): string {
  if (!deviceType) return '';
  const def = measurementCatalogue[deviceType as DeviceType];
  if (def) return lang.startsWith('en') ? def.title.en : def.title.es;
  const readable = deviceType.toLowerCase().replace(/_/g, ' ');
  return readable.charAt(0).toUpperCase() + readable.slice(1);
}

/** A notification's message in the UI language. */
export function messageIn(n: { messageEn: string; messageEsp: string }, lang: string): string {
  return lang.startsWith('en') ? n.messageEn || n.messageEsp : n.messageEsp || n.messageEn;
}
