import { Role, type UserCreateBody } from '@vigil/contract';
import { emptyPerson, personBody, type PersonValues } from '../../../components/PersonFields';
import type { Lang } from '@vigil/contract';

/** The roles this page registers: office admin (6, with offices) and organization admin (2, with an organization). */
export type AdminRole = typeof Role.HOSPITAL_ADMIN | typeof Role.ORGANIZATION_ADMIN;

export interface AdminFormValues extends PersonValues {
  organizationId: string | null;
  hospitalIds: string[];
}

/** The person step shows these fields (birth date is not asked of admins). */
export const personStepFields = ['firstName', 'lastName', 'gender', 'email', 'username', 'country', 'phone', 'language'] as const;
export const officesStepFields = ['organizationId', 'hospitalIds'] as const;

export function emptyAdmin(lang: Lang, organizationId: number | null): AdminFormValues {
  return { ...emptyPerson(lang), organizationId: organizationId ? String(organizationId) : null, hospitalIds: [] };
}

/** POST user's body for the chosen role. */
export function toBody(v: AdminFormValues, roleId: AdminRole): UserCreateBody {
  return {
    ...personBody(v),
    roleId,
    organizationId: v.organizationId ? Number(v.organizationId) : undefined,
    hospitalIds: roleId === Role.HOSPITAL_ADMIN ? v.hospitalIds.map(Number) : undefined,
  };
}
