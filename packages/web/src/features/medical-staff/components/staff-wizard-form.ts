import {
  message,
  Role,
  staffFormRoles,
  updateDoctorMetadataBodySchema,
  updateNurseMetadataBodySchema,
  userCreateBodySchema,
  type Lang,
  type UpdateDoctorMetadataBody,
  type UserCreateBody,
} from '@vigil/contract';
import { emptyPerson, personBody, personFieldNames, type PersonValues } from '../../../components/PersonFields';
import { stepErrors } from '../../../lib/use-wizard';

/** Everything the staff registration wizard collects, as its inputs hold it. */
export interface StaffWizardValues extends PersonValues {
  /** '3' doctor, '4' nurse, '7' caregiver (spec section 6: the role list in forms) */
  roleId: string | null;
  hospitalIds: string[];
  licenceId: string;
  npi: string;
  specializationIds: string[];
}

export const STAFF_STEPS = ['person', 'role', 'professional', 'review'] as const;
export type StaffStep = (typeof STAFF_STEPS)[number];

export function stepOfStaffField(field: string): number {
  const name = field.split('.')[0]!;
  if ((personFieldNames as readonly string[]).includes(name)) { return 0; }
  if (name === 'roleId' || name === 'hospitalIds') { return 1; }
  if (name === 'licenceId' || name === 'npi' || name === 'specializationIds') { return 2; }
  return 3;
}

export function initialStaffValues(lang: Lang, officeId: number): StaffWizardValues {
  return { ...emptyPerson(lang), roleId: null, hospitalIds: officeId > 0 ? [String(officeId)] : [], licenceId: '', npi: '', specializationIds: [] };
}

/** POST user for the chosen role; before a role is chosen the person fields are checked as a doctor's (staff need an e-mail). */
export function staffUserBody(v: StaffWizardValues): UserCreateBody {
  return { ...personBody(v), roleId: v.roleId ? Number(v.roleId) : Role.DOCTOR, hospitalIds: v.hospitalIds.map(Number) };
}

/** The doctor's or nurse's metadata to save, or null when nothing was given (no call then). */
export function professionalBody(v: StaffWizardValues): UpdateDoctorMetadataBody | null {
  const role = Number(v.roleId);
  if (role === Role.DOCTOR) {
    const body = { licenceId: v.licenceId.trim() || undefined, npi: v.npi.trim() || undefined };
    return body.licenceId || body.npi ? body : null;
  }
  if (role === Role.NURSE) { return v.licenceId.trim() ? { licenceId: v.licenceId.trim() } : null; }
  return null;
}

/** The errors of one step, in `lang`: the contract's field rules and the spec's facility rule. */
export function validateStaffStep(step: StaffStep, v: StaffWizardValues, lang: Lang): Record<string, string> {
  switch (step) {
    case 'person':
      return stepErrors(userCreateBodySchema, staffUserBody(v), personFieldNames);
    case 'role': {
      const errors: Record<string, string> = {};
      if (!v.roleId || !staffFormRoles.includes(Number(v.roleId) as never)) { errors.roleId = message('required', lang); }
      if (v.hospitalIds.length === 0) { errors.hospitalIds = message('atLeastOneFacility', lang); }
      return errors;
    }
    case 'professional': {
      const role = Number(v.roleId);
      if (role === Role.DOCTOR) { return stepErrors(updateDoctorMetadataBodySchema, { licenceId: v.licenceId, npi: v.npi }, ['licenceId', 'npi']); }
      if (role === Role.NURSE) { return stepErrors(updateNurseMetadataBodySchema, { licenceId: v.licenceId }, ['licenceId']); }
      return {};
    }
    case 'review':
      return {};
  }
}
