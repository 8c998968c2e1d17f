import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { PageLoader } from './page-loader';
import { notifications } from '@mantine/notifications';
import { auth as authApi } from '@vigil/contract';
import { call, setUnauthorizedHandler } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import LoginPage from '../features/auth/pages/LoginPage';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Lazy = lazy(load);
  return (
    <Suspense fallback={<PageLoader />}>
      <Lazy />
    </Suspense>
  );
};


const AppLayout = lazy(() => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })));

const CHECK_EVERY_MS = 60_000;

/**
 * The navigation guard (spec section 2): a protected route without a session goes to /auth/login
 * with a `redirect` query holding the wanted path; the server is asked to confirm the session on
 * entry and then at most once a minute, and a failed check logs out and clears alerts.
 */
function RequireAuth() {
  const { session, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const lastCheck = useRef(0);
  const wanted = location.pathname + location.search;

  useEffect(() => {
    const toLogin = () => {
      logout();
      notifications.clean();
      void navigate(`/auth/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
    };
    setUnauthorizedHandler(toLogin);
    if (!session || Date.now() - lastCheck.current < CHECK_EVERY_MS) return;
    lastCheck.current = Date.now();
    call(authApi.checkAuthentication).then(
      (r) => {
        if (!r.authenticated) toLogin();
      },
      () => undefined, // offline or server error: keep the session, the next call decides
    );
  }, [session, wanted, logout, navigate]);

  if (!session) return <Navigate to={`/auth/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  return <Outlet />;
}

/** The one route table: public pages, then protected pages inside the layout; unknown paths go to /auth/login. */
const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/auth/login" replace /> },
  { path: '/auth', element: <Navigate to="/auth/login" replace /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/forgetpassword', element: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
  { path: '/auth/successfully', element: page(() => import('../features/auth/pages/PasswordChangedPage')) },
  { path: '/api/user/validatetoken', element: page(() => import('../features/auth/pages/ValidateTokenPage')) },
  { path: '/accountdeletionrequest', element: page(() => import('../features/profile/pages/AccountDeletionRequestPage')) },
  { path: '/profileremovalinfo', element: page(() => import('../features/profile/pages/ProfileRemovalInfoPage')) },
  { path: '/measurements', element: page(() => import('../features/public-links/pages/MeasurementsReportPage')) },
  { path: '/measurements/:hubIdentifier', element: page(() => import('../features/public-links/pages/HubMeasurementsReportPage')) },
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <Suspense fallback={<PageLoader />}>
            <AppLayout />
          </Suspense>
        ),
        children: [
          { path: '/dashboard', element: page(() => import('../features/dashboard/pages/DashboardPage')) },
          { path: '/monitoring', element: page(() => import('../features/monitoring/pages/MonitoringPage')) },
          { path: '/organizations', element: page(() => import('../features/organizations/pages/OrganizationsPage')) },
          { path: '/admins', element: page(() => import('../features/admins/pages/AdminsPage')) },
          { path: '/offices', element: page(() => import('../features/offices/pages/OfficesPage')) },
          { path: '/patients', element: page(() => import('../features/patients/pages/PatientsPage')) },
          { path: '/patientdetails/:id', element: page(() => import('../features/patient-details/pages/PatientDetailsPage')) },
          { path: '/devicemeasurements/:id', element: page(() => import('../features/device-measurements/pages/DeviceMeasurementsPage')) },
          { path: '/devices', element: page(() => import('../features/devices/pages/DevicesPage')) },
          { path: '/devices/hubs/:id', element: page(() => import('../features/devices/pages/HubPage')) },
          { path: '/monitoringplans', element: page(() => import('../features/monitoring-plans/pages/MonitoringPlansPage')) },
          { path: '/medicalstaff', element: page(() => import('../features/medical-staff/pages/MedicalStaffPage')) },
          { path: '/medicalteam', element: page(() => import('../features/medical-teams/pages/MedicalTeamsPage')) },
          { path: '/profile', element: page(() => import('../features/profile/pages/ProfileSettingsPage')) },
          { path: '/profile/password', element: page(() => import('../features/profile/pages/ResetPasswordPage')) },
          { path: '/import', element: page(() => import('../features/import/pages/ImportPage')) },
          { path: '/outbox', element: page(() => import('../features/import/pages/OutboxPage')) },
          { path: '/medicalNotesCategory', element: page(() => import('../features/medical-notes-category/pages/MedicalNotesCategoryPage')) },
          { path: '/monthlyreview', element: page(() => import('../features/monthly-review/pages/MonthlyReviewPage')) },
          { path: '/dailyreports', element: page(() => import('../features/daily-reports/pages/DailyReportsPage')) },
          { path: '/billings', element: page(() => import('../features/billing/pages/BillingsPage')) },
          { path: '/partnerBillingReports', element: page(() => import('../features/billing/pages/PartnerBillingReportsPage')) },
          { path: '/billingsettings', element: page(() => import('../features/billing-settings/pages/BillingSettingsPage')) },
          { path: '/UserBillingSettings', element: page(() => import('../features/billing-settings/pages/UserBillingSettingsPage')) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/auth/login" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

/**
 * Where a signed-in user lands when no redirect was asked for: users who read notifications land on
 * /dashboard, the others here (lib/home.ts `homePathFor`).
 */
export const HOME_PATH = '/patients';
