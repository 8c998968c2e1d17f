import type { ReactNode } from 'react';
import { Loader, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth';
import { UiStateProvider } from '../lib/ui-state';
import { ApiError } from '../lib/api-client';

/** Teal at shade 9 keeps white text and links at WCAG AA contrast (4.5:1) or better. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Every spinner is labelled ("Loading…"); a label needs a role to be announced (axe
    // aria-prohibited-attr on a bare span), and `status` is the polite live region WAI-ARIA gives
    // progress messages.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/** Darker "dimmed" text and links than Mantine's defaults, for AA contrast on white and gray.0. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#555d66',
    // placeholders (a FileInput's placeholder is text a user must read) at AA contrast on white
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-anchor': '#087f5b',
    // form errors and light teal (active nav link, avatar, light buttons) at AA contrast
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-primary-color-light-color': '#066649',
    // Mantine darkens shade 9 to shade 8 on hover, which is below AA with white text
    '--mantine-color-teal-filled-hover': '#066649',
    '--mantine-primary-color-filled-hover': '#066649',
  },
  dark: {},
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <UiStateProvider>
            <ModalsProvider>
              {/* Bottom right: a toast never covers the header's office switcher, bell or user menu. */}
              <Notifications position="bottom-right" autoClose={3000} />
              {children}
            </ModalsProvider>
          </UiStateProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
