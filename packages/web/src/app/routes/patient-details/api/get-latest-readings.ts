import { useQuery } from '@tanstack/react-query';
import { measurements, type Measurement } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { measurementsRootKey } from './keys';

export const latestReadingsKey = (identifier: string) => [...measurementsRootKey, 'patientLatest', identifier] as const;

/** How many of the newest readings are read to find the latest of each device type. */
const NEWEST = 100;

/**
 * GET medicaldevicesdata/getmeasurementsforpatientbyidentifier (filterCase ALL, newest first): the
 * latest reading of each device type among the patient's newest readings. `identifier` is the
 * patient's patientIdentifier, or the user id when there is none.
 */
export async function fetchLatestReadings(identifier: string): Promise<Measurement[]> {
  const page = await call(measurements.getMeasurementsForPatientByIdentifier, {
    headers: { patientidentifier: identifier, filtercase: 'ALL' },
    query: { page: 1, pageSize: NEWEST, sort: '-measuredAt' },
  });
  const latest = new Map<string, Measurement>();
  for (const m of page.items) if (!latest.has(m.deviceType)) latest.set(m.deviceType, m);
  return [...latest.values()];
}

export function useLatestReadings(identifier: string | null) {
  return useQuery({ queryKey: latestReadingsKey(identifier ?? ''), queryFn: () => fetchLatestReadings(identifier!), enabled: !!identifier });
}
