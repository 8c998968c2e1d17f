import { sql } from 'drizzle-orm';
import { measurementCatalogue, type DeviceType } from '@vigil/contract';
import type { Db } from '../client';
import { medicalDeviceTemplates } from '../schema/index';

/**
 * Manufacturer ids of the seeded templates (ours: the spec names none). Kept stable, since devices
 * and the `getbydevicetypeandmanifacturerid` endpoint refer to them.
 */
export const Manufacturer = {
  OMRON: { id: 1, name: 'Omron Healthcare' },
  AND: { id: 2, name: 'A&D Medical' },
  WITHINGS: { id: 3, name: 'Withings' },
  ASCENSIA: { id: 4, name: 'Ascensia Diabetes Care' },
  ROCHE: { id: 5, name: 'Roche Diabetes Care' },
  NONIN: { id: 6, name: 'Nonin Medical' },
  MASIMO: { id: 7, name: 'Masimo' },
  BRAUN: { id: 8, name: 'Braun' },
} as const;

/** Real connected device models per catalogue device type. */
export const deviceTemplateModels: { deviceType: DeviceType; manufacturer: { id: number; name: string }; modelName: string }[] = [
  { deviceType: 'BLOOD_PRESSURE', manufacturer: Manufacturer.OMRON, modelName: '5 Series BP7250' },
  { deviceType: 'BLOOD_PRESSURE', manufacturer: Manufacturer.AND, modelName: 'UA-651BLE' },
  { deviceType: 'WEIGHT', manufacturer: Manufacturer.AND, modelName: 'UC-352BLE' },
  { deviceType: 'WEIGHT', manufacturer: Manufacturer.WITHINGS, modelName: 'Body+' },
  { deviceType: 'GLUCOSE', manufacturer: Manufacturer.ASCENSIA, modelName: 'Contour Next One' },
  { deviceType: 'GLUCOSE', manufacturer: Manufacturer.ROCHE, modelName: 'Accu-Chek Guide' },
  { deviceType: 'SPO2', manufacturer: Manufacturer.NONIN, modelName: '3230 Bluetooth Smart' },
  { deviceType: 'SPO2', manufacturer: Manufacturer.MASIMO, modelName: 'MightySat Rx' },
  { deviceType: 'TEMPERATURE', manufacturer: Manufacturer.WITHINGS, modelName: 'Thermo' },
  { deviceType: 'TEMPERATURE', manufacturer: Manufacturer.BRAUN, modelName: 'ThermoScan 7 IRT6520' },
];

/**
 * The template rows: each model with its type's titles (en/es), the values a reading carries
 * (`measurementsJson`: LOINC code, canonical UCUM unit, labels, plausible range) and the default
 * caution / critical thresholds (`defaultValuesJson`), all from the measurement catalogue.
 */
export function deviceTemplateRows(): (typeof medicalDeviceTemplates.$inferInsert)[] {
  return deviceTemplateModels.map(({ deviceType, manufacturer, modelName }) => {
    const def = measurementCatalogue[deviceType];
    return {
      deviceType,
      deviceTypeTitle: def.title.en,
      deviceTypeTitleEsp: def.title.es,
      manufacturerId: manufacturer.id,
      manufacturerName: manufacturer.name,
      modelName,
      measurementsJson: def.values.map((v) => ({ code: v.code, unit: v.unit, label: v.label.en, labelEsp: v.label.es, min: v.min, max: v.max })),
      defaultValuesJson: { ...def.defaultThresholds },
      status: 1,
    };
  });
}

/**
 * Seeds the device templates (the spec's medicaldevicetemplate). Idempotent: an upsert on
 * (deviceType, manufacturerId, modelName) that refreshes titles, values and default thresholds.
 */
export async function seedDeviceTemplates(db: Db): Promise<void> {
  await db
    .insert(medicalDeviceTemplates)
    .values(deviceTemplateRows())
    .onConflictDoUpdate({
      target: [medicalDeviceTemplates.deviceType, medicalDeviceTemplates.manufacturerId, medicalDeviceTemplates.modelName],
      set: {
        deviceTypeTitle: sql`excluded.device_type_title`,
        deviceTypeTitleEsp: sql`excluded.device_type_title_esp`,
        manufacturerName: sql`excluded.manufacturer_name`,
        measurementsJson: sql`excluded.measurements_json`,
        defaultValuesJson: sql`excluded.default_values_json`,
        status: sql`excluded.status`,
      },
    });
}
