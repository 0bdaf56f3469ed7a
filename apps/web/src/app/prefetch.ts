import type { QueryClient } from '@tanstack/react-query';
import { patientListCall } from '@odonto/domain/patient-list-address';
import { landingPath } from '@odonto/domain/roles';
import { sessionQuery, setupStatusQuery } from '../features/auth/api';
import { requestEarly } from '../lib/http';

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
 * the same call the list page makes for the address (its `request` takes this answer). Inside the app the
 * session is known and the call starts at once; on a page load it starts when the session check answers
 * (prefetched as the router starts), so a signed-out visitor never gets a 401 logged in the console
 * (issue 19) and a user not allowed the list never asks for it: the guards show their screen.
 */
export async function prefetchPatientList(queryClient: QueryClient, url: string): Promise<void> {
  try {
    const params = new URL(url).searchParams;
    const session =
      queryClient.getQueryData(sessionQuery.queryKey) ?? (await queryClient.ensureQueryData(sessionQuery));
    if (session) requestPatientList(params, session.userCtx.roles);
  } catch {
    // Without the session the guards decide; the page asks for its data itself.
  }
}

function requestPatientList(params: URLSearchParams, roles: readonly string[]): void {
  const call = patientListCall(params, roles);
  if (call) requestEarly(call);
}

/**
 * The landing screen's data for a user whose password was just accepted, asked for beside the session
 * check that follows (the list is the landing screen of every role that may open it).
 */
export function prefetchLanding(roles: readonly string[]): void {
  if (landingPath(roles) === '/pacienti') requestPatientList(new URLSearchParams(), roles);
}
