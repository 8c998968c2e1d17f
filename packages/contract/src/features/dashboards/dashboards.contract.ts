import { endpoint } from '../../common/endpoint';
import { facilityDashboardHeadersSchema, facilityDashboardSchema, organizationDashboardHeadersSchema, organizationDashboardSchema, systemDashboardSchema } from './dashboards.schemas';

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
