import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { isApiError } from './http';
import { startLoading } from './loading';

interface OdontoMeta extends Record<string, unknown> {
  /** The screen shows this call's errors itself: no toast. */
  isErrorHandled?: boolean;
  /** The call runs in the background: no full-screen loading overlay. */
  isSilent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: OdontoMeta;
    mutationMeta: OdontoMeta;
  }
}

const SESSION_KEY = ['auth', 'session'] as const;
const FALLBACK_ERROR = 'A apărut o eroare neașteptată.';

function showErrorToast(error: unknown): void {
  notifications.show({
    color: 'red',
    title: 'Eroare',
    message: error instanceof Error && error.message !== '' ? error.message : FALLBACK_ERROR,
    withBorder: true,
  });
}

/** The app's QueryClient: errors become toasts, mutations set the loading flag, a 401 ends the session. */
export function createQueryClient(): QueryClient {
  const stopLoadingByMutation = new WeakMap<object, () => void>();
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 401)) queryClient.setQueryData(SESSION_KEY, null);
        else if (!query.meta?.isErrorHandled) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        if (!mutation.meta?.isSilent) stopLoadingByMutation.set(mutation, startLoading());
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        stopLoadingByMutation.get(mutation)?.();
        stopLoadingByMutation.delete(mutation);
      },
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error, 401)) queryClient.setQueryData(SESSION_KEY, null);
        else if (!mutation.meta?.isErrorHandled) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; only network and server failures are retried.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
