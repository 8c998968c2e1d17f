import {
  message,
  patientMetadataFieldsSchema,
  Role,
  userCreateBodySchema,
  type CreatePatientMetadataBody,
  type Lang,
  type UserCreateBody,
} from '@vigil/contract';
import { emptyPerson, personBody, personFieldNames, type PersonValues } from '../../../components/PersonFields';
import { stepErrors } from '../../../lib/use-wizard';

/** Everything the patient registration wizard collects, as its inputs hold it. */
export interface PatientWizardValues extends PersonValues {
  /** Offices the patient is assigned to (ids as text, Checkbox.Group values). */
  hospitalIds: string[];
  /** The office of the first care team: one of hospitalIds. */
  teamHospitalId: string | null;
  memberIds: string[];
  heightInCm: number | string;
  weightInKg: number | string;
  medicalRegistrationNumber: string;
  patientIdentifier: string;
}

/** The wizard's steps, in order; the review step is the last one. */
export const WIZARD_STEPS = ['personal', 'facilities', 'team', 'metadata', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const metadataFieldNames = ['heightInCm', 'weightInKg', 'medicalRegistrationNumber', 'patientIdentifier'] as const;

/** Which step holds a field (to go back to it when the server refuses the value). */
export function stepOfField(field: string): number {
  const name = field.split('.')[0]!;
  if ((personFieldNames as readonly string[]).includes(name)) return 0;
  if (name === 'hospitalIds') return 1;
  if (name === 'teamHospitalId' || name === 'memberIds') return 2;
  if ((metadataFieldNames as readonly string[]).includes(name)) return 3;
  return 4;
}

export function initialValues(lang: Lang, officeId: number): PatientWizardValues {
  return {
    ...emptyPerson(lang),
    hospitalIds: officeId > 0 ? [String(officeId)] : [],
    teamHospitalId: officeId > 0 ? String(officeId) : null,
    memberIds: [],
    heightInCm: '',
    weightInKg: '',
    medicalRegistrationNumber: '',
    patientIdentifier: '',
  };
}

/** POST user: a patient (role 5) of the chosen offices. */
export function userBody(v: PatientWizardValues): UserCreateBody {
  return { ...personBody(v), roleId: Role.PATIENT, hospitalIds: v.hospitalIds.map(Number) };
}

const numberOrUndefined = (v: number | string) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The metadata fields given (empty inputs left out); `null` when none was given, so no call is made. */
export function metadataFields(v: PatientWizardValues): Omit<CreatePatientMetadataBody, 'patientId'> | null {
  const body = {
    heightInCm: numberOrUndefined(v.heightInCm),
    weightInKg: numberOrUndefined(v.weightInKg),
    medicalRegistrationNumber: v.medicalRegistrationNumber.trim() || undefined,
    patientIdentifier: v.patientIdentifier.trim() || undefined,
  };
  return Object.values(body).some((x) => x !== undefined) ? body : null;
}

/**
 * The errors of one step, in `lang`. Field rules are the contract's (POST user body and patient
 * metadata schemas, so the server would answer the same); the facility and care-team rules are the
 * spec's section 5 messages from the catalogue. `roleOf` gives the role of an office staff member.
 */
export function validateStep(step: WizardStep, v: PatientWizardValues, lang: Lang, roleOf: (id: number) => number | undefined): Record<string, string> {
  switch (step) {
    case 'personal':
      return stepErrors(userCreateBodySchema, userBody(v), personFieldNames);
    case 'facilities':
      if (v.hospitalIds.length === 0) return { hospitalIds: message('atLeastOneFacility', lang) };
      return stepErrors(userCreateBodySchema, userBody(v), ['hospitalIds']);
    case 'team': {
      const errors: Record<string, string> = {};
      if (!v.teamHospitalId) errors.teamHospitalId = message('required', lang);
      const roles = v.memberIds.map((id) => roleOf(Number(id)));
      if (v.memberIds.length === 0 || !roles.includes(Role.DOCTOR) || !roles.includes(Role.NURSE)) {
        errors.memberIds = message('teamNeedsDoctorAndNurse', lang);
      }
      return errors;
    }
    case 'metadata':
      return stepErrors(patientMetadataFieldsSchema, metadataFields(v) ?? {}, metadataFieldNames);
    case 'review':
      return {};
  }
}
