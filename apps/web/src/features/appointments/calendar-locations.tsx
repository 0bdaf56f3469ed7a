import { NativeSelect, SegmentedControl } from '@mantine/core';
import type { CalendarAppointment } from '@odonto/domain/contracts/appointments';
import {
  defaultLocationId,
  isClinicGroup,
  openLocations,
  type Location,
  type LocationsAnswer,
} from '@odonto/domain/contracts/locations';

/** `?sediu=toate`: every location (a doctor's week across them; only with a doctor chosen). */
export const ALL_LOCATIONS = 'toate';
/** `?coloane=cabinete`: a column per chair instead of per doctor. */
export const CHAIR_COLUMNS = 'cabinete';
export const NO_CHAIR_LABEL = 'Fără cabinet';

/** What the calendar shows of a clinic's locations (issue 14). */
export interface CalendarPlace {
  /** Two or more open locations: the "Sediu" select is shown. */
  isGroup: boolean;
  /** The select's value: a location id, ALL_LOCATIONS, or '' (not a group). */
  selected: string;
  /** The location shown (null: every location, or the locations are not known yet). */
  location: Location | null;
  /** The calendar call's location filter (none: every location). */
  filter: string | undefined;
  /** The shown location has open chairs: the "Coloane" toggle is shown. */
  hasChairs: boolean;
  /** A column per chair. */
  byChair: boolean;
}

/**
 * The calendar's place from the address: `sediu` (a group only; default the user's own or the clinic's
 * first open location, `toate` with a doctor chosen) and `coloane`. A single-location clinic is not
 * filtered at all, so it sees what it saw before locations existed.
 */
export function calendarPlace(
  answer: LocationsAnswer | undefined,
  asked: { sediu: string | null; coloane: string | null },
  medicId: string,
): CalendarPlace {
  const isGroup = answer ? isClinicGroup(answer.locations) : false;
  const isAll = isGroup && asked.sediu === ALL_LOCATIONS && medicId !== '';
  let location: Location | null = null;
  if (answer && !isAll) {
    const id = isGroup
      ? defaultLocationId(answer, asked.sediu)
      : (openLocations(answer.locations)[0]?.id ?? null);
    location = answer.locations.find((place) => place.id === id) ?? null;
  }
  const hasChairs = location !== null && location.chairs.some((chair) => !chair.archived);
  return {
    isGroup,
    selected: isAll ? ALL_LOCATIONS : isGroup ? (location?.id ?? '') : '',
    location,
    filter: isGroup && location ? location.id : undefined,
    hasChairs,
    byChair: hasChairs && asked.coloane === CHAIR_COLUMNS,
  };
}

/**
 * The chair columns of a location: its open chairs, any other chair an appointment shown still names
 * (closed since), and "Fără cabinet" when an appointment shown has no chair. The chairless column's id is ''.
 */
export function chairColumns(
  location: Location,
  items: readonly CalendarAppointment[],
): { _id: string; nume: string }[] {
  const columns = location.chairs
    .filter((chair) => !chair.archived)
    .map((chair) => ({ _id: chair.id, nume: chair.name }));
  for (const item of items) {
    if (item.chairId && !columns.some((column) => column._id === item.chairId))
      columns.push({ _id: item.chairId, nume: item.chairName ?? NO_CHAIR_LABEL });
  }
  if (items.some((item) => item.chairId === null)) columns.push({ _id: '', nume: NO_CHAIR_LABEL });
  return columns;
}

/** The "Sediu" select (a group only) and the "Coloane" toggle (a location with chairs). */
export function LocationControls({
  answer,
  place,
  medicId,
  onLocation,
  onByChair,
}: {
  answer: LocationsAnswer | undefined;
  place: CalendarPlace;
  medicId: string;
  onLocation: (value: string) => void;
  onByChair: (byChair: boolean) => void;
}) {
  const options = [
    ...openLocations(answer?.locations ?? []).map((item) => ({ value: item.id, label: item.name })),
    {
      value: ALL_LOCATIONS,
      label: medicId ? 'Toate sediile' : 'Toate sediile (alegeți un medic)',
      disabled: !medicId,
    },
  ];
  return (
    <>
      {place.isGroup ? (
        <NativeSelect
          label="Sediu"
          value={place.selected}
          data={options}
          onChange={(event) => onLocation(event.currentTarget.value)}
        />
      ) : null}
      {place.hasChairs ? (
        <SegmentedControl
          aria-label="Coloane"
          value={place.byChair ? 'chairs' : 'doctors'}
          onChange={(value) => onByChair(value === 'chairs')}
          data={[
            { value: 'doctors', label: 'Pe medici' },
            { value: 'chairs', label: 'Pe cabinete' },
          ]}
        />
      ) : null}
    </>
  );
}
