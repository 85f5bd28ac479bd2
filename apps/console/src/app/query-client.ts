import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { failureStatus, isSignedOut } from '../platform/failures';
import { ME_KEY } from '../platform/session';

/**
 * Server state (decision 0223). A 401 on any call means the session ended (signed out elsewhere, removed,
 * expired): the operator is asked again, which sends the shell to the sign-in screen. Only failures a
 * retry could fix are retried.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOut(error) && query.queryKey[0] !== ME_KEY[0])
          void client.invalidateQueries({ queryKey: ME_KEY });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSignedOut(error)) void client.invalidateQueries({ queryKey: ME_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => {
          const status = failureStatus(error);
          return count < 2 && (status === 0 || (status !== undefined && status >= 500));
        },
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
