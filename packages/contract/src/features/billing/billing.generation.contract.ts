import { endpoint } from '../../common/endpoint';
import {
  billingDetailsSchema,
  billingGenerationHeadersSchema,
  billingHospitalMonthHeadersSchema,
  billingOrganizationMonthHeadersSchema,
  billingPatientMonthHeadersSchema,
  billingReadinessHeadersSchema,
  billingReadinessPageSchema,
  billingReadinessQuerySchema,
  billingRunHeadersSchema,
  billingRunSchema,
  billingSummaryItemSchema,
  billingSummaryPageSchema,
  billingSummaryQuerySchema,
} from './billing.generation.schemas';

// Billing generation, summaries, details with evidence, runs and readiness (docs/billing-engine.md;
// spec section 7 "Billing"). Every month header defaults to the current month in the office's
// time zone (spec: "the billing month defaults to the current YYYY-MM"); a month still to come is
// refused with 400 billingMonthInFuture.

const tag = 'Billing';

export const getBillingSummaryForAllPatientsForMonthV3 = endpoint({
  method: 'GET',
  path: 'billing/getbillingsummaryforallpatientsformonthv3',
  tag,
  summary:
    "The month's billing summary of every patient of an office (hospitalid) or organization (organizationid), paged: codes (stored when generated, else a live preview), amount, reading days, time per program as MM:SS, and at-risk flags in the current month",
  permission: 'billing.read',
  headers: billingGenerationHeadersSchema,
  query: billingSummaryQuerySchema,
  response: billingSummaryPageSchema,
  audit: { resource: 'Claim' },
});

export const getBillingSummaryForPatientForMonth = endpoint({
  method: 'GET',
  path: 'billing/getbillingsummaryforpatientformonth',
  tag,
  summary: "One patient's month in one office: codes, amount, reading days, time per program (MM:SS), at-risk flags; 404 outside the caller's offices",
  permission: 'billing.read',
  headers: billingPatientMonthHeadersSchema,
  response: billingSummaryItemSchema,
});

export const getBillingDetailsForPatientForMonth = endpoint({
  method: 'GET',
  path: 'billing/getbillingdetailsforpatientformonth',
  tag,
  summary:
    "One patient's month with every code produced and every candidate code suppressed, each with its reason (en/es) and evidence: reading days, time entries, notes, interactive contact, practitioner, rules",
  permission: 'billing.read',
  headers: billingPatientMonthHeadersSchema,
  response: billingDetailsSchema,
});

export const generateForAllHospitalPatientsForMonth = endpoint({
  method: 'GET',
  path: 'billing/generateforallhospitalpatientsformonth',
  tag,
  summary:
    "Starts generating an office's month for all its patients and answers the run at once (progress: billing/getbillingrun); a run of the same office and month still running is answered instead of starting another",
  permission: 'billing.generate',
  headers: billingHospitalMonthHeadersSchema,
  response: billingRunSchema,
  audit: { resource: 'Claim', action: 'E' },
});

export const generateForPatientForMonth = endpoint({
  method: 'GET',
  path: 'billing/generateforpatientformonth',
  tag,
  summary: "Generates one patient's month in one office now (replacing its previous codes) and answers the details with evidence",
  permission: 'billing.generate',
  headers: billingPatientMonthHeadersSchema,
  response: billingDetailsSchema,
});

export const generateForAllOrganizationPatientsForMonth = endpoint({
  method: 'GET',
  path: 'billing/generateforallorganizationpatientsformonth',
  tag,
  summary: "Starts generating an organization's month for the patients of all its offices the caller sees, and answers the run at once",
  permission: 'billing.generate',
  headers: billingOrganizationMonthHeadersSchema,
  response: billingRunSchema,
  audit: { resource: 'Claim', action: 'E' },
});

/** Chosen: the progress of a generation run (header runid). */
export const getBillingRun = endpoint({
  method: 'GET',
  path: 'billing/getbillingrun',
  tag,
  summary: 'Chosen: a generation run with its progress (total, done, percent) and status; 404 for a run outside the caller\'s offices',
  permission: 'billing.read',
  headers: billingRunHeadersSchema,
  response: billingRunSchema,
  audit: { resource: 'Claim' },
});

/** Chosen: live billing readiness of an office's monitored patients (docs/billing-engine.md "Readiness"). */
export const getBillingReadiness = endpoint({
  method: 'GET',
  path: 'billing/getbillingreadiness',
  tag,
  summary:
    "Chosen: for each monitored patient of the office, the current device period's reading days and days left, whether 16 days can still be reached, minutes per program against 10/20/40/60, the interactive contact, today's codes and estimated amount, and at-risk flags; at-risk patients first",
  permission: 'billing.read',
  headers: billingReadinessHeadersSchema,
  query: billingReadinessQuerySchema,
  response: billingReadinessPageSchema,
  audit: { resource: 'Claim' },
});
