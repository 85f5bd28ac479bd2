import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../platform/api-failure';

/** Server state cache of web mode; only failures a retry can fix are retried (twice). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}
