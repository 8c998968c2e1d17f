import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { emailSchema, optionalText, requiredText } from '../../common/validation';

/**
 * Billing (spec section 7 "Billing"): CSV exports, billing code links, billing authorizations, the
 * admin patient lists and report, the billing settings, the fee schedule and the patient's billing
 * profile. Billing codes are CPT/HCPCS, diagnoses ICD-10-CM; amounts are integer US cents (the CSV
 * writes dollars with two decimals). Rule ids (C1..C10, section numbers) refer to
 * shared/reference/billing-rules.md.
 */

// Programs, codes, periods ---------------------------------------------------------------------

/** The care-management programs (BILLING_MONITORING_TYPE). CPM = chronic pain management (G3002/G3003), not RTM (reference section 7). */
export const BILLING_PROGRAMS = ['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM'] as const;
export const billingProgramSchema = z.enum(BILLING_PROGRAMS);
export type BillingProgram = z.infer<typeof billingProgramSchema>;

/** A set of programs: 1 to 7, duplicates removed, in the canonical order above. */
export const billingProgramListSchema = z
  .array(billingProgramSchema)
  .min(1)
  .max(BILLING_PROGRAMS.length * 2)
  .transform((list) => BILLING_PROGRAMS.filter((p) => list.includes(p)));

/** The system an RTM patient is monitored for: it picks the device-supply code (reference section 2). */
export const RTM_SYSTEMS = ['RESPIRATORY', 'MSK', 'CBT'] as const;
export const rtmSystemSchema = z.enum(RTM_SYSTEMS);
export type RtmSystem = z.infer<typeof rtmSystemSchema>;

/** A CPT code (five characters, four digits first: 99457, 0591T) or a HCPCS Level II code (a letter and four digits: G3002). */
export const billingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:[0-9]{4}[0-9A-Z]|[A-Z][0-9]{4})$/);

/** Calendar month 1-12 and year, as the spec passes them (headers `month`, `year`). */
export const billingMonthSchema = intTextSchema(1, 12);
export const billingYearSchema = intTextSchema(2000, 2100);

/**
 * The spec's billing request headers (section 3): hospitalId or organizationId, month, year.
 * One of the two ids is required (400 'This field is required' on hospitalid); with both, the
 * office is used and must belong to the organization. Month and year default to the current
 * month (spec: "the billing month defaults to the current YYYY-MM") in the office's time zone.
 */
export const billingPeriodHeadersSchema = z
  .object({
    hospitalid: idSchema.optional(),
    organizationid: idSchema.optional(),
    month: billingMonthSchema.optional(),
    year: billingYearSchema.optional(),
  })
  .refine((h) => h.hospitalid !== undefined || h.organizationid !== undefined, { message: 'required', path: ['hospitalid'] });
export type BillingPeriodHeaders = z.output<typeof billingPeriodHeadersSchema>;

/** The office or organization a billing answer is about, and its month ("CSV client info", spec section 3). */
export const billingClientSchema = z.object({
  clientKind: z.enum(['hospital', 'organization']),
  clientId: z.number().int(),
  clientName: z.string(),
  selectedYear: z.number().int(),
  selectedMonth: z.number().int(),
});
export type BillingClient = z.infer<typeof billingClientSchema>;

// CSV -------------------------------------------------------------------------------------------

/**
 * One billable code of one patient and month: a row of the billing CSV (docs/billing-csv.md).
 * Only billing_claims rows with status 'billable' appear. `amountCents` is null when the fee
 * schedule had no amount for the code and year at generation.
 */
export const billingCsvRowSchema = z.object({
  billingMonth: z.string(), // YYYY-MM
  patientId: z.number().int(),
  patientName: z.string(), // "Last, First"
  patientIdentifier: z.string(),
  mrn: z.string(),
  dateOfBirth: z.string().nullable(), // YYYY-MM-DD
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  practitionerId: z.number().int().nullable(),
  practitionerName: z.string(),
  practitionerNpi: z.string(),
  program: z.string(),
  code: z.string(),
  units: z.number().int(),
  datesOfService: z.array(z.string()), // YYYY-MM-DD
  diagnoses: z.array(z.string()), // ICD-10-CM, primary first
  amountCents: z.number().int().nullable(),
});
export type BillingCsvRow = z.infer<typeof billingCsvRowSchema>;

/**
 * The documented CSV columns, in file order (docs/billing-csv.md). `header` is the column's title
 * in the file (English, stable, for billing software); `en`/`es` label the page's preview table.
 */
