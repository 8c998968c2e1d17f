import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import {
  billingAuthorizationTemplateQuerySchema,
  billingAuthorizationTemplateSchema,
  billingCodeLinkQuerySchema,
  billingCodeLinkSchema,
  billingCsvDataSchema,
  billingCsvQuerySchema,
  billingLinkTokenSchema,
  billingPatientDetailsSchema,
  billingPeriodHeadersSchema,
  billingReportSchema,
  billingSettingsSchema,
  billingMonthSchema,
  billingYearSchema,
  createBillingAuthorizationTemplateBodySchema,
  createBillingCodeLinkBodySchema,
  createUserBillingAuthorizationBodySchema,
  feeScheduleQuerySchema,
  feeScheduleSchema,
  feeScheduleUpdateResultSchema,
  FEE_SCHEDULE_UPLOAD_MAX_BYTES,
  billingPatientEntrySchema,
  organizationPatientQuerySchema,
  organizationPatientsWithBillingsQuerySchema,
  organizationPatientsWithBillingsSchema,
  patientBillingProfileSchema,
  sendBillingCodeLinkBodySchema,
  sentBillingCodeLinkSchema,
  updateBillingAuthorizationTemplateBodySchema,
  updateBillingCodeLinkBodySchema,
  updateBillingSettingsBodySchema,
  updateFeeScheduleBodySchema,
  updatePatientBillingProfileBodySchema,
  updateUserBillingAuthorizationBodySchema,
  uploadFeeScheduleQuerySchema,
  userBillingAuthorizationQuerySchema,
  userBillingAuthorizationSchema,
} from './billing.schemas';

// Billing endpoints other than generation, summaries and readiness (those are declared in
// billing.generation.contract.ts). Spec section 7 "Billing"; rules: shared/reference/billing-rules.md.

const tag = 'Billing';
const idParams = z.object({ id: idSchema });
/** A file answer (CSV text or a ZIP archive): no envelope; errors still answer the JSON envelope. */
const fileResponse = z.string();

// CSV -------------------------------------------------------------------------------------------

export const getCsvDataForMonth = endpoint({
  method: 'GET',
  path: 'billing/getcsvdataformonth',
  tag,
  summary:
    'The billing CSV rows of an office or organization for a month as JSON, paged (preview). Columns: docs/billing-csv.md (patient, identifiers, date of birth, office, billing practitioner and NPI, program, code, units, dates of service, ICD-10-CM diagnoses, amount); only billable codes; 400 "CSV cannot be downloaded for upcoming months"',
  permission: 'billing.read',
  headers: billingPeriodHeadersSchema,
  query: billingCsvQuerySchema,
  response: billingCsvDataSchema,
  audit: { resource: 'Claim' },
});

export const generateMultipleCsvOrganizationPatientsForMonthV2 = endpoint({
  method: 'GET',
  path: 'billing/generatemultiplecsvorganizationpatientsformonthV2',
  tag,
  summary:
    "A ZIP archive with one billing CSV per office of the organization (the caller's offices of it) for the month; columns as docs/billing-csv.md; 400 for an upcoming month",
  permission: 'billing.read',
  headers: billingPeriodHeadersSchema,
  binary: true,
  response: fileResponse,
  audit: { resource: 'Claim' },
});

export const generateMultipleCsvHospitalPatientsForMonthV2 = endpoint({
  method: 'GET',
  path: 'billing/generatemultiplecsvhospitalpatientsformonthV2',
  tag,
  summary: "The office's billing CSV for the month (text/csv, UTF-8 with BOM); columns as docs/billing-csv.md; 400 for an upcoming month",
  permission: 'billing.read',
  headers: billingPeriodHeadersSchema,
  binary: true,
  response: fileResponse,
  audit: { resource: 'Claim' },
});

// Billing code links ----------------------------------------------------------------------------

export const findBillingCodeLinks = endpoint({
  method: 'GET',
  path: 'billingcodelink',
  tag,
  summary: 'A page of the billing code links of offices and organizations in scope (spec "Billing link": id, isEmailDownloaded), newest first',
  permission: 'billing.read',
  query: billingCodeLinkQuerySchema,
  response: pageOf(billingCodeLinkSchema),
});

