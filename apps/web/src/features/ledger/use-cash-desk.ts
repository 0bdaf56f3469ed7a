import { isClinicGroup, openLocations } from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';

export interface CashDesk {
  /** The open locations the user works at, in the clinic's order. */
  choices: { value: string; label: string }[];
  /** The user's first one: where the server takes the money when none is sent. */
  defaultId: string;
}

/**
 * Where a payment or refund can be taken (issue 14): in a clinic group (two or more open locations), the
 * open locations the user works at (none assigned: every one). Null when there is nothing to choose — a
 * single-location clinic, or a user of one location — and the screens then show no "Sediu".
 */
export function useCashDesk(): CashDesk | null {
  const answer = useLocations().data;
  if (!answer || !isClinicGroup(answer.locations)) return null;
  const open = openLocations(answer.locations);
  const mine = answer.mine.length === 0 ? open : open.filter((place) => answer.mine.includes(place.id));
  const [first] = mine;
  if (!first || mine.length < 2) return null;
  return { choices: mine.map((place) => ({ value: place.id, label: place.name })), defaultId: first.id };
}