export const billingCsvColumns = [
  { key: 'billingMonth', header: 'Billing month', en: 'Billing month', es: 'Mes de facturación' },
  { key: 'patientName', header: 'Patient name', en: 'Patient name', es: 'Nombre del paciente' },
  { key: 'patientIdentifier', header: 'Patient identifier', en: 'Patient identifier', es: 'Identificador del paciente' },
  { key: 'mrn', header: 'MRN', en: 'MRN', es: 'N.º de historia clínica' },
  { key: 'dateOfBirth', header: 'Date of birth', en: 'Date of birth', es: 'Fecha de nacimiento' },
  { key: 'hospitalName', header: 'Office', en: 'Office', es: 'Oficina' },
  { key: 'practitionerName', header: 'Billing practitioner', en: 'Billing practitioner', es: 'Profesional de facturación' },
  { key: 'practitionerNpi', header: 'Billing practitioner NPI', en: 'Billing practitioner NPI', es: 'NPI del profesional de facturación' },
  { key: 'program', header: 'Program', en: 'Program', es: 'Programa' },
  { key: 'code', header: 'CPT/HCPCS code', en: 'CPT/HCPCS code', es: 'Código CPT/HCPCS' },
  { key: 'units', header: 'Units', en: 'Units', es: 'Unidades' },
  { key: 'datesOfService', header: 'Dates of service', en: 'Dates of service', es: 'Fechas de servicio' },
  { key: 'diagnoses', header: 'ICD-10-CM diagnoses', en: 'ICD-10-CM diagnoses', es: 'Diagnósticos CIE-10-MC' },
  { key: 'amount', header: 'Amount (USD)', en: 'Amount (USD)', es: 'Importe (USD)' },
] as const;
export type BillingCsvColumnKey = (typeof billingCsvColumns)[number]['key'];

/** GET billing/getcsvdataformonth: paging and sorting of the preview (default: office, patient, code). */
export const billingCsvQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['patientName', '-patientName', 'hospitalName', '-hospitalName', 'code', '-code', 'amountCents', '-amountCents']).optional(),
});
export type BillingCsvQuery = z.output<typeof billingCsvQuerySchema>;

/** The CSV preview: the client and month, the rows of one page, and totals over all rows. */
export const billingCsvDataSchema = billingClientSchema.extend({
  ...pageOf(billingCsvRowSchema).shape,
  totalAmountCents: z.number().int(),
  totalUnits: z.number().int(),
});
export type BillingCsvData = z.infer<typeof billingCsvDataSchema>;

// Billing code links ----------------------------------------------------------------------------

/** How long an e-mailed billing link works, in days. */
export const BILLING_LINK_EXPIRY_DAYS = 7;

/** A link token as the e-mailed URL carries it (base64url of 32 random bytes). */
export const billingLinkTokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * A billing code link (spec: "Billing link: id, isEmailDownloaded"): the billing file of an
 * office or an organization for a month, e-mailed to `email`. `isEmailDownloaded` turns true
 * when the recipient downloads through the e-mailed link; `expiresAt` is the last e-mail's
 * expiry (null: never sent). The token is never returned. For an office link, organizationId and
 * organizationName are the office's organization.
 */
export const billingCodeLinkSchema = z.object({
  id: z.number().int(),
  hospitalId: z.number().int().nullable(),
  hospitalName: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  year: z.number().int(),
  month: z.number().int(),
  title: z.string(),
  email: z.string().nullable(),
  isEmailDownloaded: z.boolean(),
  expiresAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type BillingCodeLink = z.infer<typeof billingCodeLinkSchema>;

/** GET billingcodelink: filters (office, organization, month) and paging; newest first by default. */
export const billingCodeLinkQuerySchema = pageQuerySchema.extend({
  hospitalid: idSchema.optional(),
  organizationid: idSchema.optional(),
  year: billingYearSchema.optional(),
  month: billingMonthSchema.optional(),
  sort: z.enum(['createdAt', '-createdAt', 'period', '-period', 'title', '-title']).optional(),
});

/** POST billingcodelink: an office (hospitalId) or an organization, a month that has begun, a title and the recipient. */
export const createBillingCodeLinkBodySchema = z
  .object({
    hospitalId: bodyIdSchema.optional(),
    organizationId: bodyIdSchema.optional(),
    year: billingYearSchema,
    month: billingMonthSchema,
    title: optionalText(100),
    email: emailSchema.optional(),
  })
  .refine((b) => (b.hospitalId === undefined) !== (b.organizationId === undefined), { message: 'required', path: ['hospitalId'] });
export type CreateBillingCodeLinkBody = z.input<typeof createBillingCodeLinkBodySchema>;

/** PUT billingcodelink/{id}: title, recipient (null clears it) and month; the office or organization cannot change. */
export const updateBillingCodeLinkBodySchema = z.object({
  title: optionalText(100),
  email: emailSchema.nullable().optional(),
  year: billingYearSchema.optional(),
  month: billingMonthSchema.optional(),
});
export type UpdateBillingCodeLinkBody = z.input<typeof updateBillingCodeLinkBodySchema>;

/** POST billingcodelink/sendemail: the e-mail's language (default: the caller's UI language). */
export const sendBillingCodeLinkBodySchema = z.object({ lang: z.enum(['en', 'es']).optional() });

export const sentBillingCodeLinkSchema = z.object({ link: billingCodeLinkSchema, emailed: z.literal(true) });

// Billing authorizations ------------------------------------------------------------------------

/** A named set of programs of an organization, applied to staff authorizations. */
export const billingAuthorizationTemplateSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  name: z.string(),
  programs: z.array(billingProgramSchema),
  /** How many user billing authorizations were made from it. */
  usedBy: z.number().int(),
  createdAt: z.string(),
});
export type BillingAuthorizationTemplate = z.infer<typeof billingAuthorizationTemplateSchema>;

