import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-600.css';
import './app/console.css';
import { DEFAULT_LANGUAGE } from '@venue-voice/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { BASENAME, routes } from './app/routes';
import { chosenLanguage, matchLanguage, setLanguage } from './platform/i18n';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Before signing in: the language picked on this browser, else the browser's; once signed in, the
  // operator's own (app/shell/require-session.tsx).
  await setLanguage(chosenLanguage() ?? matchLanguage(navigator.languages) ?? DEFAULT_LANGUAGE);
  const router = createBrowserRouter(routes, { basename: BASENAME });
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
