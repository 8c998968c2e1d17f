import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { PageLoader } from './page-loader';
import { notifications } from '@mantine/notifications';
import { auth as authApi } from '@vigil/contract';
import { call, hasSessionGuid, setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from './providers';
import { useAuth } from '../lib/auth';
import { stashLinkToken, withoutLinkToken } from '../lib/link-token';
import LoginPage from '../features/auth/pages/LoginPage';
import { appRoutes, type AppRoute } from './routes';
import { prefetchPatientPage } from './routes/patient-details/api/patient-details';
import { RouteError } from './RouteError';
import { RouteGuard } from './guard';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Lazy = lazy(load);
  return (
    <Suspense fallback={<PageLoader />}>
      <Lazy />
    </Suspense>
  );
};


/** One screen of app/routes.tsx behind its permission (app/guard.tsx; the server decides too). */
function Guarded({ route }: { route: AppRoute }) {
  return (
    <RouteGuard permission={route.permission}>
      <LazyPage load={route.page} />
    </RouteGuard>
  );
}

const lazyPages = new Map<AppRoute['page'], ComponentType>();
/**
 * Page modules already loaded, rendered as they are. A `lazy` component suspends on its first
 * render even when its module is loaded, and React 19 then holds the revealed page back until 300 ms
 * after its fallback appeared (react-dom's fallback throttle); `preloadFirstScreen` loads the first
 * screen's modules before the first render so that a signed-in load shows no fallback at all
 * (docs/benchmarks.md "Pages").
 */
const loadedPages = new Map<AppRoute['page'], ComponentType>();
const loadPage = (load: AppRoute['page']) =>
  load().then((m) => {
    loadedPages.set(load, m.default);
    return m;
  });

/**
 * The page of a route: the loaded component when its module was loaded before the page's first
 * render, else a lazy one; chosen once per module loader and kept (so a re-render keeps its state,
 * and sibling routes, rendered at the same place, keep one Suspense boundary between them).
 */
function LazyPage({ load }: { load: AppRoute['page'] }) {
  let Page = lazyPages.get(load);
  if (!Page) {
    Page = loadedPages.get(load) ?? lazy(() => loadPage(load));
    lazyPages.set(load, Page);
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

const PATIENT_PAGE = appRoutes.find((r) => r.path === '/patientdetails/:id');

let loadedLayout: ComponentType | null = null;
const loadLayout = () =>
  import('./layout/AppLayout').then((m) => {
    loadedLayout = m.AppLayout;
    return { default: m.AppLayout };
  });
const LazyAppLayout = lazy(loadLayout);

/** The signed-in layout: rendered as it is once its module is loaded (see `loadedPages`). */
function AppLayout() {
  const [Layout] = useState<ComponentType>(() => loadedLayout ?? LazyAppLayout);
  return (
    <Suspense fallback={<PageLoader />}>
      <Layout />
    </Suspense>
  );
}

/**
 * Before the first render of a signed-in load: the layout's and the addressed screen's modules (in
 * the preloaded `shell` chunk for the first screens), so that the first render needs no fallback.
 * Resolves after at most `timeoutMs`, loaded or not, and at once without a session.
 */
export function preloadFirstScreen(pathname: string, timeoutMs = 3000): Promise<void> {
  if (!hasSessionGuid()) { return Promise.resolve(); }
  const route = appRoutes.find((r) => matchPath(r.path, pathname));
  const loads = Promise.all([loadLayout(), route ? loadPage(route.page) : null]).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loads, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

const CHECK_EVERY_MS = 60_000;

/**
 * The navigation guard (spec section 2): a protected route without a session goes to /auth/login
 * with a `redirect` query holding the wanted path; the server is asked to confirm the session on
 * entry and then at most once a minute, and a failed check logs out and clears alerts. After a
 * sign-out on purpose the login page gets no `redirect`: the next person starts from their own landing page.
 */
function RequireAuth() {
  const { session, logout, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const lastCheck = useRef(0);
  // The wanted page without a billing link's token: the token waits in sessionStorage, never in the login page's query.
  const wanted = withoutLinkToken(location, 'billinglink');

  useEffect(() => {
    const toLogin = () => {
      stashLinkToken(location, 'billinglink');
      logout();
      notifications.clean();
      void navigate(`/auth/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
    };
    setUnauthorizedHandler(toLogin);
    if (!session || Date.now() - lastCheck.current < CHECK_EVERY_MS) { return; }
    lastCheck.current = Date.now();
    call(authApi.checkAuthentication).then(
      (r) => {
        if (!r.authenticated) { toLogin(); }
      },
      () => undefined, // offline or server error: keep the session, the next call decides
    );
  }, [session, wanted, location, logout, navigate]);

  // The patient page is the one a care team opens all day: its code (in the preloaded `shell` chunk)
  // and its charts (the `charts` chunk, docs/benchmarks.md "Pages") are fetched while the browser is
  // idle after sign-in, so a click from the worklist or the patient list waits only for its data.
  useEffect(() => {
    if (!session) { return; }
    const preload = () => {
      void PATIENT_PAGE?.page().catch(() => undefined);
      void import('./routes/patient-details/components/ChartsSection').catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [session]);

  if (!session) {
    stashLinkToken(location, 'billinglink');
    return <Navigate to={signedOutOnPurpose ? '/auth/login' : `/auth/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}

/** The one route table: public pages, then the signed-in screens of app/routes.tsx inside the layout (each with its error element); unknown paths go to /auth/login. */
const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/auth/login" replace /> },
  { path: '/auth', element: <Navigate to="/auth/login" replace /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/forgetpassword', element: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
  { path: '/sso/complete', element: page(() => import('../features/auth/pages/SsoCompletePage')) },
  { path: '/auth/successfully', element: page(() => import('../features/auth/pages/PasswordChangedPage')) },
  { path: '/api/user/validatetoken', element: page(() => import('../features/auth/pages/ValidateTokenPage')) },
  { path: '/accountdeletionrequest', element: page(() => import('../features/profile/pages/AccountDeletionRequestPage')) },
  { path: '/profileremovalinfo', element: page(() => import('../features/profile/pages/ProfileRemovalInfoPage')) },
  { path: '/measurements', element: page(() => import('../features/public-links/pages/MeasurementsReportPage')) },
  { path: '/survey', element: page(() => import('../features/surveys/pages/PublicSurveyPage')) },
  { path: '/videoRoom/:id/:userId/:appointmentId', element: page(() => import('../features/appointments/pages/VideoRoomPage')) },
  { path: '/measurements/:hubIdentifier', element: page(() => import('../features/public-links/pages/HubMeasurementsReportPage')) },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: appRoutes.map((r) => ({
          path: r.path,
          element: <Guarded route={r} />,
          errorElement: <RouteError />,
          // The patient page's first reads start with the navigation, not after its render (the
          // stored session's guid is set when lib/auth.tsx loads, before the router's first loader).
          ...(r === PATIENT_PAGE && {
            loader: ({ params }: { params: { id?: string } }) => {
              if (hasSessionGuid() && params.id && /^\d{1,9}$/.test(params.id)) { prefetchPatientPage(queryClient, Number(params.id)); }
              return null;
            },
          }),
        })),
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
