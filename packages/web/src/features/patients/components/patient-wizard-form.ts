import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  fieldErrors,
  medicalDeviceIdentifierSchema,
  message,
  patientMetadataFieldsSchema,
  updateEnrolmentBodySchema,
  Role,
  userCreateBodySchema,
  type CreatePatientMetadataBody,
  type BillingProgram,
  type DeviceType,
  type PayerType,
  type UpdateEnrolmentBody,
  type Lang,
  type Office,
  type UserCreateBody,
} from '@vigil/contract';
import { addressFieldNames, emptyAddress, type AddressValues } from '../../../components/AddressFields';
import { emptyPerson, personBody, personFieldNames, type PersonValues } from '../../../components/PersonFields';
import { stepErrors } from '../../../lib/use-wizard';

/** Everything the patient registration wizard collects, as its inputs hold it. */
export interface PatientWizardValues extends PersonValues, AddressValues {
  /** Offices the patient is assigned to (ids as text, Checkbox.Group values). */
  hospitalIds: string[];
  /** The office of the first care team: one of hospitalIds. */
  teamHospitalId: string | null;
  memberIds: string[];
  heightInCm: number | string;
  weightInKg: number | string;
  medicalRegistrationNumber: string;
  patientIdentifier: string;
  /** Programs chosen, each with its enrolment date (YYYY-MM-DD), in the order they were ticked. */
  programs: { program: BillingProgram; enrolledOn: string }[];
  /** Insurance; payerType '' means none was given. */
  insurance: { payerType: PayerType | ''; payerName: string; planName: string; memberId: string };
  /** Unassigned devices of the care team's office to hand to the patient (ids as text). */
  deviceIds: string[];
  /** A device to register for the patient now (type '' = none). */
  newDevice: { deviceType: DeviceType | ''; deviceIdentifier: string };
}

