import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from './http';
import { groupFieldRef, showServerFieldErrors, type ServerFieldNames } from './form';

interface Values {
  nume: string;
  amount: number;
  roles: string[];
  antecedente: { alergii: { val: boolean; text: string } };
}

const VALUES: Values = {
  nume: '',
  amount: 0,
  roles: ['medic'],
  antecedente: { alergii: { val: true, text: '' } },
};

/** A real form, its setError watched; answers what the helper answered and the messages it left. */
function show(error: unknown, names?: ServerFieldNames) {
  const { result } = renderHook(() => useForm<Values>({ defaultValues: VALUES }));
  const setError = vi.spyOn(result.current, 'setError');
  let isPlaced = false;
  act(() => {
    isPlaced = showServerFieldErrors(result.current, error, names);
  });
  const messageOf = (path: 'nume' | 'amount' | 'roles' | 'antecedente.alergii.text') =>
    result.current.getFieldState(path).error?.message;
  return { isPlaced, setError, messageOf };
}

describe('showServerFieldErrors', () => {
  it.each([400, 422, 409])(
    "puts a %s answer's field messages on the form's fields, focusing the first",
    (status) => {
      const { isPlaced, setError, messageOf } = show(
        new ApiError(status, 'invalid_input', 'Date invalide.', {
          nume: 'Numele este obligatoriu.',
          'antecedente.alergii.text': 'Prea lung.',
        }),
      );
      expect(isPlaced).toBe(true);
      expect(messageOf('nume')).toBe('Numele este obligatoriu.');
      expect(messageOf('antecedente.alergii.text')).toBe('Prea lung.');
      expect(setError.mock.calls.map(([path, , options]) => [path, options?.shouldFocus])).toEqual([
        ['nume', true],
        ['antecedente.alergii.text', false],
      ]);
    },
  );

  it("renames the server's fields, by a list or by a rule", () => {
    const byList = show(new ApiError(400, 'invalid_input', 'x', { amountBani: 'Prea mare.' }), {
      amountBani: 'amount',
    });
    expect(byList.messageOf('amount')).toBe('Prea mare.');
    const byRule = show(new ApiError(422, 'unprocessable', 'x', { 'pacient.nume': 'Prea scurt.' }), (path) =>
      path.replace(/^pacient\./, ''),
    );
    expect(byRule.messageOf('nume')).toBe('Prea scurt.');
  });

  it('puts the message for an item of a list of plain values on the list', () => {
    const { messageOf } = show(new ApiError(400, 'invalid_input', 'x', { 'roles.0': 'Rol necunoscut.' }));
    expect(messageOf('roles')).toBe('Rol necunoscut.');
  });

  it.each([
    [
      'a message below a field the form does not hold',
      new ApiError(400, 'invalid_input', 'x', { 'antecedente.x.text': 'x' }),
    ],
    ['a message for no field of the form', new ApiError(400, 'invalid_input', 'x', { usedInstruments: 'x' })],
    ['an answer without fields', new ApiError(500, 'server_error', 'x')],
    ['a failure that is no API answer', new Error('x')],
  ])('answers false for %s', (_name, error) => {
    const { isPlaced, setError } = show(error);
    expect(isPlaced).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('groupFieldRef', () => {
  /** A group of three options as Mantine draws them: a container that takes no focus itself. */
  function group(checked: number | null, disabled: number[] = []) {
    const root = document.createElement('div');
    for (let index = 0; index < 3; index += 1) {
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = index === checked;
      input.disabled = disabled.includes(index);
      input.dataset['index'] = String(index);
      root.append(input);
    }
    document.body.append(root);
    root.scrollIntoView = vi.fn();
    return root;
  }

  /** What react-hook-form would focus through the ref the group hands it. */
  function focusThrough(root: HTMLElement): string | undefined {
    let target: { focus: () => void } | null = null;
    groupFieldRef((instance: { focus: () => void }) => {
      target = instance;
    })(root);
    (target as { focus: () => void } | null)?.focus();
    return (document.activeElement as HTMLElement | null)?.dataset['index'];
  }

  it.each([
    ['the chosen option', 1, [], '1'],
    ['the first option when none is chosen', null, [], '0'],
    ['the first option that can be chosen', null, [0], '1'],
  ])('focuses %s and brings the group into view', (_name, checked, disabled, expected) => {
    const root = group(checked, disabled);
    expect(focusThrough(root)).toBe(expected);
    expect(root.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    root.remove();
  });

  it('answers the same ref for the same field, so React does not reattach it on every render', () => {
    const fieldRef = vi.fn();
    expect(groupFieldRef(fieldRef)).toBe(groupFieldRef(fieldRef));
    expect(groupFieldRef(fieldRef)).not.toBe(groupFieldRef(vi.fn()));
  });

  it('hands nothing on when the group leaves the page', () => {
    const fieldRef = vi.fn();
    groupFieldRef(fieldRef)(null);
    expect(fieldRef).not.toHaveBeenCalled();
  });
});