export const billingAuthorizationTemplateQuerySchema = pageQuerySchema.extend({
  organizationid: idSchema.optional(),
  sort: z.enum(['name', '-name', 'createdAt', '-createdAt']).optional(),
});

/** POST billingauthorizationtemplate: organizationId defaults to the caller's (required for a system admin). Names are unique per organization. */
export const createBillingAuthorizationTemplateBodySchema = z.object({
  organizationId: bodyIdSchema.optional(),
  name: requiredText(100),
  programs: billingProgramListSchema,
});
export const updateBillingAuthorizationTemplateBodySchema = z.object({
  name: requiredText(100).optional(),
  programs: billingProgramListSchema.optional(),
});

/** Which programs a staff member may bill in one office (one row per user and office). */
export const userBillingAuthorizationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userFullname: z.string(),
  roleId: z.number().int(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
  programs: z.array(billingProgramSchema),
  createdAt: z.string(),
});
export type UserBillingAuthorization = z.infer<typeof userBillingAuthorizationSchema>;

export const userBillingAuthorizationQuerySchema = pageQuerySchema.extend({
  hospitalid: idSchema.optional(),
  userid: idSchema.optional(),
  program: billingProgramSchema.optional(),
  sort: z.enum(['userFullname', '-userFullname', 'hospitalName', '-hospitalName', 'createdAt', '-createdAt']).optional(),
});

/**
 * POST billingusersauthorization: a doctor, nurse or office admin assigned to the office, and the
 * programs (explicit, or the template's when only templateId is given).
 */
export const createUserBillingAuthorizationBodySchema = z
  .object({
    userId: bodyIdSchema,
    hospitalId: bodyIdSchema,
    templateId: bodyIdSchema.nullable().optional(),
    programs: billingProgramListSchema.optional(),
  })
  .refine((b) => b.programs !== undefined || (b.templateId !== undefined && b.templateId !== null), { message: 'required', path: ['programs'] });

/** PUT billingusersauthorization/{id}: a new template (its programs apply unless programs are given) and/or programs. */
export const updateUserBillingAuthorizationBodySchema = z.object({
  templateId: bodyIdSchema.nullable().optional(),
  programs: billingProgramListSchema.optional(),
});

// Patient billing profile -----------------------------------------------------------------------

/** ICD-10-CM diagnoses on one claim: at most 12 (the CMS-1500 claim form's diagnosis pointers A-L). */
export const MAX_BILLING_DIAGNOSES = 12;

/**
 * An ICD-10-CM code: a letter, a digit, a digit or letter, then optionally up to four more
 * characters after a dot ("E11", "E11.9", "E119" is normalised to "E11.9"). Whether its
 * three-character category exists is checked by the server against ICD_10_MAIN_CODES.
 */
export const icd10cmCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9][0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/)
  .transform((code) => {
    const plain = code.replace('.', '');
    return plain.length > 3 ? `${plain.slice(0, 3)}.${plain.slice(3)}` : plain;
  });

/**
 * PUT billing/patientbillingprofile. One billing type per patient (spec section 5): a single
 * value, never a list. The practitioner must be a doctor of the patient's office authorised to
 * bill that program; rtmSystem is required for RTM.
 */
