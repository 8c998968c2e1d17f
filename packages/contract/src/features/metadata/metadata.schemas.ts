import { z } from 'zod';
import { bodyIdSchema } from '../../common/ids';
import { optionalText } from '../../common/validation';

// Field rules -------------------------------------------------------------------------------

/**
 * Whether `npi` is a valid National Provider Identifier: 10 digits whose last digit is the Luhn
 * check digit computed over the card-issuer prefix 80840 followed by the first nine digits
 * (CMS, "Requirements for National Provider Identifier Check Digit Algorithm", ISO/IEC 7812).
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) { return false; }
  const digits = ('80840' + npi).split('').map(Number);
  let sum = 0;
  // Luhn: from the rightmost digit (the check digit), double every second digit.
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits[i]!;
    if (double) {
      d *= 2;
      if (d > 9) { d -= 9; }
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** NPI: optional; '' clears it; otherwise 10 digits passing the CMS check digit. Message: regex. */
export const npiSchema = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isValidNpi(v), { message: 'regex' });

const ssnPattern = /^(\d{3}-\d{2}-\d{4}|\d{9})$/;

/**
 * A US Social Security number as ###-##-#### or nine digits, stored as ###-##-####; '' clears it.
 * Message: regex ("This field needs to be formatted"). PHI: never in lists or logs.
 */
export const ssnSchema = z
  .string()
  .trim()
  .max(11)
  .refine((v) => v === '' || ssnPattern.test(v), { message: 'regex' })
  .transform((v) => {
    const digits = v.replace(/-/g, '');
    return digits === '' ? '' : `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  });

/** Most characters the free-form `metadataInfo` object may take as JSON. */
export const METADATA_INFO_MAX_CHARS = 8000;

/** Free-form metadata (jsonb), bounded to 8,000 characters of JSON. */
export const metadataInfoSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= METADATA_INFO_MAX_CHARS, { message: 'regex' });

/** Height in centimetres, 30 to 272 (the tallest recorded person); null clears it. */
export const heightInCmSchema = z.number().min(30).max(272);
/** Weight in kilograms, 1 to 650; null clears it. */
export const weightInKgSchema = z.number().min(1).max(650);

// Patient metadata --------------------------------------------------------------------------

/**
 * Patient metadata (spec section 3). Heights in cm, weights in kg; `idealWeightCalculatedInKg` is
 * computed by the server (Devine formula) from height and the patient's gender. `ssn` is present
 * only on the single-patient read `patientmetadata/getmetadataforpatient` for callers who manage
 * patients; every other answer omits it.
 */
export const patientMetadataSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  heightInCm: z.number().nullable(),
  weightInKg: z.number().nullable(),
  idealWeightCalculatedInKg: z.number().nullable(),
  medicalRegistrationNumber: z.string(),
  patientIdentifier: z.string(),
  ssn: z.string().optional(),
  diagnose: z.string(),
  prescriptions: z.string(),
  metadataInfo: z.record(z.string(), z.unknown()),
});
export type PatientMetadata = z.infer<typeof patientMetadataSchema>;

/** Fields of patient metadata a caller may set; absent fields keep their value. */
export const patientMetadataFieldsSchema = z.object({
  heightInCm: heightInCmSchema.nullable().optional(),
  weightInKg: weightInKgSchema.nullable().optional(),
  medicalRegistrationNumber: optionalText(50),
  patientIdentifier: optionalText(50),
  ssn: ssnSchema.optional(),
  diagnose: optionalText(2000),
  prescriptions: optionalText(2000),
  metadataInfo: metadataInfoSchema.optional(),
});
export type PatientMetadataFields = z.input<typeof patientMetadataFieldsSchema>;

/** `POST patientmetadata`: create the metadata of `patientId`. */
export const createPatientMetadataBodySchema = patientMetadataFieldsSchema.extend({ patientId: bodyIdSchema });
export type CreatePatientMetadataBody = z.input<typeof createPatientMetadataBodySchema>;

// Doctor and nurse metadata -----------------------------------------------------------------

/** A specialization: a verifier of the SPECIALIZATION_TYPE domain. */
export const doctorSpecializationSchema = z.object({
  id: z.number().int(),
  lowValue: z.string(),
  longDescription: z.string(),
  longDescriptionEsp: z.string(),
});
export type DoctorSpecialization = z.infer<typeof doctorSpecializationSchema>;

/** Doctor metadata (spec section 3): licence, NPI, specializations ("spetializationData", sic) and offices. */
export const doctorMetadataSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  licenceId: z.string(),
  npi: z.string(),
  hospitalsAssignedData: z.array(z.object({ id: z.number().int(), hospitalName: z.string() })),
  spetializationData: z.array(doctorSpecializationSchema),
  metadataInfo: z.record(z.string(), z.unknown()),
});
export type DoctorMetadata = z.infer<typeof doctorMetadataSchema>;

/** `PUT doctormetadata/updatemetadatafordoctor`: absent fields keep their value. */
export const updateDoctorMetadataBodySchema = z.object({
  licenceId: optionalText(50),
  npi: npiSchema.optional(),
  metadataInfo: metadataInfoSchema.optional(),
});
export type UpdateDoctorMetadataBody = z.input<typeof updateDoctorMetadataBodySchema>;

/** Assign or deassign specializations (verifier ids of the SPECIALIZATION_TYPE domain). */
export const doctorSpecializationsBodySchema = z.object({
  doctorId: bodyIdSchema,
  specializationIds: z
    .array(bodyIdSchema)
    .min(1)
    .max(50)
    .transform((ids) => [...new Set(ids)]),
});
export type DoctorSpecializationsBody = z.input<typeof doctorSpecializationsBodySchema>;

/** Nurse metadata (spec section 3, "Metadata link"): `hospitalId` is the nurse's first office the caller sees. */
export const nurseMetadataSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  hospitalId: z.number().int().nullable(),
  licenceId: z.string(),
  metadataInfo: z.record(z.string(), z.unknown()),
});
export type NurseMetadata = z.infer<typeof nurseMetadataSchema>;

/** `PUT nursemetadata/updatemetadatafornurse`: absent fields keep their value. */
export const updateNurseMetadataBodySchema = z.object({
  licenceId: optionalText(50),
  metadataInfo: metadataInfoSchema.optional(),
});
export type UpdateNurseMetadataBody = z.input<typeof updateNurseMetadataBodySchema>;