export const createBillingCodeLink = endpoint({
  method: 'POST',
  path: 'billingcodelink',
  tag,
  summary: 'Creates a link to the billing file of an office or organization for a month that has begun (400 "CSV cannot be downloaded for upcoming months")',
  permission: 'billing.generate',
  body: createBillingCodeLinkBodySchema,
  response: billingCodeLinkSchema,
  successStatus: 201,
  audit: { resource: 'Claim' },
});

export const updateBillingCodeLink = endpoint({
  method: 'PUT',
  path: 'billingcodelink/{id}',
  tag,
  summary: "Updates a link's title, recipient or month (a new month resets isEmailDownloaded)",
  permission: 'billing.generate',
  params: idParams,
  body: updateBillingCodeLinkBodySchema,
  response: billingCodeLinkSchema,
  audit: { resource: 'Claim' },
});

export const deleteBillingCodeLink = endpoint({
  method: 'DELETE',
  path: 'billingcodelink/{id}',
  tag,
  summary: 'Deletes a link; a link already e-mailed stops working',
  permission: 'billing.generate',
  params: idParams,
  response: billingCodeLinkSchema,
  audit: { resource: 'Claim' },
});

export const sendBillingCodeLinkEmail = endpoint({
  method: 'POST',
  path: 'billingcodelink/sendemail',
  tag,
  summary: `E-mails the link (header billingcodelinkid) to its recipient: a new 256-bit token (stored hashed, valid 7 days) in a URL that opens the app; the recipient signs in and downloads. isEmailDownloaded resets to false`,
  permission: 'billing.generate',
  headers: z.object({ billingcodelinkid: idSchema }),
  body: sendBillingCodeLinkBodySchema,
  response: sentBillingCodeLinkSchema,
  audit: { resource: 'Claim', action: 'E' },
});

/**
 * Chosen: the download behind an e-mailed billing link. The file holds PHI, so the token is not a
 * bearer credential: the recipient must be signed in with billing.read and have the link's office
 * or organization in scope (otherwise 404). Answers the link's file (office: CSV; organization:
 * ZIP) and marks the link isEmailDownloaded.
 */
export const downloadBillingCodeLink = endpoint({
  method: 'GET',
  path: 'billingcodelink/download',
  tag,
  summary:
    'Chosen (not in the spec): downloads the file of an e-mailed billing link (header linktoken) for a signed-in user with the link\'s office or organization in scope, and marks it isEmailDownloaded; 404 "This billing link is not valid or has expired"',
  permission: 'billing.read',
  headers: z.object({ linktoken: billingLinkTokenSchema }),
  binary: true,
  response: fileResponse,
  audit: { resource: 'Claim' },
});

// Billing authorization templates ---------------------------------------------------------------

export const findBillingAuthorizationTemplates = endpoint({
  method: 'GET',
  path: 'billingauthorizationtemplate',
  tag,
  summary: "A page of the organization's billing authorization templates (named sets of programs); query organizationid for a system admin",
  permission: 'billing.read',
  query: billingAuthorizationTemplateQuerySchema,
  response: pageOf(billingAuthorizationTemplateSchema),
});

export const getBillingAuthorizationTemplate = endpoint({
  method: 'GET',
  path: 'billingauthorizationtemplate/{id}',
  tag,
  summary: 'One billing authorization template; 404 outside the caller\'s organization',
  permission: 'billing.read',
  params: idParams,
  response: billingAuthorizationTemplateSchema,
});

export const createBillingAuthorizationTemplate = endpoint({
  method: 'POST',
  path: 'billingauthorizationtemplate',
  tag,
  summary: 'Creates a named set of programs (RPM, RTM, CCM, PCM, APCM, BHI, CPM) for an organization; 409 for a name already used there',
  permission: 'billing.authorizations',
  body: createBillingAuthorizationTemplateBodySchema,
  response: billingAuthorizationTemplateSchema,
  successStatus: 201,
});

