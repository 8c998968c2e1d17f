import { z } from 'zod';
import { pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema, MAX_ID } from '../../common/ids';
import { officeScopedRoles, Role, roleIds, type RoleId } from '../../common/roles';
import { emailSchema, isValidPhone, optionalText, passwordSchema, personNameSchema, phoneSchema, usernameSchema } from '../../common/validation';
import { sortQuery } from '../../common/sorting';

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

// Requests and list shapes of the User endpoints (spec section 7, "User") -------------------------

/** The minimal user of `user/getuserbyidminimal`. */
export const userMinimalSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
  status: z.number().int(),
});
export type UserMinimal = z.infer<typeof userMinimalSchema>;

/**
 * Roles each role may create and manage (spec section 6 and the foundation issue): an office admin
 * creates doctors, nurses, caregivers and patients in their offices; an organization admin also office
 * admins, partners, API users and data coordinators of their organization; only a system admin creates
 * system admins, organization admins, verifiers and ECP users. The server decides; the web uses this to
 * offer only the roles the caller may pick.
 */
export const creatableRoles: Record<RoleId, readonly RoleId[]> = {
  [Role.SYSTEM_ADMIN]: roleIds,
  [Role.ORGANIZATION_ADMIN]: [
    Role.HOSPITAL_ADMIN,
    Role.DOCTOR,
    Role.NURSE,
    Role.CARE_GIVER,
    Role.PATIENT,
    Role.PARTNER,
    Role.API_USER,
    Role.DATA_COORDINATOR,
  ],
  [Role.HOSPITAL_ADMIN]: [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.PATIENT],
  [Role.DOCTOR]: [],
  [Role.NURSE]: [],
  [Role.CARE_GIVER]: [],
  [Role.PATIENT]: [],
  [Role.PARTNER]: [],
  [Role.API_USER]: [],
  [Role.DATA_COORDINATOR]: [],
  [Role.VERIFIER]: [],
  [Role.ECP_USER]: [],
};

/** Roles that must be assigned to at least one office ("At least one facility must be assigned"). */
export const rolesNeedingFacility: readonly RoleId[] = [...officeScopedRoles, Role.PATIENT];

/** Roles that belong to no organization. */
export const rolesWithoutOrganization: readonly RoleId[] = [Role.SYSTEM_ADMIN];

/** The stored language: 'ENG' or 'ESP'; the UI codes 'en' and 'es' are accepted too. */
export const userLanguageInputSchema = z
  .string()
  .min(1)
  .pipe(z.enum(['ENG', 'ESP', 'en', 'es']))
  .transform((v): 'ENG' | 'ESP' => (v === 'ENG' || v === 'en' ? 'ENG' : 'ESP'));

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const userCountrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name ('America/New_York'). */
export const userTimezoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, { message: 'regex' });

/** A birth date, YYYY-MM-DD, not in the future and not before 1900. */
export const userBirthdateSchema = z.iso
  .date()
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), { message: 'regex' });

/** A user status: 0 inactive, 1 active, 2 pending, 3 deceased (the last two for patients). */
export const userStatusSchema = intTextSchema(0, 3);

/** userSettingsJson: a JSON object of at most 20,000 characters. */
export const userSettingsJsonSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 20_000, { message: 'regex' });

const roleIdSchema = intTextSchema(-MAX_ID, MAX_ID)
  .refine((v) => (roleIds as number[]).includes(v), { message: 'regex' })
  .transform((v) => v as RoleId);

/** Optional e-mail: '' and null mean "none". */
const optionalEmailSchema = z.preprocess((v) => (v === '' ? null : v), emailSchema.nullable()).optional();

/** The editable User fields shared by create and update (spec section 3). */
const userFieldsShape = {
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: optionalEmailSchema,
  username: usernameSchema,
  phone: phoneSchema.nullable(),
  gender: optionalText(20),
  birthdate: userBirthdateSchema.nullable().optional(),
  address: optionalText(200),
  addressLatitude: z.number().min(-90).max(90).nullable().optional(),
  addressLongitude: z.number().min(-180).max(180).nullable().optional(),
  city: optionalText(100),
  zip: optionalText(20),
  state: optionalText(100),
  country: userCountrySchema.optional(),
  language: userLanguageInputSchema.optional(),
  userTimezone: userTimezoneSchema.optional(),
  userSettingsJson: userSettingsJsonSchema.optional(),
  isSequoiaUser: z.boolean().optional(),
};

