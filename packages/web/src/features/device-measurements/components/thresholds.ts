import { measurementCatalogue, type DeviceDefaults, type EffectiveThresholds, type MedicalDevice, type Thresholds, type UnitPreferences } from '@vigil/contract';
import { displayUnitOf, thresholdsToDisplay } from '../../../components/measurements/format';

/**
 * The thresholds in effect for a device's readings, in display units, per LOINC code: the
 * office's (catalogue defaults with the office's overrides, as the server answers them) with the
 * device's own overrides (deviceDefaultValuesJson, canonical) laid over them code by code, as the
 * server grades readings.
 */
export function deviceThresholds(device: MedicalDevice, office: DeviceDefaults | undefined, prefs: UnitPreferences): Record<string, EffectiveThresholds> {
  const out: Record<string, EffectiveThresholds> = {};
  for (const v of office?.values ?? []) { out[v.code] = v.displayThresholds; }
  let own: Record<string, Thresholds> = {};
  try {
    const parsed = JSON.parse(device.deviceDefaultValuesJson || '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) { own = parsed as Record<string, Thresholds>; }
  } catch {
    own = {};
  }
  const codes = new Set(measurementCatalogue[device.deviceType].values.map((v) => v.code));
  for (const [code, limits] of Object.entries(own)) {
    if (codes.has(code) && limits && typeof limits === 'object') { out[code] = thresholdsToDisplay(code, limits, prefs); }
  }
  return out;
}

/** The values of the device's type with their display units (the server's when known). */
export function deviceValues(device: MedicalDevice, office: DeviceDefaults | undefined, prefs: UnitPreferences) {
  return measurementCatalogue[device.deviceType].values.map((v) => ({
    code: v.code,
    displayUnit: office?.values.find((o) => o.code === v.code)?.displayUnit ?? displayUnitOf(v.code, prefs),
  }));
}
