import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../platform/i18n';
import { cssVariables, theme } from './theme';

/** Everything a screen may reach for: texts, the theme, notifications and server state. Tests use it too. */
interface ProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (jsdom runs no transitions). */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ queryClient, env = 'default', children }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light" env={env}>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
