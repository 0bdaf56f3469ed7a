import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsAnswer } from '@odonto/domain/contracts/locations';
import { request } from '../../lib/http';

export const locationsKeys = {
  all: ['locations'] as const,
};

/** GET /api/locations: every location with its chairs, and the signed-in user's own. */
export function locationsQuery() {
  return queryOptions({
    queryKey: locationsKeys.all,
    queryFn: ({ signal }) => request('/api/locations', { schema: locationsAnswer, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The clinic's locations. Published for the screens that place work at a location (the calendar, the
 * appointment form); `isClinicGroup` from the contract says whether to show them at all.
 */
export function useLocations() {
  return useQuery(locationsQuery());
}
