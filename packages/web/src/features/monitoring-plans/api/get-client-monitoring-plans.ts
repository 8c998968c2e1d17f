import { useQuery } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { plansRootKey } from './keys';

export const clientPlansKey = (officeId: number) => [...plansRootKey, 'client', officeId] as const;

/** GET treatmentplan/relatedclientmonitoringplans (header hospitalId): the office's plan templates, the default first. */
export const fetchClientMonitoringPlans = (officeId: number) => call(treatmentPlans.getRelatedClientMonitoringPlans, { headers: { hospitalid: officeId } });

export function useClientMonitoringPlans(officeId: number | null) {
  return useQuery({ queryKey: clientPlansKey(officeId ?? 0), queryFn: () => fetchClientMonitoringPlans(officeId!), enabled: officeId !== null && officeId > 0 });
}
