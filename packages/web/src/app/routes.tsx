import type { ComponentType } from 'react';
import {
  IconActivityHeartbeat,
  IconArrowsExchange,
  IconHierarchy2,
  IconMapPin,
  IconDeviceWatch,
  IconBuildingHospital,
  IconChartPie,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconCalendarStats,
  IconCalendarTime,
  IconChartBar,
  IconClipboardHeart,
  IconDeviceTablet,
  IconDevices,
  IconFileImport,
  IconFileInvoice,
  IconLicense,
  IconApi,
  IconShieldLock,
  IconHistory,
  IconFileText,
  IconLifebuoy,
  IconLayoutDashboard,
  IconListDetails,
  IconMail,
  IconNotes,
  IconReportAnalytics,
  IconReportMoney,
  IconReceipt,
  IconServer,
  IconSettingsDollar,
  IconStethoscope,
  IconUserDollar,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconHeartHandshake,
} from '@tabler/icons-react';
import { can, type Permission, type RoleId } from '@vigil/contract';

/** A lazily loaded page module (its default export is the page). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * One signed-in screen. The router (app/router.tsx), the navigation (app/layout/AppLayout.tsx) and
 * the permission guard all read this entry, so adding a screen is adding one entry here:
 * - `path`: the spec's route (portal-spec.md "Protected routes"), `:id` for a parameter;
 * - `permission`: from the one map in @vigil/contract (`can(role, permission)`); a user without it
 *   sees the "no access" page inside the layout and no navigation entry;
 * - `page`: the lazily loaded page module;
 * - `nav`: present when the screen has an entry in the navigation (label key in common.json `nav.*`).
 * Every route renders inside the layout with its own error element (app/RouteError.tsx).
 */
export interface AppRoute {
  path: string;
  permission: Permission;
  page: PageModule;
  nav?: { label: string; icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }> };
}

