import { DEFAULT_LANGUAGE } from '@venue-voice/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { createWebApi } from './platform/api';
import { matchLanguage, setLanguage } from './platform/i18n';
import './styles.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Screens without a survey (such as /error-404) speak the browser's language when we have it;
  // a survey switches to its own language once its configuration arrives.
  await setLanguage(matchLanguage(navigator.languages) ?? DEFAULT_LANGUAGE);
  const router = createBrowserRouter(routes);
  createRoot(root).render(
    <StrictMode>
      <AppProviders api={createWebApi()} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
