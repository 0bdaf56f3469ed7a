import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { FORM_ERROR_SUMMARY_TITLE, FormErrorSummary, formErrorItems } from './form-errors';

const REQUIRED = 'Câmpul este obligatoriu.';
const schema = z.object({
  nume: z.string().min(1, REQUIRED),
  adresa: z.object({ strada: z.string().min(1, REQUIRED) }),
});
type Values = z.infer<typeof schema>;

function ContactForm() {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { nume: '', adresa: { strada: '' } },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
      <FormErrorSummary form={form} labels={{ nume: 'Nume', 'adresa.strada': 'Strada' }} />
      <TextInput label="Nume" withAsterisk {...form.register('nume')} error={errors.nume?.message} />
      <TextInput
        label="Strada"
        withAsterisk
        {...form.register('adresa.strada')}
        error={errors.adresa?.strada?.message}
      />
      <button type="submit">Salvează</button>
    </form>
  );
}

describe('FormErrorSummary', () => {
  it('shows nothing before a submit, then lists each error with its label in the form order', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(FORM_ERROR_SUMMARY_TITLE);
    expect(
      within(summary)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([`Nume: ${REQUIRED}`, `Strada: ${REQUIRED}`]);
    // react-hook-form has moved focus to the first invalid field.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nume' }));
  });

  it('moves focus to the field of the chosen error and disappears once the fields are right', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    const summary = await screen.findByRole('alert');
    await user.click(within(summary).getByRole('button', { name: `Strada: ${REQUIRED}` }));
    const street = screen.getByRole('textbox', { name: 'Strada' });
    expect(document.activeElement).toBe(street);
    await user.type(street, 'Lalelelor 3');
    await user.type(screen.getByRole('textbox', { name: 'Nume' }), 'Popescu');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('formErrorItems', () => {
  it("flattens nested and list errors into dotted paths, without the elements or the form's own messages", () => {
    const element = document.createElement('input');
    const errors: FieldErrors<{ nume: string; items: { cantitate: number }[] }> = {
      nume: { type: 'too_small', message: 'Prea scurt.', ref: element },
      items: [undefined, { cantitate: { type: 'custom', message: 'Cel puțin 1.' } }],
      root: { server: { type: 'server', message: 'Eroare server.' } },
    };
    expect(formErrorItems(errors)).toEqual([
      { path: 'nume', message: 'Prea scurt.' },
      { path: 'items.1.cantitate', message: 'Cel puțin 1.' },
    ]);
  });
});
