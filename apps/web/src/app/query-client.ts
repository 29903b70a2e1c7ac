import { QueryClient } from '@tanstack/react-query';
import { isCancelledRequest } from '../lib/http';

/**
 * Failed calls have already been reported by the HTTP client, so they are not retried (a retry would
 * repeat the toast). Calls cancelled by a navigation are retried once if something still needs them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isCancelledRequest(error) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
