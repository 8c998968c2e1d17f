import { useQuery } from '@tanstack/react-query';
import { offices, Role } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingSettingsRootKey } from './keys';

/** Roles that may be authorized to bill (contract: a doctor, nurse or office admin assigned to the office). */
const BILLING_ROLES: readonly number[] = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN];

/** GET hospital/getrelatedmedicalstaffforhospital: the office's doctors, nurses and office admins, to authorize. */
export function useBillableStaff(hospitalId: number | null) {
  return useQuery({
    queryKey: [...billingSettingsRootKey, 'staff', hospitalId],
    queryFn: async () => (await call(offices.findOfficeMedicalStaff, { headers: { hospitalid: hospitalId! }, query: {} })).filter((u) => BILLING_ROLES.includes(u.roleId)),
    enabled: hospitalId !== null,
    staleTime: 60_000,
  });
}
