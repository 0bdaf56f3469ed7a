import { useEffect, useRef } from 'react';

/** Keys typed more than this apart start a new id (a person typing is slower than a scanner, but not this slow). */
const PAUSE_MS = 3000;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Typing or scanning a sterilisation id anywhere on the screen (outside a field): digits then Enter, as a
 * barcode scanner sends them, call `onId` with the number.
 */
export function useLabelScanner(onId: (id: number) => void, enabled: boolean): void {
  const buffer = useRef({ digits: '', at: 0 });
  const callback = useRef(onId);
  useEffect(() => {
    callback.current = onId;
  }, [onId]);

  useEffect(() => {
    if (!enabled) return;
    function handleKey(event: KeyboardEvent) {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const state = buffer.current;
      if (event.timeStamp - state.at > PAUSE_MS) state.digits = '';
      state.at = event.timeStamp;
      if (/^[0-9]$/.test(event.key)) {
        state.digits += event.key;
      } else if (event.key === 'Enter' && state.digits !== '') {
        event.preventDefault();
        const id = Number(state.digits);
        state.digits = '';
        if (Number.isSafeInteger(id) && id > 0) callback.current(id);
      } else if (event.key !== 'Shift') {
        state.digits = '';
      }
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [enabled]);
}