export const updateBillingAuthorizationTemplate = endpoint({
  method: 'PUT',
  path: 'billingauthorizationtemplate/{id}',
  tag,
  summary: "Renames a template or changes its programs (authorizations made from it keep their own programs)",
  permission: 'billing.authorizations',
  params: idParams,
  body: updateBillingAuthorizationTemplateBodySchema,
  response: billingAuthorizationTemplateSchema,
});

export const deleteBillingAuthorizationTemplate = endpoint({
  method: 'DELETE',
  path: 'billingauthorizationtemplate/{id}',
  tag,
  summary: 'Deletes a template; authorizations made from it keep their programs and lose the template reference',
  permission: 'billing.authorizations',
  params: idParams,
  response: billingAuthorizationTemplateSchema,
});

// User billing authorizations -------------------------------------------------------------------

export const findUserBillingAuthorizations = endpoint({
  method: 'GET',
  path: 'billingusersauthorization',
  tag,
  summary: 'A page of which staff may bill which programs in which office (offices in scope; query hospitalid, userid, program)',
  permission: 'billing.read',
  query: userBillingAuthorizationQuerySchema,
  response: pageOf(userBillingAuthorizationSchema),
});

export const getUserBillingAuthorization = endpoint({
  method: 'GET',
  path: 'billingusersauthorization/{id}',
  tag,
  summary: 'One user billing authorization; 404 outside the caller\'s offices',
  permission: 'billing.read',
  params: idParams,
  response: userBillingAuthorizationSchema,
});

export const createUserBillingAuthorization = endpoint({
  method: 'POST',
  path: 'billingusersauthorization',
  tag,
  summary:
    'Authorizes a doctor, nurse or office admin assigned to the office to bill programs there (explicit, or a template\'s); 409 when the user already has one for the office',
  permission: 'billing.authorizations',
  body: createUserBillingAuthorizationBodySchema,
  response: userBillingAuthorizationSchema,
  successStatus: 201,
});

export const updateUserBillingAuthorization = endpoint({
  method: 'PUT',
  path: 'billingusersauthorization/{id}',
  tag,
  summary: "Changes an authorization's programs or template",
  permission: 'billing.authorizations',
  params: idParams,
  body: updateUserBillingAuthorizationBodySchema,
  response: userBillingAuthorizationSchema,
});

export const deleteUserBillingAuthorization = endpoint({
  method: 'DELETE',
  path: 'billingusersauthorization/{id}',
  tag,
  summary: 'Removes a user billing authorization',
  permission: 'billing.authorizations',
  params: idParams,
  response: userBillingAuthorizationSchema,
});

// Admin lists and report (paths under admin/, feature billing) ----------------------------------

export const getPatientsListForMedicalInstitution = endpoint({
  method: 'GET',
  path: 'admin/getpatientslistformedicalinstitution',
  tag,
  summary: "A page of the organization's patients with their office (one entry per patient and office in scope), identifiers and billing type",
  permission: 'billing.read',
  headers: z.object({ organizationid: idSchema }),
  query: organizationPatientQuerySchema,
  response: pageOf(billingPatientEntrySchema),
  audit: { resource: 'Patient' },
});

export const getPatientDetails = endpoint({
  method: 'GET',
  path: 'admin/getpatientdetails',
  tag,
  summary: "A patient's demographics (no SSN), offices, billing profile and billable codes of the last 6 months",
  permission: 'billing.read',
  headers: z.object({ patientid: idSchema }),
  response: billingPatientDetailsSchema,
});

export const getPatientsListForMedicalInstitutionWithBillings = endpoint({
  method: 'GET',
  path: 'admin/getpatientslistformedicalinstitutionwithbillings',
  tag,
  summary: "A page of the organization's patients (per office) with their billable codes and amounts for the month (headers month, year; default the current month)",
  permission: 'billing.read',
  headers: z.object({ organizationid: idSchema, month: billingMonthSchema.optional(), year: billingYearSchema.optional() }),
  query: organizationPatientsWithBillingsQuerySchema,
  response: organizationPatientsWithBillingsSchema,
  audit: { resource: 'Claim' },
});

export const getBillingReport = endpoint({
  method: 'GET',
  path: 'admin/getbillingreport',
  tag,
  summary: 'Totals of the billable codes of a month (patients, claims, units, amount) per code and per office, for an office or organization (/partnerBillingReports)',
  permission: 'billing.read',
  headers: billingPeriodHeadersSchema,
  response: billingReportSchema,
  audit: { resource: 'Claim' },
});

