import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  locationsAnswer,
  type ChairInput,
  type LocationInput,
  type LocationsAnswer,
  type LocationUpdate,
  type MoveInput,
} from '@odonto/domain/contracts/locations';
import {
  locationSeller,
  type LocationSeller,
  type LocationSellerUpdate,
} from '@odonto/domain/contracts/clinic';
import { request, segment } from '../../lib/http';

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

/** A write that answers the whole list (as GET does): the cache takes it as it is. */
function useLocationsWrite<T>(call: (input: T) => Promise<LocationsAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(locationsKeys.all, answer),
    meta: { isErrorHandled: true },
  });
}

const write = (method: 'POST' | 'PUT', path: string, body?: object) =>
  request(path, { method, body, schema: locationsAnswer });

/** POST /api/locations (admin); 409 when an open location has the name. */
export function useCreateLocation() {
  return useLocationsWrite((input: LocationInput) => write('POST', '/api/locations', input));
}

/** PUT /api/locations/{id} (admin); 409 when stale or the name is taken. */
export function useUpdateLocation() {
  return useLocationsWrite(({ id, ...input }: LocationUpdate & { id: string }) =>
    write('PUT', `/api/locations/${segment(id)}`, input),
  );
}

/** POST /api/locations/{id}/archive or /reopen (admin); 409 for the last open location. */
export function useSetLocationOpen() {
  return useLocationsWrite(({ id, open }: { id: string; open: boolean }) =>
    write('POST', `/api/locations/${segment(id)}/${open ? 'reopen' : 'archive'}`),
  );
}

/** POST /api/locations/{id}/move (admin). */
export function useMoveLocation() {
  return useLocationsWrite(({ id, direction }: MoveInput & { id: string }) =>
    write('POST', `/api/locations/${segment(id)}/move`, { direction }),
  );
}

/** POST /api/locations/{id}/chairs (admin); 409 when an open chair of the location has the name. */
export function useCreateChair() {
  return useLocationsWrite(({ locationId, ...input }: ChairInput & { locationId: string }) =>
    write('POST', `/api/locations/${segment(locationId)}/chairs`, input),
  );
}

/** PUT /api/chairs/{id} (admin). */
export function useRenameChair() {
  return useLocationsWrite(({ id, ...input }: ChairInput & { id: string }) =>
    write('PUT', `/api/chairs/${segment(id)}`, input),
  );
}

/** POST /api/chairs/{id}/archive or /reopen (admin). */
export function useSetChairOpen() {
  return useLocationsWrite(({ id, open }: { id: string; open: boolean }) =>
    write('POST', `/api/chairs/${segment(id)}/${open ? 'reopen' : 'archive'}`),
  );
}

/** POST /api/chairs/{id}/move (admin). */
export function useMoveChair() {
  return useLocationsWrite(({ id, direction }: MoveInput & { id: string }) =>
    write('POST', `/api/chairs/${segment(id)}/move`, { direction }),
  );
}

export const locationSellerKeys = {
  of: (locationId: string) => ['locations', 'seller', locationId] as const,
};

/** GET /api/locations/{id}/seller (admin): the location's own seller data, or null (invoiced as the clinic). */
export function useLocationSeller(locationId: string) {
  return useQuery({
    queryKey: locationSellerKeys.of(locationId),
    queryFn: ({ signal }) =>
      request(`/api/locations/${segment(locationId)}/seller`, { schema: locationSeller, signal }),
  });
}

function useLocationSellerWrite<T>(locationId: string, call: (input: T) => Promise<LocationSeller>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(locationSellerKeys.of(locationId), answer),
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/locations/{id}/seller (admin); 409 when stale. */
export function useSaveLocationSeller(locationId: string) {
  return useLocationSellerWrite(locationId, (input: LocationSellerUpdate) =>
    request(`/api/locations/${segment(locationId)}/seller`, {
      method: 'PUT',
      body: input,
      schema: locationSeller,
    }),
  );
}

/** DELETE /api/locations/{id}/seller (admin): the location is invoiced as the clinic again. */
export function useRemoveLocationSeller(locationId: string) {
  return useLocationSellerWrite(locationId, () =>
    request(`/api/locations/${segment(locationId)}/seller`, { method: 'DELETE', schema: locationSeller }),
  );
}
