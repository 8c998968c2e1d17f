import { z } from 'zod';

/** A reference to an office as carried on a user (spec section 3: hospitalAssignedData / hospitalsAssignedData). */
export const hospitalRefSchema = z.object({
  id: z.number().int(),
  hospitalName: z.string(),
  organizationId: z.number().int(),
  isAdmin: z.boolean(),
});

export const doctorMetadataViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  licenceId: z.string(),
  npi: z.string(),
  spetializationData: z.array(z.object({ id: z.number().int(), lowValue: z.string(), longDescription: z.string(), longDescriptionEsp: z.string() })),
  metadataInfo: z.record(z.string(), z.unknown()),
});

export const nurseMetadataViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  licenceId: z.string(),
  metadataInfo: z.record(z.string(), z.unknown()),
});

/** Patient metadata (spec section 3). `ssn` is present only on single-patient reads, masked unless asked for. */
export const patientMetadataViewSchema = z.object({
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

/** The User entity as the API returns it (spec section 3). Never carries a password hash or SSN. */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  phone: z.string(),
  gender: z.string(),
  birthdate: z.string().nullable(), // YYYY-MM-DD
  address: z.string(),
  addressLatitude: z.number().nullable(),
  addressLongitude: z.number().nullable(),
  city: z.string(),
  zip: z.string(),
  state: z.string(),
  country: z.string(),
  countryName: z.string(),
  language: z.string(),
  userTimezone: z.string(),
  status: z.number().int(),
  userSettingsJson: z.record(z.string(), z.unknown()),
  isSequoiaUser: z.boolean(),
  emailValidated: z.boolean(),
  roleId: z.number().int(),
  roleData: z.object({ id: z.number().int(), roleName: z.string() }),
  organizationId: z.number().int().nullable(),
  organizationAssignedData: z.object({ id: z.number().int(), institutionName: z.string() }).nullable(),
  hospitalAssignedData: hospitalRefSchema.nullable(),
  hospitalsAssignedData: z.array(hospitalRefSchema),
  medicalTeamsData: z.array(z.number().int()),
  doctorMetadata: doctorMetadataViewSchema.nullable().optional(),
  nurseMetadata: nurseMetadataViewSchema.nullable().optional(),
  patientMetadata: patientMetadataViewSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
