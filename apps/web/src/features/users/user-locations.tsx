import { MultiSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isClinicGroup, openLocations, type Location } from '@odonto/domain/contracts/locations';
import { locationsKeys, useLocations } from '../locations/api';

/** The clinic's locations when it is a group (two or more open ones); null for a single-location clinic. */
export function useGroupLocations(): Location[] | null {
  const locations = useLocations().data?.locations ?? [];
  return isClinicGroup(locations) ? locations : null;
}

/** The names of a user's locations for the users list: 'Toate' when none is chosen. */
export function locationNames(locations: readonly Location[], ids: readonly string[] | undefined): string {
  const names = locations.filter((place) => ids?.includes(place.id)).map((place) => place.name);
  return names.length === 0 ? 'Toate' : names.join(', ');
}

interface UserLocationsSelectProps {
  value: string[];
  onChange: (ids: string[]) => void;
}

/** "Sedii" in the user form, only for a clinic group: the open locations; none chosen: every location. */
export function UserLocationsSelect({ value, onChange }: UserLocationsSelectProps) {
  const locations = useGroupLocations();
  if (!locations) return null;
  const open = openLocations(locations);
  // A closed location the user was at is not offered; choosing again leaves it out.
  const shown = value.filter((id) => open.some((place) => place.id === id));
  return (
    <MultiSelect
      label="Sedii"
      description="Sediile la care lucrează. Niciunul ales: toate sediile."
      placeholder={shown.length === 0 ? 'Toate sediile' : undefined}
      data={open.map((place) => ({ value: place.id, label: place.name }))}
      value={shown}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * What the user's save sends as `locationIds` (saved with the user, in one transaction): the chosen
 * locations when they differ from the saved ones, else nothing (they stay as they are).
 */
export function changedLocationIds(
  before: readonly string[],
  after: readonly string[],
): string[] | undefined {
  const isSame = before.length === after.length && before.every((id) => after.includes(id));
  return isSame ? undefined : [...after];
}

/** After a save that changed a user's locations: "mine" of the locations may have changed too. */
export function useRefreshLocations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationsKeys.all });
}
