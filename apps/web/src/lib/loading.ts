import { useSyncExternalStore } from 'react';

/**
 * The global loading flag (SPEC.md §4): set while a call or a page load runs, cleared after success
 * and after failure. It is a counter so that overlapping calls keep it set until the last one ends.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): boolean {
  return pending > 0;
}

/** Sets the flag; the returned function clears this one use of it (calling it twice does nothing). */
export function startLoading(): () => void {
  pending += 1;
  emit();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    pending = Math.max(0, pending - 1);
    emit();
  };
}

/** Runs `work` with the flag set, clearing it however `work` ends. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const stop = startLoading();
  try {
    return await work();
  } finally {
    stop();
  }
}

export function isLoading(): boolean {
  return getSnapshot();
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** For tests: forget every pending use. */
export function resetLoading(): void {
  pending = 0;
  emit();
}
