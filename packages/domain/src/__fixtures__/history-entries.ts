/** Test helpers: history entries as the treatment modal saves them, named by their catalogue procedure. */
import { bridgeGeometry } from '../bridges';
import { catalogueEntryByName } from '../catalogue';
import type { ChartHistoryEntry } from '../chart-state';

// Ids are creation timestamps; entries made one after the other get increasing ids, so entries of the same
// date apply in the order a test writes them.
let nextId = 1_767_225_600_000;

/** An entry for the procedure named `denumire` on `dinte` (null: no tooth), dated 2026-01-10 unless told. */
export function entry(
  denumire: string,
  dinte: string | null,
  extra: Partial<ChartHistoryEntry> = {},
): ChartHistoryEntry {
  const procedure = catalogueEntryByName(denumire);
  nextId += 1000;
  return {
    id: nextId,
    denumire,
    createdAt: '2026-01-10',
    dinte,
    mapID: procedure?.id ?? null,
    fill: procedure?.fill ?? null,
    ...extra,
  };
}

/** A bridge entry from `start` to `destination`, with the geometry save-punte stores. */
export function bridge(
  denumire: string,
  start: string,
  destination: string,
  extra: Partial<ChartHistoryEntry> = {},
): ChartHistoryEntry {
  const geometry = bridgeGeometry(start, destination);
  return entry(denumire, start, { dinteStart: start, dinteDestinatie: destination, ...geometry, ...extra });
}