/** The signed-in screens, in navigation order. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/dashboard', permission: 'notifications.read', page: () => import('./routes/dashboard/pages/DashboardPage'), nav: { label: 'nav.dashboard', icon: IconLayoutDashboard } },
  { path: '/dashboardFacility', permission: 'dashboard.read', page: () => import('../features/dashboards/pages/FacilityDashboardPage'), nav: { label: 'nav.dashboardFacility', icon: IconChartPie } },
  { path: '/dashboardAdmin', permission: 'dashboard.read', page: () => import('../features/dashboards/pages/OrganizationDashboardPage'), nav: { label: 'nav.dashboardAdmin', icon: IconBuildingSkyscraper } },
  { path: '/dashboardsystemadmin', permission: 'dashboard.system', page: () => import('../features/dashboards/pages/SystemDashboardPage'), nav: { label: 'nav.dashboardSystem', icon: IconServer } },
  { path: '/SaReports', permission: 'dashboard.system', page: () => import('../features/dashboards/pages/SystemReportsPage'), nav: { label: 'nav.saReports', icon: IconReportMoney } },
  { path: '/OaReports', permission: 'reports.business', page: () => import('../features/dashboards/pages/OrganizationReportsPage'), nav: { label: 'nav.oaReports', icon: IconReportMoney } },
  { path: '/monitoring', permission: 'notifications.read', page: () => import('../features/monitoring/pages/MonitoringPage'), nav: { label: 'nav.monitoring', icon: IconActivityHeartbeat } },
  { path: '/appointments', permission: 'appointments.read', page: () => import('../features/appointments/pages/AppointmentsPage'), nav: { label: 'nav.appointments', icon: IconCalendarEvent } },
  { path: '/patients', permission: 'patients.read', page: () => import('../features/patients/pages/PatientsPage'), nav: { label: 'nav.patients', icon: IconUsers } },
  { path: '/patientdetails/:id', permission: 'patients.read', page: () => import('./routes/patient-details/pages/PatientDetailsPage') },
  { path: '/devicemeasurements/:id', permission: 'measurements.read', page: () => import('../features/device-measurements/pages/DeviceMeasurementsPage') },
  { path: '/devices', permission: 'devices.read', page: () => import('../features/devices/pages/DevicesPage'), nav: { label: 'nav.devices', icon: IconDevices } },
  { path: '/devices/hubs/:id', permission: 'devices.read', page: () => import('../features/devices/pages/HubPage') },
  { path: '/tablets', permission: 'devices.read', page: () => import('../features/devices/pages/TabletsPage'), nav: { label: 'nav.tablets', icon: IconDeviceTablet } },
  { path: '/monitoringplans', permission: 'treatmentPlans.read', page: () => import('../features/monitoring-plans/pages/MonitoringPlansPage'), nav: { label: 'nav.monitoringPlans', icon: IconCalendarTime } },
  { path: '/medicalstaff', permission: 'users.read', page: () => import('../features/medical-staff/pages/MedicalStaffPage'), nav: { label: 'nav.medicalStaff', icon: IconStethoscope } },
  { path: '/medicalteam', permission: 'medicalTeams.read', page: () => import('../features/medical-teams/pages/MedicalTeamsPage'), nav: { label: 'nav.medicalTeams', icon: IconUsersGroup } },
  { path: '/offices', permission: 'offices.read', page: () => import('../features/offices/pages/OfficesPage'), nav: { label: 'nav.offices', icon: IconBuildingHospital } },
  { path: '/organizations', permission: 'organizations.read', page: () => import('../features/organizations/pages/OrganizationsPage'), nav: { label: 'nav.organizations', icon: IconBuildingSkyscraper } },
  { path: '/admins', permission: 'users.manage', page: () => import('../features/admins/pages/AdminsPage'), nav: { label: 'nav.admins', icon: IconUserShield } },
  { path: '/security/sso', permission: 'sso.manage', page: () => import('../features/sso/pages/SsoSettingsPage'), nav: { label: 'nav.sso', icon: IconShieldLock } },
  { path: '/apiusers', permission: 'apiKeys.manage', page: () => import('../features/api-keys/pages/ApiUsersPage'), nav: { label: 'nav.apiUsers', icon: IconApi } },
  { path: '/Verifier', permission: 'verifiers.manage', page: () => import('../features/verifiers/pages/VerifiersPage'), nav: { label: 'nav.verifiers', icon: IconListDetails } },
  { path: '/import', permission: 'import.run', page: () => import('../features/import/pages/ImportPage'), nav: { label: 'nav.import', icon: IconFileImport } },
  { path: '/outbox', permission: 'outbox.read', page: () => import('../features/import/pages/OutboxPage'), nav: { label: 'nav.outbox', icon: IconMail } },
  { path: '/wellnessassessments', permission: 'surveys.read', page: () => import('../features/surveys/pages/WellnessAssessmentsPage'), nav: { label: 'nav.wellnessAssessments', icon: IconClipboardHeart } },
  { path: '/dailyreports', permission: 'notes.read', page: () => import('../features/daily-reports/pages/DailyReportsPage'), nav: { label: 'nav.dailyReports', icon: IconReportAnalytics } },
  { path: '/monthlyreview', permission: 'notes.read', page: () => import('../features/monthly-review/pages/MonthlyReviewPage'), nav: { label: 'nav.monthlyReview', icon: IconCalendarStats } },
  { path: '/medicalNotesCategory', permission: 'notes.read', page: () => import('../features/medical-notes-category/pages/MedicalNotesCategoryPage'), nav: { label: 'nav.medicalNotesCategory', icon: IconNotes } },
  { path: '/ccmWorklist', permission: 'ccm.read', page: () => import('../features/ccm/pages/CcmWorklistPage'), nav: { label: 'nav.ccmWorklist', icon: IconHeartHandshake } },
  { path: '/billings', permission: 'billing.read', page: () => import('../features/billing/pages/BillingsPage'), nav: { label: 'nav.billing', icon: IconReceipt } },
  { path: '/partnerBillingReports', permission: 'billing.read', page: () => import('../features/billing/pages/PartnerBillingReportsPage'), nav: { label: 'nav.billingReports', icon: IconChartBar } },
  { path: '/UserBillingSettings', permission: 'billing.authorizations', page: () => import('../features/billing-settings/pages/UserBillingSettingsPage'), nav: { label: 'nav.userBillingSettings', icon: IconUserDollar } },
  { path: '/billingsettings', permission: 'billing.settings', page: () => import('../features/billing-settings/pages/BillingSettingsPage'), nav: { label: 'nav.billingSettings', icon: IconSettingsDollar } },
  { path: '/invoices', permission: 'invoices.read', page: () => import('../features/invoices/pages/InvoicesPage'), nav: { label: 'nav.invoices', icon: IconFileInvoice } },
  { path: '/licenses', permission: 'licenses.read', page: () => import('../features/licenses/pages/LicensesPage'), nav: { label: 'nav.licenses', icon: IconLicense } },
  { path: '/logs', permission: 'audit.read', page: () => import('../features/audit/pages/LogsPage'), nav: { label: 'nav.logs', icon: IconHistory } },
  { path: '/support', permission: 'support.use', page: () => import('../features/support/pages/SupportPage'), nav: { label: 'nav.support', icon: IconLifebuoy } },
  { path: '/releaseNotesAndManuals', permission: 'releaseNotes.read', page: () => import('../features/release-notes/pages/ReleaseNotesPage'), nav: { label: 'nav.releaseNotes', icon: IconFileText } },
  { path: '/terraPatientIntegration', permission: 'terra.read', page: () => import('../features/terra/pages/TerraPatientIntegrationPage'), nav: { label: 'nav.terraPatientIntegration', icon: IconDeviceWatch } },
  { path: '/residentMapping', permission: 'ecp.read', page: () => import('../features/ecp/pages/ResidentMappingPage'), nav: { label: 'nav.residentMapping', icon: IconArrowsExchange } },
  { path: '/medicalStaffMapping', permission: 'ecp.read', page: () => import('../features/ecp/pages/MedicalStaffMappingPage'), nav: { label: 'nav.medicalStaffMapping', icon: IconUsersGroup } },
  { path: '/locationMapping', permission: 'ecp.read', page: () => import('../features/ecp/pages/LocationMappingPage'), nav: { label: 'nav.locationMapping', icon: IconMapPin } },
  { path: '/organizationMapping', permission: 'ecp.read', page: () => import('../features/ecp/pages/OrganizationMappingPage'), nav: { label: 'nav.organizationMapping', icon: IconHierarchy2 } },
  { path: '/emptyComponent', permission: 'self.read', page: () => import('../features/audit/pages/EmptyComponentPage') },
  { path: '/profile', permission: 'self.read', page: () => import('../features/profile/pages/ProfileSettingsPage') },
  { path: '/profile/password', permission: 'self.update', page: () => import('../features/profile/pages/ResetPasswordPage') },
];

/** The navigation entries `roleId` may use, in order (the same permission as the route's guard). */
export function navRoutesFor(roleId: RoleId | undefined): (AppRoute & { nav: NonNullable<AppRoute['nav']> })[] {
  return appRoutes.filter((r): r is AppRoute & { nav: NonNullable<AppRoute['nav']> } => !!r.nav && roleId !== undefined && can(roleId, r.permission));
}