/** The wizard's steps, in order; the review step is the last one. */
export const WIZARD_STEPS = ['personal', 'facilities', 'team', 'metadata', 'enrolment', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const metadataFieldNames = ['heightInCm', 'weightInKg', 'medicalRegistrationNumber', 'patientIdentifier'] as const;

/** Which step holds a field (to go back to it when the server refuses the value). */
export function stepOfField(field: string): number {
  const name = field.split('.')[0]!;
  if ((personFieldNames as readonly string[]).includes(name) || (addressFieldNames as readonly string[]).includes(name)) { return 0; }
  if (name === 'hospitalIds') { return 1; }
  if (name === 'teamHospitalId' || name === 'memberIds') { return 2; }
  if ((metadataFieldNames as readonly string[]).includes(name)) { return 3; }
  if (['programs', 'insurance', 'deviceIds', 'newDevice', 'deviceIdentifier'].includes(name)) { return 4; }
  return 5;
}

export function initialValues(lang: Lang, officeId: number): PatientWizardValues {
  return {
    ...emptyPerson(lang),
    ...emptyAddress(),
    hospitalIds: officeId > 0 ? [String(officeId)] : [],
    teamHospitalId: officeId > 0 ? String(officeId) : null,
    memberIds: [],
    heightInCm: '',
    weightInKg: '',
    medicalRegistrationNumber: '',
    patientIdentifier: '',
    programs: [],
    insurance: { payerType: '', payerName: '', planName: '', memberId: '' },
    deviceIds: [],
    newDevice: { deviceType: '', deviceIdentifier: '' },
  };
}

/** PUT patientenrolment: the programs and insurance given; null when neither was, so no call is made. */
export function enrolmentBody(v: PatientWizardValues): UpdateEnrolmentBody | null {
  const { payerType, payerName, planName, memberId } = v.insurance;
  const insurance = payerType === '' ? null : { payerType, payerName: payerName.trim() || undefined, planName: planName.trim() || undefined, memberId };
  if (v.programs.length === 0 && insurance === null) { return null; }
  return { programs: v.programs, insurance };
}

/** Whether the wizard will assign or register any device. */
export const hasDevices = (v: PatientWizardValues) => v.deviceIds.length > 0 || v.newDevice.deviceType !== '';

/** POST user: a patient (role 5) of the chosen offices. */
export function userBody(v: PatientWizardValues): UserCreateBody {
  return {
    ...personBody(v),
    roleId: Role.PATIENT,
    hospitalIds: v.hospitalIds.map(Number),
    address: v.address.trim() || undefined,
    city: v.city.trim() || undefined,
    state: v.state.trim() || undefined,
    zip: v.zip.trim() || undefined,
    addressLatitude: v.addressLatitude,
    addressLongitude: v.addressLongitude,
    // The ZIP code's time zone (address lookup) is the patient's; otherwise the server's default.
    userTimezone: v.addressTimeZone || undefined,
  };
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
/** The program switches of the offices a patient is registered in (GET hospital/{id}), as the enrolment step checks them. */
export type OfficePrograms = Pick<Office, 'rpmEnabled' | 'rtmEnabled' | 'ccmEnabled'>;

const PROGRAM_SWITCH = { RPM: 'rpmEnabled', RTM: 'rtmEnabled', CCM: 'ccmEnabled' } as const;

/**
 * The programs of the enrolment step that none of the chosen offices offers, as errors on their
 * fields with the API's message (`programNotOffered`, spec section 6: RPM, RTM and CCM are switched
 * per office; features/enrolment/enrolment.service.ts refuses the same). Checked before anything is
 * saved, so the wizard stops at the step that picked the program. `offices` empty (not read yet):
 * no error here, the API still refuses.
 */
export function programErrors(v: PatientWizardValues, offices: OfficePrograms[], lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  if (offices.length === 0) { return errors; }
  v.programs.forEach((p, i) => {
    const name = PROGRAM_SWITCH[p.program as keyof typeof PROGRAM_SWITCH];
    if (name && !offices.some((o) => o[name])) { errors[`programs.${i}.program`] = message('programNotOffered', lang, { program: p.program }); }
  });
  return errors;
}

export function validateStep(step: WizardStep, v: PatientWizardValues, lang: Lang, roleOf: (id: number) => number | undefined, offices: OfficePrograms[] = []): Record<string, string> {
  switch (step) {
    case 'personal':
      return stepErrors(userCreateBodySchema, userBody(v), [...personFieldNames, ...addressFieldNames]);
    case 'facilities':
      if (v.hospitalIds.length === 0) { return { hospitalIds: message('atLeastOneFacility', lang) }; }
      return stepErrors(userCreateBodySchema, userBody(v), ['hospitalIds']);
    case 'team': {
      const errors: Record<string, string> = {};
      if (!v.teamHospitalId) { errors.teamHospitalId = message('required', lang); }
      const roles = v.memberIds.map((id) => roleOf(Number(id)));
      if (v.memberIds.length === 0 || !roles.includes(Role.DOCTOR) || !roles.includes(Role.NURSE)) {
        errors.memberIds = message('teamNeedsDoctorAndNurse', lang);
      }
      return errors;
    }
    case 'metadata':
      return stepErrors(patientMetadataFieldsSchema, metadataFields(v) ?? {}, metadataFieldNames);
    case 'enrolment': {
      const body = enrolmentBody(v);
      const parsed = body ? updateEnrolmentBodySchema.safeParse(body) : null;
      const errors: Record<string, string> = parsed && !parsed.success ? fieldErrors(parsed.error, body, lang) : {};
      v.programs.forEach((p, i) => {
        if (!p.enrolledOn) { errors[`programs.${i}.enrolledOn`] = message('required', lang); }
      });
      Object.assign(errors, programErrors(v, offices, lang));
      if (v.newDevice.deviceType !== '') {
        const id = medicalDeviceIdentifierSchema.safeParse(v.newDevice.deviceIdentifier);
        if (!id.success) { errors['newDevice.deviceIdentifier'] = fieldErrors(id.error, v.newDevice.deviceIdentifier, lang)['_'] ?? message('required', lang); }
      }
      return errors;
    }
    case 'review':
      return {};
  }
}

/**
 * A phone as the review shows it, once: its national format ("(201) 555-0123") followed by the
 * country and its calling code, or the text as typed when it cannot be read as a number.
 */
export function reviewPhone(phone: string, country: string, countryName: string | undefined): string {
  if (!phone.trim()) { return ''; }
  const parsed = parsePhoneNumberFromString(phone, (country || 'US') as CountryCode);
  if (!parsed) { return phone; }
  const name = countryName ?? parsed.country ?? country;
  return `${parsed.formatNational()} · ${name} (+${parsed.countryCallingCode})`;
}
