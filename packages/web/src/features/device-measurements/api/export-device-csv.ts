import { useMutation } from '@tanstack/react-query';
import { measurements } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import type { DeviceRange } from './get-device-measurements';
import { saveFile } from '../../../lib/save-file';

/**
 * GET medicaldevicesdata/getmeasurementsfordevice with format=csv: every reading of the period (up
 * to 50,000) as a CSV file in the caller's units and language, oldest first, saved under `filename`.
 */
export async function exportDeviceCsv(input: { deviceId: number; range: DeviceRange; filename: string }): Promise<void> {
  const blob = await callBlob(measurements.getMeasurementsForDevice, {
    headers: { deviceid: input.deviceId },
    query: { ...input.range, format: 'csv', sort: 'measuredAt' },
  });
  saveFile(blob, input.filename);
}

export function useExportDeviceCsv() {
  return useMutation({ mutationFn: exportDeviceCsv });
}
