import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Lang, User } from '@vigil/contract';
import { theme } from '../app/providers';
import { AuthProvider } from '../lib/auth';
import { setSessionGuid } from '../lib/api-client';
import i18n from '../lib/i18n';
import { UiStateProvider } from '../lib/ui-state';

/** How a test renders: who is signed in, where, in which language. */
export interface RenderOptions {
  /** The signed-in user (testing/fixtures.ts userOf); none: signed out. */
  user?: User | null;
  /** The office chosen in the office switcher (-1: all offices); default the user's assigned office. */
  selectedOffice?: number;
  /** The UI language (default English). */
  lang?: Lang;
  /** The address the router starts at (default '/'). */
  route?: string;
  /** The route pattern the component is mounted at (default '*'), for useParams. */
  path?: string;
  /** Other routes of the memory router (where a redirect goes), each shows its element. */
  routes?: RouteObject[];
}

/** What renderWithProviders returns: testing-library's result, the router (its location) and the query client. */
export interface Rendered extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/**
 * Renders `ui` inside the app's providers as app/providers.tsx sets them up (Mantine with the app's
 * theme, a fresh query client without retries, the session of `user`, i18n in `lang`, the UI state
 * and modals) and a memory router at `route`. The session is stored as a sign-in stores it
 * (lib/auth.tsx), so every hook that reads the user, the selected office or the permission map sees
 * it. The API is testing/server.ts's: declare its answers with testing/handlers.ts.
 */
export async function renderWithProviders(ui: ReactElement, opts: RenderOptions = {}): Promise<Rendered> {
  const { user = null, lang = 'en', route = '/', path = '*', routes = [] } = opts;
  localStorage.clear();
  if (user) {
    localStorage.setItem('vigil.session', JSON.stringify({ sessionGuid: 'test-session', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user }));
    localStorage.setItem('vigil.selectedOffice', String(opts.selectedOffice ?? user.hospitalAssignedData?.id ?? -1));
  }
  setSessionGuid(user ? 'test-session' : null);
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <AuthProvider>
            <UiStateProvider>
              <ModalsProvider>
                <Suspense fallback={<div data-testid="suspended" />}>{children}</Suspense>
              </ModalsProvider>
            </UiStateProvider>
          </AuthProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper });
  return { ...result, router, queryClient };
}
