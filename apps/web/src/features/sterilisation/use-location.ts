import { useSearchParams } from 'react-router';
import {
  defaultLocationId,
  isClinicGroup,
  openLocations,
  type Location,
} from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';

export interface SterilisationLocation {
  /** True for a clinic group (two or more open locations): the screen then shows one location at a time. */
  isGroup: boolean;
  /** The open locations to choose from (empty outside a group). */
  choices: Location[];
  /** The location shown (`?sediu=`, else the user's own), or null outside a group: every autoclave. */
  locationId: string | null;
  choose: (locationId: string) => void;
}

/**
 * The location the sterilisation screen shows, in the address (`?sediu=`) so that the register, the daily
 * test bar and the sterilise form agree and a reload keeps it. A single-location clinic gets null: nothing
 * about locations shows (issue 14).
 */
export function useSterilisationLocation(): SterilisationLocation {
  const [params, setParams] = useSearchParams();
  const locations = useLocations();
  const answer = locations.data;
  const isGroup = answer !== undefined && isClinicGroup(answer.locations);
  return {
    isGroup,
    choices: isGroup ? openLocations(answer.locations) : [],
    locationId: isGroup ? defaultLocationId(answer, params.get('sediu')) : null,
    choose: (locationId) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('sediu', locationId);
          return next;
        },
        { replace: true },
      ),
  };
}
