import type { QueryClient } from '@tanstack/react-query';
import { can } from '@odonto/domain/roles';
import { sessionQuery } from '../features/auth/api';
import { patientListQuery } from '../features/patients/api';
import { readFilters, readPage, toListQuery } from '../features/patients/list-params';
import { canOpenPatients } from './access';

// Loaded by the list's route loader beside the list's own code (it shares the patients' API and contracts
// with it), so none of it weighs on the sign-in screen.

/**
 * `/pacienti`'s page of patients, requested as the navigation starts, beside the screen's code (issue 20):
 * the same query, with the same key, as the list page reads from the address. Only for a signed-in user
 * who may open the list (the session is read from the cache, or once from the server); a failure is
 * left to the page, which asks again when it renders.
 */
export async function prefetchPatientList(queryClient: QueryClient, url: string): Promise<void> {
  try {
    const session = await queryClient.ensureQueryData(sessionQuery);
    if (!session || !canOpenPatients(session.userCtx.roles)) return;
    const params = new URL(url).searchParams;
    const filters = readFilters(params);
    const isDeletedList = filters.deleted && can(session.userCtx.roles, 'restore:patient');
    await queryClient.ensureQueryData(
      patientListQuery(toListQuery({ ...filters, deleted: isDeletedList }, readPage(params))),
    );
  } catch {
    // The page shows (and retries) the failure of its own request.
  }
}
