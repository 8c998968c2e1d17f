import { endpoint } from '../../common/endpoint';
import { facilityDashboardHeadersSchema, facilityDashboardSchema, organizationDashboardHeadersSchema, organizationDashboardSchema, systemDashboardSchema, businessReportQuerySchema, businessReportSchema, businessReportCsvQuerySchema } from './dashboards.schemas';
import { z } from 'zod';

// Spec "Protected routes": /dashboardFacility, /dashboardAdmin and /dashboardsystemadmin. The path is chosen (the spec names the screen, not
// its call). docs/dashboards.md.

/**
 * One office's figures (header hospitalid): monitored patients by program, readings today (the
 * office's local day), reading-day adherence this month, open alerts by severity and age, alert
 * response time, this month's billing readiness. 404 when the office is not the caller's.
 */
export const getFacilityDashboard = endpoint({
  method: 'GET',
  path: 'dashboard/getfacilitydashboard',
  tag: 'Dashboards',
  summary:
    "Chosen: one office's dashboard figures (header hospitalid): monitored patients by program, readings today, adherence, open alerts by severity and age, response time (median, 90th percentile), billing readiness. 404 for another tenant's office",
  permission: 'dashboard.read',
  headers: facilityDashboardHeadersSchema,
  response: facilityDashboardSchema,
  audit: false,
});

/**
 * An organization's offices side by side (header organizationid): each office the caller sees in
 * it with the facility figures, and the month's billing totals. 404 when the organization is not
 * the caller's.
 */
export const getOrganizationDashboard = endpoint({
  method: 'GET',
  path: 'dashboard/getorganizationdashboard',
  tag: 'Dashboards',
  summary:
    "Chosen: an organization's offices side by side on the facility dashboard's figures (header organizationid), and the month's billing totals. 404 for another tenant's organization",
  permission: 'dashboard.read',
  headers: organizationDashboardHeadersSchema,
  response: organizationDashboardSchema,
  audit: false,
});

/**
 * The system's dashboard (route /dashboardsystemadmin): every organization's usage (offices,
 * monitored patients, readings this month, active users) and the system's health (job runs and
 * failures, ingestion rate, server errors, socket connections). System admins only.
 */
export const getSystemDashboard = endpoint({
  method: 'GET',
  path: 'dashboard/getsystemdashboard',
  tag: 'Dashboards',
  summary:
    "Chosen: every organization's usage (offices, monitored patients, readings this month, active users) and the system's health (job runs and failures and server errors in the last 24 h, readings in the last hour, socket connections now). System admin",
  permission: 'dashboard.system',
  response: systemDashboardSchema,
  audit: false,
});

// Spec "Protected routes": /SaReports and /OaReports (docs/dashboards.md "Reports"). Paths chosen.

/**
 * The system admin's and organization admin's report for a period of months (query from, to;
 * organizationid optional for a system admin, who otherwise gets every organization): patients by
 * program and status, billing by month and code, staff time by program, alert response times by
 * month, audit summaries. 404 for another tenant's organization.
 */
export const getBusinessReport = endpoint({
  method: 'GET',
  path: 'report/getbusinessreport',
  tag: 'Reports',
  summary:
    "Chosen: the organization's report for months from..to (query organizationid, from, to 'YYYY-MM'): patients by program and status, billing by month and code, staff time by program, alert response times (median, p90), audit summaries. 404 for another tenant's organization",
  permission: 'reports.business',
  query: businessReportQuerySchema,
  response: businessReportSchema,
  audit: false,
});

/** One section of the report as CSV (query section: patients, billing, staffTime, responseTimes, audit). */
export const exportBusinessReportCsv = endpoint({
  method: 'GET',
  path: 'report/exportbusinessreportcsv',
  tag: 'Reports',
  summary: "Chosen: one section of the organization's report (query section) as CSV, same filters as report/getbusinessreport",
  permission: 'reports.business',
  query: businessReportCsvQuerySchema,
  binary: true,
  response: z.unknown(),
  audit: false,
});

/** The whole report as a PDF in the caller's language (pdfkit, docs/dashboards.md "Reports"). */
export const exportBusinessReportPdf = endpoint({
  method: 'GET',
  path: 'report/exportbusinessreportpdf',
  tag: 'Reports',
  summary: "Chosen: the organization's report as a PDF in the caller's language, same filters as report/getbusinessreport",
  permission: 'reports.business',
  query: businessReportQuerySchema,
  binary: true,
  response: z.unknown(),
  audit: false,
});
