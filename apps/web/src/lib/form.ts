import type { FieldError } from 'react-hook-form';

interface FieldStateLike {
  error?: FieldError;
  isTouched: boolean;
  isDirty: boolean;
}

/**
 * The message to show under a field: after the user left it, or — for `isEager` fields such as a
 * password confirmation — as soon as they typed in it.
 */
export function visibleError(state: FieldStateLike, isEager = false): string | undefined {
  if (!state.error) return undefined;
  return state.isTouched || (isEager && state.isDirty) ? state.error.message : undefined;
}
