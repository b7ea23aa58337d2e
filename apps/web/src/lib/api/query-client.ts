import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportRequestError } from '../errors/banner-store.ts';
import { isApiRequestError } from './api-error.ts';
import './request-meta.ts';

/** Only network failures and 5xx answers are worth a second try; a 4xx will answer the same. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) {
    return false;
  }
  return isApiRequestError(error) && (error.status === 0 || error.status >= 500);
}

let appClient: QueryClient | null = null;

/**
 * The app's client, for a route that asks for its screen's data while the screen's code still loads
 * (screen-loading.ts withPrefetch); null before the app has started.
 */
export function appQueryClient(): QueryClient | null {
  return appClient;
}

/** One client per app; failed calls feed the error banner (spec 1 §8) unless their meta opts out. */
export function createAppQueryClient(): QueryClient {
  appClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorBanner !== false) {
          reportRequestError(error);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorBanner !== false) {
          reportRequestError(error);
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return appClient;
}
