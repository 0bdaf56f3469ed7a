import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countyLocalitiesResponse,
  placesResponse,
  sirutaImportResponse,
} from '@odonto/domain/contracts/places';
import { request, segment } from '../../lib/http';

export const placeKeys = {
  all: ['places'] as const,
  summary: ['places', 'summary'] as const,
  county: (auto: string) => ['places', 'county', auto] as const,
};

// Reference data changes only on a SIRUTA import, which invalidates these keys itself.
const REFERENCE_STALE_MS = 30 * 60_000;
// The server lets browsers keep these answers for minutes; revalidating with the ETag (a cheap 304)
// makes a fresh import show at once, here and in every other tab.
const REVALIDATE: RequestCache = 'no-cache';

/** GET /api/places: the counties with their locality counts, and the world's countries in Romanian. */
export const placesQuery = queryOptions({
  queryKey: placeKeys.summary,
  queryFn: ({ signal }) => request('/api/places', { schema: placesResponse, signal, cache: REVALIDATE }),
  staleTime: REFERENCE_STALE_MS,
});

export function usePlaces() {
  return useQuery(placesQuery);
}

/** GET /api/places/{auto}: one county's localities (empty before a SIRUTA import). */
export function countyLocalitiesQuery(auto: string) {
  return queryOptions({
    queryKey: placeKeys.county(auto),
    queryFn: ({ signal }) =>
      request(`/api/places/${segment(auto)}`, {
        schema: countyLocalitiesResponse,
        signal,
        cache: REVALIDATE,
      }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The localities of the county with this registration code; idle while no county is chosen. */
export function useCountyLocalities(auto: string | null) {
  return useQuery({ ...countyLocalitiesQuery(auto ?? ''), enabled: auto !== null && auto !== '' });
}

/** POST /api/places/import: replaces every locality with those of an uploaded SIRUTA CSV (admin). */
export function useImportSiruta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request('/api/places/import', { method: 'POST', body: form, schema: sirutaImportResponse });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
    meta: { isErrorHandled: true },
  });
}
