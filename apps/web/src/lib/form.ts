import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from './http';

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

/** Server field names that differ from the form's, e.g. `{ amountBani: 'amount' }`, or a renaming rule. */
export type ServerFieldNames = Readonly<Record<string, string>> | ((serverPath: string) => string);

/**
 * Puts a failed call's field messages (a 400 or 422 — or a 409 naming its field — with `fields`) under the form's own fields and moves
 * focus to the first; answers whether any landed. A field belongs to the form when the first part of its
 * path is one of the form's values ('antecedente.alergii.text' lands on that note); `names` renames the
 * server's paths first. Messages for no field of the form are left to the caller's general message.
 */
export function showServerFieldErrors<TInput extends FieldValues>(
  form: Pick<UseFormReturn<TInput>, 'setError' | 'getValues'>,
  error: unknown,
  names: ServerFieldNames = {},
): boolean {
  if (!isApiError(error)) return false;
  const values: FieldValues = form.getValues();
  let isPlaced = false;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const path = typeof names === 'function' ? names(serverPath) : (names[serverPath] ?? serverPath);
    const root = path.split('.')[0] ?? '';
    if (!Object.hasOwn(values, root)) continue;
    form.setError(path as Path<TInput>, { type: 'server', message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}