export const updatePatientBillingProfileBodySchema = z.object({
  billingType: billingProgramSchema,
  billingPractitionerId: bodyIdSchema.nullable(),
  diagnoses: z
    .array(icd10cmCodeSchema)
    .max(MAX_BILLING_DIAGNOSES)
    .transform((codes) => [...new Set(codes)]),
  rtmSystem: rtmSystemSchema.nullable().optional(),
  /** Start of the current RPM episode of care (99453 once per episode, reference section 1.1), YYYY-MM-DD. */
  rpmEpisodeStart: z.iso.date().nullable().optional(),
});
export type UpdatePatientBillingProfileBody = z.input<typeof updatePatientBillingProfileBodySchema>;

export const billingDiagnosisSchema = z.object({ code: z.string(), category: z.string(), description: z.string(), descriptionEsp: z.string() });

/** A patient's billing profile; `isDefault` when none was saved yet (the values shown are the defaults). */
export const patientBillingProfileSchema = z.object({
  patientId: z.number().int(),
  billingType: billingProgramSchema,
  billingPractitionerId: z.number().int().nullable(),
  billingPractitionerName: z.string().nullable(),
  billingPractitionerNpi: z.string().nullable(),
  diagnoses: z.array(billingDiagnosisSchema),
  rtmSystem: rtmSystemSchema.nullable(),
  rpmEpisodeStart: z.string().nullable(),
  updatedAt: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PatientBillingProfile = z.infer<typeof patientBillingProfileSchema>;

// Admin lists and report ------------------------------------------------------------------------

/** Spec section 3, "Organization patient list entry": hospitalId, hospitalName, userId, userFullname, email, status; plus identifiers and billing type. */
export const billingPatientEntrySchema = z.object({
  userId: z.number().int(),
  userFullname: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  patientIdentifier: z.string(),
  mrn: z.string(),
  dateOfBirth: z.string().nullable(),
  billingType: z.string().nullable(),
});
export type BillingPatientEntry = z.infer<typeof billingPatientEntrySchema>;

export const organizationPatientQuerySchema = pageQuerySchema.extend({
  hospitalid: idSchema.optional(),
  status: intTextSchema(0, 3).optional(),
  sort: z.enum(['userFullname', '-userFullname', 'hospitalName', '-hospitalName', 'status', '-status']).optional(),
});

/** A billed code in a list: program, code, units and amount (cents; null without a fee-schedule amount). */
export const billedCodeSchema = z.object({
  program: z.string(),
  code: z.string(),
  units: z.number().int(),
  amountCents: z.number().int().nullable(),
});

export const organizationPatientWithBillingsSchema = z.object({
  userId: z.number().int(),
  userFullname: z.string(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  billingType: z.string().nullable(),
  codes: z.array(billedCodeSchema),
  totalAmountCents: z.number().int(),
});

export const organizationPatientsWithBillingsQuerySchema = organizationPatientQuerySchema.extend({
  /** Only patients with at least one billable code in the month. */
  billedonly: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional(),
  sort: z.enum(['userFullname', '-userFullname', 'hospitalName', '-hospitalName', 'totalAmountCents', '-totalAmountCents']).optional(),
});

export const organizationPatientsWithBillingsSchema = z.object({
  selectedYear: z.number().int(),
  selectedMonth: z.number().int(),
  ...pageOf(organizationPatientWithBillingsSchema).shape,
});

/** GET admin/getpatientdetails: demographics (no SSN), offices, billing profile and the billable codes of the last 6 months. */
export const billingPatientDetailsSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  userFullname: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  status: z.number().int(),
  patientIdentifier: z.string(),
  mrn: z.string(),
  offices: z.array(z.object({ hospitalId: z.number().int(), hospitalName: z.string() })),
  billingProfile: patientBillingProfileSchema,
  recentCodes: z.array(
    billedCodeSchema.extend({ year: z.number().int(), month: z.number().int(), hospitalId: z.number().int(), datesOfService: z.array(z.string()) }),
  ),
});
export type BillingPatientDetails = z.infer<typeof billingPatientDetailsSchema>;

/** How many past months (the current one included) GET admin/getpatientdetails lists codes for. */
export const PATIENT_DETAILS_CODE_MONTHS = 6;

const reportTotalsShape = {
  patients: z.number().int(),
  claims: z.number().int(),
  units: z.number().int(),
  /** The sum of the claims that have a fee-schedule amount; null = none has one ("amount not loaded", never $0.00). */
  amountCents: z.number().int().nullable(),
  /** Claims without a loaded amount, left out of `amountCents`. */
  claimsWithoutAmount: z.number().int(),
};

/** GET admin/getbillingreport: totals of the billable codes of a month per code and per office (for /partnerBillingReports). */
export const billingReportSchema = billingClientSchema.extend({
  totals: z.object(reportTotalsShape),
  byCode: z.array(z.object({ program: z.string(), code: z.string(), ...reportTotalsShape })),
  byOffice: z.array(
    z.object({
      hospitalId: z.number().int(),
      hospitalName: z.string(),
      ...reportTotalsShape,
      byCode: z.array(z.object({ program: z.string(), code: z.string(), ...reportTotalsShape })),
    }),
  ),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

// Settings and fee schedule ---------------------------------------------------------------------

const bilingualSchema = z.object({ en: z.string(), es: z.string() });
const settingValueSchema = z.union([z.number(), z.boolean(), z.string()]);

/**
 * One billing setting (a rule the reference marks UNCONFIRMED): its effective value and where it
 * comes from ('default', the 'global' row, or the 'organization' row), with its plain name and
 * description in both languages, the reference section (`reference`) and its readable citation.
 */
export const billingSettingSchema = z.object({
  key: z.string(),
  type: z.enum(['integer', 'boolean', 'enum']),
  value: settingValueSchema,
  defaultValue: settingValueSchema,
  globalValue: settingValueSchema.nullable(),
  organizationValue: settingValueSchema.nullable(),
  source: z.enum(['default', 'global', 'organization']),
  /** The plain name a billing manager reads. */
  name: bilingualSchema,
  description: bilingualSchema,
  /** The reference section(s) as the reference numbers them (`§1.1 (99453), §11 item 1`). */
  reference: z.string(),
  /** `reference` as a readable citation: the reference's title and each section's title. */
  citation: bilingualSchema,
  /** The reference has not confirmed the rule against a primary source: shown as "to be confirmed". */
  toBeConfirmed: z.boolean(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
  options: z.array(z.object({ value: z.string(), label: bilingualSchema })).optional(),
});
export type BillingSetting = z.infer<typeof billingSettingSchema>;

export const billingSettingsSchema = z.object({
  organizationId: z.number().int().nullable(),
  items: z.array(billingSettingSchema),
});
export type BillingSettingsView = z.infer<typeof billingSettingsSchema>;

/**
 * PUT billing/updatebillingsettings: values by key (null removes the override, so the global
 * value or the default applies again). organizationId: the organization whose overrides change
 * (default: the caller's); null = the global values (system admin only).
 */
export const updateBillingSettingsBodySchema = z.object({
  organizationId: bodyIdSchema.nullable().optional(),
  values: z
    .record(z.string().max(60), settingValueSchema.nullable())
    .refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 50, { message: 'required' }),
});

/** A fee-schedule amount: integer cents for a code, year and locality ('NATIONAL' by default). */
export const feeScheduleRowSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  code: z.string(),
  locality: z.string(),
  /** Non-facility amount (the one billed). */
  amountCents: z.number().int(),
  /** Facility amount, when imported from the CMS RVU file (null for a plain amount). */
  facilityAmountCents: z.number().int().nullable(),
  description: z.string(),
});
export type FeeScheduleRow = z.infer<typeof feeScheduleRowSchema>;

export const feeScheduleQuerySchema = z.object({
  year: billingYearSchema.optional(),
  locality: z.string().trim().toUpperCase().max(20).optional(),
});

export const feeScheduleSchema = z.object({ year: z.number().int(), items: z.array(feeScheduleRowSchema) });

/** Localities are 'NATIONAL' or a MAC locality id such as '01112-05'. */
export const localitySchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(20)
  .regex(/^[A-Z0-9-]+$/);

/** The most rows one fee-schedule update or upload may carry. */
export const FEE_SCHEDULE_MAX_ROWS = 2000;
/** The largest fee-schedule CSV upload, in bytes. */
export const FEE_SCHEDULE_UPLOAD_MAX_BYTES = 1024 * 1024;

export const feeScheduleInputRowSchema = z.object({
  code: billingCodeSchema,
  amountCents: z.number().int().min(0).max(10_000_000),
  locality: localitySchema.optional(),
  description: optionalText(200),
});

/** PUT billing/updatefeeschedule: rows to insert or update (by code and locality) for a year. */
export const updateFeeScheduleBodySchema = z.object({
  year: billingYearSchema,
  rows: z.array(feeScheduleInputRowSchema).min(1).max(FEE_SCHEDULE_MAX_ROWS),
});
export type UpdateFeeScheduleBody = z.input<typeof updateFeeScheduleBodySchema>;

export const feeScheduleUpdateResultSchema = z.object({
  year: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  items: z.array(feeScheduleRowSchema),
});
export type FeeScheduleUpdateResult = z.infer<typeof feeScheduleUpdateResultSchema>;

export const uploadFeeScheduleQuerySchema = z.object({ year: billingYearSchema });
