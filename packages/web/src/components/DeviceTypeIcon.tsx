import { ThemeIcon } from '@mantine/core';
import { IconActivityHeartbeat, IconDeviceWatch, IconDroplet, IconHeartbeat, IconLungs, IconScale, IconTemperature } from '@tabler/icons-react';
import { measurementCatalogue, type DeviceType } from '@vigil/contract';

const icons: Record<DeviceType, typeof IconHeartbeat> = {
  BLOOD_PRESSURE: IconHeartbeat,
  WEIGHT: IconScale,
  GLUCOSE: IconDroplet,
  SPO2: IconLungs,
  TEMPERATURE: IconTemperature,
  HEART_RATE: IconActivityHeartbeat,
};

const colors: Record<DeviceType, string> = {
  BLOOD_PRESSURE: 'red',
  WEIGHT: 'indigo',
  GLUCOSE: 'grape',
  SPO2: 'cyan',
  TEMPERATURE: 'orange',
  HEART_RATE: 'pink',
};

/** The title of a device type of the measurement catalogue in the UI language (the code when unknown). */
export function deviceTypeTitle(type: string, lang: string): string {
  const def = measurementCatalogue[type as DeviceType];
  if (!def) { return type; }
  return lang.startsWith('en') ? def.title.en : def.title.es;
}

/** A device type's icon in a light, decorative badge (the title is always written beside it). */
export function DeviceTypeIcon({ type, size = 28 }: { type: string; size?: number }) {
  const Icon = icons[type as DeviceType] ?? IconDeviceWatch;
  return (
    <ThemeIcon variant="light" color={colors[type as DeviceType] ?? 'gray'} size={size} radius="md" aria-hidden>
      <Icon size={Math.round(size * 0.62)} stroke={1.7} />
    </ThemeIcon>
  );
}