/** Checks the phone for the body's country (US when absent): the rule for a new user. */
function phoneForCountry(value: { phone?: string | null; country?: string }, ctx: z.RefinementCtx) {
  if (value.phone && !isValidPhone(value.phone, value.country || 'US')) { ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone' }); }
}

/**
 * On update the country may be the stored one, which only the server knows: the phone is checked here
 * when the body carries a country or an international number, and by the server otherwise.
 */
function phoneForCountryIfKnown(value: { phone?: string | null; country?: string }, ctx: z.RefinementCtx) {
  if (value.country || value.phone?.trim().startsWith('+')) { phoneForCountry(value, ctx); }
}

/**
 * `POST user`: any user kind. Names are normalised and the phone stored in E.164 by the server; without
 * a password the user gets an account-validation link by e-mail. `hospitalIds` are the offices to assign
 * (at least one for office-scoped roles and patients). `username` defaults to one made from the names.
 * `email` is required for every role but the patient.
 */
export const userCreateBodySchema = z
  .strictObject({
    ...userFieldsShape,
    username: usernameSchema.optional(),
    roleId: roleIdSchema,
    organizationId: bodyIdSchema.nullable().optional(),
    hospitalIds: z.array(bodyIdSchema).max(50).optional(),
    status: userStatusSchema.optional(),
    password: passwordSchema.optional(),
  })
  .superRefine((value, ctx) => {
    phoneForCountry(value, ctx);
    if (value.roleId !== Role.PATIENT && !value.email) { ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' }); }
  });
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

/**
 * `PUT user/{id}`: a partial update of the User fields (role, organization, status and password have
 * their own calls). Changing the e-mail marks it not validated.
 */
export const userUpdateBodySchema = z.strictObject(userFieldsShape).partial().superRefine(phoneForCountryIfKnown);
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** `PUT user/updateV2/{id}`: the update, plus `hospitalIds` replacing the user's offices within the caller's scope. */
export const userUpdateV2BodySchema = z
  .strictObject(userFieldsShape)
  .partial()
  .extend({ hospitalIds: z.array(bodyIdSchema).max(50).optional() })
  .superRefine(phoneForCountryIfKnown);
export type UserUpdateV2Body = z.input<typeof userUpdateV2BodySchema>;

/** Sortable fields of user lists; prefix '-' for descending. */
export const userSortFields = ['id', 'firstName', 'lastName', 'email', 'username', 'status', 'roleId', 'createdAt'] as const;

/** Paging for user lists: pageQuerySchema with the sort limited to `userSortFields`. */
export const userPageQuerySchema = pageQuerySchema.extend({ sort: sortQuery(userSortFields) });

/** `GET user`: a page of users in the caller's scope, filtered by role, status, office and free text. */
export const userListQuerySchema = userPageQuerySchema.extend({
  roleId: roleIdSchema.optional(),
  status: userStatusSchema.optional(),
  hospitalId: idSchema.optional(),
});

/** Patient lists: paging plus a status filter. */
export const userPatientListQuerySchema = userPageQuerySchema.extend({ status: userStatusSchema.optional() });

export const userIdHeadersSchema = z.object({ userid: idSchema });
export const userListHospitalHeadersSchema = z.object({ hospitalid: idSchema.optional() });
export const officePatientsHeadersSchema = z.object({ hospitalid: idSchema });
export const userListOrganizationHeadersSchema = z.object({ organizationid: idSchema.optional() });
export const partnersHeadersSchema = z.object({ organizationid: idSchema });

/** `PUT user/setstatus` headers: the user and the status to set (0 inactive, 1 active, 2 pending, 3 deceased). */
export const userSetStatusHeadersSchema = z.object({ userid: idSchema, statusvaluetoset: userStatusSchema });

/** `PUT user/updateemailforuser` headers. */
export const userUpdateEmailHeadersSchema = z.object({ userid: idSchema, newemailvalue: emailSchema });

export const changeLanguageBodySchema = z.strictObject({ language: userLanguageInputSchema });
export const changeLanguageResultSchema = z.object({ language: z.enum(['ENG', 'ESP']) });

/** `POST user/changemypassword`: the current password and the new one (10 to 128 characters). */
export const changeMyPasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});

/** `POST user/changemypasswordwithvalidationtoken`: the e-mailed token and the new password. */
export const changePasswordWithTokenBodySchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  newPassword: passwordSchema,
});
/** A one-time token (5 minutes) for `auth/signinwithtokenv2`, so the page can sign the user in. */
export const changePasswordWithTokenResultSchema = z.object({ signInToken: z.string() });

/**
 * `POST user/sendvalidationlinkbyemail`: either `{ email }` (forgot password; always answers OK) or,
 * from a signed-in admin, `{ userId }` (account-validation link for a user in scope). Exactly one.
 */
export const sendValidationLinkBodySchema = z
  .strictObject({ email: emailSchema.optional(), userId: bodyIdSchema.optional() })
  .superRefine((value, ctx) => {
    if ((value.email === undefined) === (value.userId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'required' });
    }
  });

export const uploadProfileImageResultSchema = z.object({ contentType: z.enum(['image/jpeg', 'image/png']), size: z.number().int() });

export const webSocketTokenResultSchema = z.object({ webSocketToken: z.string() });

