import { Select } from '@mantine/core';
import { isClinicGroup, openLocations } from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';

export interface LocationChoice {
  value: string;
  label: string;
}

/**
 * The locations a report can be narrowed to (issue 14): the open ones in a clinic group, null in a
 * single-location clinic (which sees no location choice) or while they are not known.
 */
export function useReportLocations(): LocationChoice[] | null {
  const locations = useLocations().data;
  return locations && isClinicGroup(locations.locations)
    ? openLocations(locations.locations).map((place) => ({ value: place.id, label: place.name }))
    : null;
}

/** A report's "Sediu" choice; '' (cleared): every location. */
export function ReportLocationSelect({
  choices,
  value,
  onChange,
}: {
  choices: LocationChoice[];
  value: string;
  onChange: (locationId: string) => void;
}) {
  return (
    <Select
      label="Sediu"
      placeholder="Toate sediile"
      data={choices}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
    />
  );
}