// Settings, fee schedule, patient billing profile (chosen) --------------------------------------

/** Chosen (for /billingsettings): the effective billing settings (the reference's UNCONFIRMED rules). */
export const getBillingSettings = endpoint({
  method: 'GET',
  path: 'billing/getbillingsettings',
  tag,
  summary:
    'Chosen (not in the spec): the billing settings (rules the reference marks UNCONFIRMED) with effective value = default, overridden by the global row, overridden by the organization\'s row; description en/es and reference section',
  permission: 'billing.read',
  headers: z.object({ organizationid: idSchema.optional() }),
  response: billingSettingsSchema,
});

/** Chosen (for /billingsettings): sets or clears setting overrides of an organization (or the global values, system admin). */
export const updateBillingSettings = endpoint({
  method: 'PUT',
  path: 'billing/updatebillingsettings',
  tag,
  summary:
    "Chosen (not in the spec): sets setting values by key for an organization (default the caller's) or, for a system admin, globally (organizationId null); null removes an override",
  permission: 'billing.settings',
  body: updateBillingSettingsBodySchema,
  response: billingSettingsSchema,
});

/** Chosen (for /billingsettings): the fee schedule of a year. */
export const getFeeSchedule = endpoint({
  method: 'GET',
  path: 'billing/getfeeschedule',
  tag,
  summary: 'Chosen (not in the spec): payment amounts (cents) by code and locality for a year (query year, default the current year; locality)',
  permission: 'billing.read',
  query: feeScheduleQuerySchema,
  response: feeScheduleSchema,
});

/** Chosen (for /billingsettings): an admin loads payment amounts (docs/billing-engine.md "Amounts"). */
export const updateFeeSchedule = endpoint({
  method: 'PUT',
  path: 'billing/updatefeeschedule',
  tag,
  summary:
    'Chosen (not in the spec): inserts or updates fee-schedule rows {code, amountCents, locality?, description?} of a year (system admin: the table is shared by every organization)',
  permission: 'billing.settings',
  body: updateFeeScheduleBodySchema,
  response: feeScheduleUpdateResultSchema,
});

/** Chosen: the same as PUT billing/updatefeeschedule from an uploaded CSV (multipart field "file"). */
export const uploadFeeSchedule = endpoint({
  method: 'POST',
  path: 'billing/uploadfeeschedule',
  tag,
  summary:
    'Chosen (not in the spec): loads a fee-schedule CSV (multipart field "file", at most 1 MB; columns code, amount in dollars or amountCents, locality?, description?) for the year in the query (system admin)',
  permission: 'billing.settings',
  query: uploadFeeScheduleQuerySchema,
  multipart: { maxBytes: FEE_SCHEDULE_UPLOAD_MAX_BYTES },
  response: feeScheduleUpdateResultSchema,
});

/** Chosen: a patient's billing profile (billing type, practitioner, ICD-10-CM diagnoses, RTM system). */
export const getPatientBillingProfile = endpoint({
  method: 'GET',
  path: 'billing/patientbillingprofile',
  tag,
  summary: "Chosen (not in the spec): a patient's billing profile (header patientid); the defaults with isDefault when none was saved",
  permission: 'billing.read',
  headers: z.object({ patientid: idSchema }),
  response: patientBillingProfileSchema,
});

/** Chosen: saves a patient's billing profile. One billing type per patient (spec section 5). */
export const updatePatientBillingProfile = endpoint({
  method: 'PUT',
  path: 'billing/patientbillingprofile',
  tag,
  summary:
    "Chosen (not in the spec): saves a patient's billing profile: ONE billing type (spec section 5), a billing practitioner who is a doctor of the patient's office authorized for that program, ICD-10-CM diagnoses (known categories), the RTM system (required for RTM)",
  permission: 'billing.generate',
  headers: z.object({ patientid: idSchema }),
  body: updatePatientBillingProfileBodySchema,
  response: patientBillingProfileSchema,
});

export * from './billing.generation.contract';
