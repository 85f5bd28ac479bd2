import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../platform/api-failure';

/**
 * Server state cache; only failures a retry can fix are retried (twice). Queries run even when the
 * browser says offline ('offlineFirst'): on a tablet the guest flow's reads answer from the device
 * (decision 0094), which the default mode would pause behind a spinner; retries still wait for the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
    },
  });
}
