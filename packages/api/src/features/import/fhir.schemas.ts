/**
 * Zod schemas of the parts of FHIR R4 resources that the importer reads (https://hl7.org/fhir/R4/).
 * They are loose: unknown elements pass through untouched; what the importer uses is checked for
 * type, presence and size, so that bad input fails with a per-record reason instead of a crash.
 */
import { z } from 'zod';

/** FHIR `id`: letters, digits, '-' and '.', at most 64 characters. */
export const fhirIdSchema = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'not a FHIR id (letters, digits, - and ., at most 64)');

const text = (max = 500) => z.string().max(max);

export const codingSchema = z.looseObject({ system: text().optional(), code: text(200).optional(), display: text().optional() });
export const codeableConceptSchema = z.looseObject({ coding: z.array(codingSchema).max(50).optional(), text: text().optional() });
export const identifierSchema = z.looseObject({
  use: text(20).optional(),
  system: text().optional(),
  value: text(200).optional(),
  type: codeableConceptSchema.optional(),
});
export const referenceSchema = z.looseObject({
  reference: text(1000).optional(),
  identifier: identifierSchema.optional(),
  display: text().optional(),
});
export const periodSchema = z.looseObject({ start: text(40).optional(), end: text(40).optional() });
export const humanNameSchema = z.looseObject({
  use: text(20).optional(),
  text: text(200).optional(),
  family: text(200).optional(),
  given: z.array(text(200)).max(10).optional(),
  prefix: z.array(text(50)).max(10).optional(),
  period: periodSchema.optional(),
});
export const contactPointSchema = z.looseObject({ system: text(20).optional(), value: text(200).optional(), use: text(20).optional() });
const extensionLeafSchema = z.looseObject({ url: text(), valueDecimal: z.number().optional() });
export const addressSchema = z.looseObject({
  use: text(20).optional(),
  line: z.array(text(200)).max(10).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  postalCode: text(20).optional(),
  country: text(100).optional(),
  period: periodSchema.optional(),
  extension: z.array(z.looseObject({ url: text(), extension: z.array(extensionLeafSchema).max(20).optional() })).max(20).optional(),
});
export const quantitySchema = z.looseObject({
  value: z.number().optional(),
  unit: text(50).optional(),
  system: text().optional(),
  code: text(50).optional(),
});
/** FHIR date: YYYY, YYYY-MM or YYYY-MM-DD. */
export const fhirDateSchema = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, 'not a FHIR date')
  .refine((d) => d.length < 10 || new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar date');

export const organizationSchema = z.looseObject({
  resourceType: z.literal('Organization'),
  id: fhirIdSchema,
  active: z.boolean().optional(),
  identifier: z.array(identifierSchema).max(50).optional(),
  name: z.string().trim().min(1, 'name is required').max(200),
  telecom: z.array(contactPointSchema).max(20).optional(),
  address: z.array(addressSchema).max(20).optional(),
});
export type FhirOrganization = z.infer<typeof organizationSchema>;

export const locationSchema = z.looseObject({
  resourceType: z.literal('Location'),
  id: fhirIdSchema,
  status: z.enum(['active', 'suspended', 'inactive']).optional(),
  mode: z.enum(['instance', 'kind']).optional(),
  identifier: z.array(identifierSchema).max(50).optional(),
  name: z.string().trim().max(200).optional(),
  description: text(1000).optional(),
  telecom: z.array(contactPointSchema).max(20).optional(),
  address: addressSchema.optional(),
  position: z.looseObject({ longitude: z.number().min(-180).max(180), latitude: z.number().min(-90).max(90) }).optional(),
  managingOrganization: referenceSchema.optional(),
});
export type FhirLocation = z.infer<typeof locationSchema>;

export const practitionerSchema = z.looseObject({
  resourceType: z.literal('Practitioner'),
  id: fhirIdSchema,
  active: z.boolean().optional(),
  identifier: z.array(identifierSchema).max(50).optional(),
  name: z.array(humanNameSchema).min(1, 'name is required').max(20),
  telecom: z.array(contactPointSchema).max(20).optional(),
  address: z.array(addressSchema).max(20).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: fhirDateSchema.optional(),
  communication: z.array(codeableConceptSchema).max(20).optional(),
});
export type FhirPractitioner = z.infer<typeof practitionerSchema>;

export const practitionerRoleSchema = z.looseObject({
  resourceType: z.literal('PractitionerRole'),
  id: fhirIdSchema,
  active: z.boolean().optional(),
  practitioner: referenceSchema,
  organization: referenceSchema.optional(),
  location: z.array(referenceSchema).max(50).optional(),
  code: z.array(codeableConceptSchema).max(20).optional(),
  specialty: z.array(codeableConceptSchema).max(20).optional(),
});
export type FhirPractitionerRole = z.infer<typeof practitionerRoleSchema>;

export const patientSchema = z.looseObject({
  resourceType: z.literal('Patient'),
  id: fhirIdSchema,
  active: z.boolean().optional(),
  identifier: z.array(identifierSchema).max(50).optional(),
  name: z.array(humanNameSchema).min(1, 'name is required').max(20),
  telecom: z.array(contactPointSchema).max(20).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: fhirDateSchema.optional(),
  deceasedBoolean: z.boolean().optional(),
  deceasedDateTime: text(40).optional(),
  address: z.array(addressSchema).max(20).optional(),
  communication: z.array(z.looseObject({ language: codeableConceptSchema, preferred: z.boolean().optional() })).max(20).optional(),
});
export type FhirPatient = z.infer<typeof patientSchema>;

export const encounterSchema = z.looseObject({
  resourceType: z.literal('Encounter'),
  id: fhirIdSchema.optional(),
  subject: referenceSchema.optional(),
  participant: z.array(z.looseObject({ individual: referenceSchema.optional() })).max(100).optional(),
  location: z.array(z.looseObject({ location: referenceSchema })).max(100).optional(),
  serviceProvider: referenceSchema.optional(),
  period: periodSchema.optional(),
});
export type FhirEncounter = z.infer<typeof encounterSchema>;

export const observationSchema = z.looseObject({
  resourceType: z.literal('Observation'),
  id: fhirIdSchema,
  status: text(30).optional(),
  code: codeableConceptSchema,
  subject: referenceSchema.optional(),
  effectiveDateTime: text(40).optional(),
  effectivePeriod: periodSchema.optional(),
  issued: text(40).optional(),
  valueQuantity: quantitySchema.optional(),
  /** Panel members (a blood pressure's systolic and diastolic). */
  component: z.array(z.looseObject({ code: codeableConceptSchema, valueQuantity: quantitySchema.optional() })).max(50).optional(),
});
export type FhirObservation = z.infer<typeof observationSchema>;

/** Any resource: an object with a resourceType; the mapper of that type checks the rest. */
export const anyResourceSchema = z.looseObject({ resourceType: z.string().regex(/^[A-Z][A-Za-z]{1,63}$/, 'not a FHIR resource type'), id: z.unknown().optional() });
export type FhirResource = z.infer<typeof anyResourceSchema>;

export const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  id: z.string().optional(),
  type: text(40).optional(),
  entry: z
    .array(z.looseObject({ fullUrl: text(1000).optional(), resource: z.unknown().optional() }))
    .max(200_000)
    .optional(),
});
export type FhirBundle = z.infer<typeof bundleSchema>;

/** A zod error as one line: "name: name is required; birthDate: not a FHIR date" (paths, never values). */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}
