import type { FieldError, FieldValues, Path, RefCallBack, UseFormReturn } from 'react-hook-form';
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

function isGroup(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * The form field a server path names: the deepest part of it the form holds. An item of a list of plain
 * values ('roles.0') is the list's field; a path the form does not hold, or that stops at a group of
 * fields, is none.
 */
function formFieldOf(values: FieldValues, path: string): string | null {
  let current: unknown = values;
  const kept: string[] = [];
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) break;
    const next: unknown = (current as Record<string, unknown>)[part];
    if (Array.isArray(current) && (typeof next !== 'object' || next === null)) break;
    current = next;
    kept.push(part);
  }
  if (kept.length === 0 || (kept.length < path.split('.').length && isGroup(current))) return null;
  return kept.join('.');
}

/**
 * Puts a failed call's field messages (a 400 or 422 — or a 409 naming its field — with `fields`) under
 * the form's own fields and moves focus to the first; answers whether any landed. 'antecedente.alergii.text'
 * lands on that note, 'roles.0' on the roles; `names` renames the server's paths first. Messages for no
 * field of the form are left to the caller's general message.
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
    const path = formFieldOf(
      values,
      typeof names === 'function' ? names(serverPath) : (names[serverPath] ?? serverPath),
    );
    if (path === null) continue;
    form.setError(path as Path<TInput>, { type: 'server', message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}

const GROUP_REFS = new WeakMap<RefCallBack, (group: HTMLElement | null) => void>();

/** The option a group's focus lands on: the chosen one, else the first that can be chosen. */
function groupOption(group: HTMLElement): HTMLElement | null {
  return (
    group.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    group.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')
  );
}

/**
 * The ref for a field drawn as a group of options (SegmentedControl, Checkbox.Group, Radio.Group).
 * react-hook-form focuses a wrong field through its ref, and such a group hands it a container that
 * takes no focus: a failed submit then stopped at nothing. This gives it one of the group's options to
 * focus and brings the whole group — label, options and message — into view.
 */
export function groupFieldRef(fieldRef: RefCallBack): (group: HTMLElement | null) => void {
  // One callback per field (react-hook-form keeps `field.ref` stable): a new one each render would make
  // React detach and attach the ref every time, and SegmentedControl keeps its element in state — a loop.
  const known = GROUP_REFS.get(fieldRef);
  if (known) return known;
  const ref = (group: HTMLElement | null) => {
    if (!group) return;
    fieldRef({
      focus: () => {
        groupOption(group)?.focus({ preventScroll: true });
        // Centred: at an edge a modal's sticky header would cover the group's label.
        group.scrollIntoView({ block: 'center' });
      },
    });
  };
  GROUP_REFS.set(fieldRef, ref);
  return ref;
}
