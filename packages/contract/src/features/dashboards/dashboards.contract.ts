import { endpoint } from '../../common/endpoint';
import { facilityDashboardHeadersSchema, facilityDashboardSchema } from './dashboards.schemas';

// Spec "Protected routes": /dashboardFacility. The path is chosen (the spec names the screen, not
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
