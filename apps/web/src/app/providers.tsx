import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { WebApi } from '../platform/api';
import { ApiProvider } from '../platform/api-context';
import { i18n } from '../platform/i18n';

interface AppProvidersProps {
  api: WebApi;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen may reach for: texts, server state and the API. Tests pass fakes here. */
export function AppProviders({ api, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
