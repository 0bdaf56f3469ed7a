import type { QueryClient } from '@tanstack/react-query';
import { can } from '@odonto/domain/roles';
import { sessionQuery, setupStatusQuery } from '../features/auth/api';
import { listSearch, readFilters, readPage, toListQuery } from '../features/patients/list-params';
import { requestEarly } from '../lib/http';
import { canOpenPatients } from './access';

/**
 * The first-run check and the session, asked for as soon as the router starts rather than one after the
 * other from the guards' renders (they read the same cache entries).
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(setupStatusQuery);
  void queryClient.prefetchQuery(sessionQuery);
}

/**
 * `/pacienti`'s page of patients, asked for as the navigation starts, beside the screen's code (issue 20):
 * the same call the list page makes for the address (its `request` takes this answer). It waits for the
 * session only for the deleted patients' list, which depends on the role; a user the server refuses
 * (signed out, or not allowed the list) never has the early answer read: the guards show their screen.
 */
export async function prefetchPatientList(queryClient: QueryClient, url: string): Promise<void> {
  try {
    const params = new URL(url).searchParams;
    const filters = readFilters(params);
    let session = queryClient.getQueryData(sessionQuery.queryKey);
    if (session === null || (session && !canOpenPatients(session.userCtx.roles))) return;
    if (filters.deleted) session ??= await queryClient.ensureQueryData(sessionQuery);
    const isDeletedList = filters.deleted && session != null && can(session.userCtx.roles, 'restore:patient');
    requestEarly(
      `/api/pacienti?${listSearch(toListQuery({ ...filters, deleted: isDeletedList }, readPage(params)))}`,
    );
  } catch {
    // Without the session the guards decide; the page asks for its data itself.
  }
}
