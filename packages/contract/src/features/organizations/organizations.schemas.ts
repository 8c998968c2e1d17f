import { z } from 'zod';
import { idSchema, intTextSchema, MAX_ID } from '../../common/ids';
import { pageQuerySchema } from '../../common/envelope';
import { Role } from '../../common/roles';
import { emailSchema, optionalText, phoneSchema, refinePhone, requiredText } from '../../common/validation';
import { userSchema } from '../users/users.schemas';
import { sortQuery } from '../../common/sorting';

/** ISO 3166-1 alpha-2 country code, stored upper case; defaults to US. */
const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase())
  .default('US');

/** An optional e-mail: empty text is allowed (stored as ''); anything else must be a valid address. */
const optionalEmailSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailSchema.optional());

/**
 * A medical institution (organization), spec section 3: id, institutionName, institutionNameESP,
 * plus its contact and address. `contactPhone` is E.164 or ''. `officeCount` is the number of
 * offices (hospitals) it holds; an organization with offices cannot be deleted.
 */
export const organizationSchema = z.object({
  id: z.number().int(),
  institutionName: z.string(),
  institutionNameESP: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  status: z.number().int(),
  officeCount: z.number().int(),
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * Body of POST medicalinstitution and PUT medicalinstitution/{id}. The contact phone is checked for
 * validity in `country` (spec section 5: "A phone is checked for country validity") and the server
 * stores it in E.164; an empty phone is stored as ''.
 */
export const organizationInputSchema = z
  .object({
    institutionName: requiredText(100),
    institutionNameESP: optionalText(100).default(''),
    contactPhone: phoneSchema,
    contactEmail: optionalEmailSchema,
    address: optionalText(200).default(''),
    city: optionalText(100).default(''),
    state: optionalText(100).default(''),
    zip: optionalText(20).default(''),
    country: countryCodeSchema,
    status: z.number().int().min(0).max(1).default(1),
  })
  .superRefine(refinePhone('contactPhone'));
export type OrganizationInput = z.input<typeof organizationInputSchema>;

/** Query of GET medicalinstitution: paged, searched by name (English or Spanish), sorted. */
export const organizationListQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['institutionName', 'city', 'status', 'id']),
  status: intTextSchema(0, 1).optional(),
});

/** Header of the organization-wide lists (the spec passes OrganizationId as a header). */
export const organizationHeaderSchema = z.object({ organizationid: idSchema });

/** Organization patient list entry (spec section 3): one row per patient and office of the organization. */
export const organizationPatientEntrySchema = z.object({
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  userId: z.number().int(),
  userFullname: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
});
export type OrganizationPatientEntry = z.infer<typeof organizationPatientEntrySchema>;

/** Query of GET medicalinstitution/getrelatedorganizationpatients. */
export const organizationPatientsQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['userFullname', 'hospitalName', 'email', 'status']),
  status: intTextSchema(0, 3).optional(),
  hospitalId: idSchema.optional(),
});

/** Roles listed as medical staff: doctor, nurse, office admin, caregiver. */
export const organizationStaffRoleIds = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN, Role.CARE_GIVER] as const;

/** Query of GET medicalinstitution/getrelatedorganizationmedicalstaffV2. */
export const organizationStaffQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(['lastName', 'firstName', 'email', 'roleId', 'status']),
  roleId: intTextSchema(-MAX_ID, MAX_ID)
    .refine((v) => (organizationStaffRoleIds as readonly number[]).includes(v))
    .optional(),
  status: intTextSchema(0, 3).optional(),
});

/** A staff member in an organization list: the spec's User shape (no metadata). */
export const organizationStaffMemberSchema = userSchema;
