import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { devices, offices, type TabletInfoPageQuery } from '@vigil/contract';
import { endpointQueryOptions, useEndpointQuery } from '../../../lib/endpoint-query';

export type TabletListQuery = Partial<TabletInfoPageQuery>;

/** GET tabletinfos/getalltabletinfos: a page of the tablets of one office (`officeId`) or of every office in scope (null). */
export function useTablets(officeId: number | null, query: TabletListQuery, enabled = true) {
  return useEndpointQuery(devices.getAllTabletInfos, { headers: officeId ? { hospitalid: officeId } : {}, query }, { placeholderData: keepPreviousData, enabled });
}

/** Largest page of the office patient list: the tablet rows name their patient from it. */
const MAX_PATIENTS = 200;

/**
 * Patient names of the given offices (GET hospital/getrelatedpatientsforhospitalv4, first 200 by
 * last name per office, the same cached answer as the device pickers): id -> "First Last". A tablet
 * carries only its patient's id; a patient past the first 200 of a large office is shown by number.
 */
export function usePatientNamesOfOffices(officeIds: readonly number[]): Map<number, string> {
  const results = useQueries({
    queries: [...new Set(officeIds)].map((id) => ({
      ...endpointQueryOptions(offices.findOfficePatientsV4, { headers: { hospitalid: id }, query: { page: 1, pageSize: MAX_PATIENTS, sort: 'lastName' } }),
      staleTime: 60_000,
    })),
  });
  const names = new Map<number, string>();
  for (const r of results) for (const p of r.data?.items ?? []) names.set(p.id, `${p.firstName} ${p.lastName}`);
  return names;
}
