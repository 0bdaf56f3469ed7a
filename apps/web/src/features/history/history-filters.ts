import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { TOOTH_IDS, type ToothId } from '@odonto/domain/teeth';

type Entry = Pick<PatientHistoryEntry, 'medic' | 'dinte' | 'dinteStart' | 'dinteDestinatie'>;

export interface HistoryFilters {
  medic: string | null;
  dinte: ToothId | null;
}

export const NO_FILTERS: HistoryFilters = { medic: null, dinte: null };

/** The teeth an entry concerns: its tooth, and for a bridge both ends. */
export function entryTeeth(entry: Entry): ToothId[] {
  const teeth = [entry.dinte, entry.dinteStart, entry.dinteDestinatie].filter(
    (tooth): tooth is ToothId => tooth !== null,
  );
  return [...new Set(teeth)];
}

/** The entries the filters keep (SPEC.md §2: doctor or tooth, never both), order unchanged. */
export function filterHistory<T extends Entry>(entries: readonly T[], filters: HistoryFilters): T[] {
  return entries.filter((entry) => {
    if (filters.medic !== null && entry.medic !== filters.medic) return false;
    if (filters.dinte !== null && !entryTeeth(entry).includes(filters.dinte)) return false;
    return true;
  });
}

/** The doctors named in the history, alphabetically. */
export function historyDoctors(entries: readonly Entry[]): string[] {
  const names = new Set(entries.map((entry) => entry.medic.trim()).filter((name) => name !== ''));
  return [...names].sort((a, b) => a.localeCompare(b, 'ro'));
}

/** The teeth named in the history, in tooth-number order (1.1 … 4.8). */
export function historyTeeth(entries: readonly Entry[]): ToothId[] {
  const present = new Set(entries.flatMap(entryTeeth));
  return TOOTH_IDS.filter((tooth) => present.has(tooth));
}
