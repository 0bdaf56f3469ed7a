import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery, setupStatusQuery } from '../features/auth/api';

/**
 * The first-run check and the session, asked for as soon as the router starts rather than one after the
 * other from the guards' renders (they read the same cache entries).
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(setupStatusQuery);
  void queryClient.prefetchQuery(sessionQuery);
}
