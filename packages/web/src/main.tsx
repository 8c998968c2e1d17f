import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import './lib/i18n';
import { Providers } from './app/providers';
import { AppRouter, preloadFirstScreen } from './app/router';

// A signed-in load renders once its first screen's modules are in (app/router.tsx preloadFirstScreen).
void preloadFirstScreen(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
