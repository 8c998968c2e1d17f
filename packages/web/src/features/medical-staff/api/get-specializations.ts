import { useQuery } from '@tanstack/react-query';
import { verifiers } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const specializationsKey = ['verifiers', 'SPECIALIZATION_TYPE'] as const;

/** GET verifier/getverifiersfordomain (SPECIALIZATION_TYPE): the specializations a doctor may hold (reference data). */
export const fetchSpecializations = () => call(verifiers.getVerifiersForDomain, { headers: { domainvalue: 'SPECIALIZATION_TYPE' } });

export function useSpecializations() {
  return useQuery({ queryKey: specializationsKey, queryFn: fetchSpecializations, staleTime: 10 * 60_000 });
}
