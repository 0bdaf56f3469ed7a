import { useSyncExternalStore, type ReactNode } from 'react';

/** The sheet in the print-only area: what the browser prints, hidden on screen. */
export interface PrintJob {
  /** A short name for the sheet, e.g. 'patient-file' or 'medical-letter'. */
  kind: string;
  sheet: ReactNode;
  /** A new key per request, so the same sheet asked for twice prints twice. */
  key: number;
}

let current: PrintJob | null = null;
let nextKey = 1;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts `sheet` in the print-only area and opens the browser's print dialog once it is drawn. */
export function printSheet(kind: string, sheet: ReactNode): void {
  current = { kind, sheet, key: nextKey++ };
  for (const listener of listeners) listener();
}

export function usePrintJob(): PrintJob | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** For tests: an empty print area. */
export function resetPrintJob(): void {
  current = null;
  for (const listener of listeners) listener();
}
