import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CountyLocalitiesResponse } from '@odonto/domain/contracts/places';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { LocalityInput } from './locality-input';
import { LocalitySelect } from './place-pickers';

// Real names of the register (2025_S1), with neighbours that contain the same letters.
const ARGES: CountyLocalitiesResponse = {
  auto: 'AG',
  nume: 'Argeș',
  localitati: [
    { nume: 'Bradu' },
    { nume: 'Mioveni' },
    { nume: 'Pitești', simplu: 'Pitesti' },
    { nume: 'Valea Mare-Podgoria', comuna: 'Stefanesti' },
  ],
};
const VALCEA: CountyLocalitiesResponse = {
  auto: 'VL',
  nume: 'Vâlcea',
  localitati: [
    { nume: 'Băbeni', simplu: 'Babeni' },
    { nume: 'Râmnicu Vâlcea', simplu: 'Ramnicu Valcea' },
    { nume: 'Râureni', simplu: 'Raureni', comuna: 'Ramnicu Valcea' },
    { nume: 'Valea Râmnicului', simplu: 'Valea Ramnicului', comuna: 'Ramnicu Valcea' },
  ],
};

function placesApi() {
  return mockApi({ 'GET /api/places/AG': { body: ARGES }, 'GET /api/places/VL': { body: VALCEA } });
}

function PatientLocality({ countyAuto }: { countyAuto: string }) {
  const [value, setValue] = useState('');
  return (
    <LocalityInput countyAuto={countyAuto} value={value} onChange={setValue} label="Oraș / localitate" />
  );
}

function ListFilter({ countyAuto }: { countyAuto: string }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <LocalitySelect label="Oraș" countyAuto={countyAuto} value={value} onChange={setValue} />
      <output aria-label="filtru">{value ?? ''}</output>
    </>
  );
}

async function optionsFor(field: string, typed: string): Promise<string[]> {
  const user = userEvent.setup();
  const input = screen.getByRole('combobox', { name: field });
  await user.clear(input);
  await user.type(input, typed);
  await waitFor(() => expect(screen.queryAllByRole('option').length).toBeGreaterThan(0));
  return screen.getAllByRole('option').map((option) => option.textContent ?? '');
}

// Issue 19: wherever a locality is chosen or filtered, it is found without its diacritics.
describe('finding a locality without diacritics', () => {
  it.each([
    ['AG', 'Pitesti', 'Pitești'],
    ['AG', 'pitesti', 'Pitești'],
    ['VL', 'ramnicu valcea', 'Râmnicu Vâlcea'],
    ['VL', 'RAMNICU VALCEA', 'Râmnicu Vâlcea'],
  ])('the patient form (%s): %j suggests %s first and picks it', async (auto, typed, expected) => {
    placesApi();
    const user = userEvent.setup();
    renderWithProviders(<PatientLocality countyAuto={auto} />);
    // A combobox once the county's localities have arrived; a plain text field before.
    const input = await screen.findByRole('combobox', { name: 'Oraș / localitate' });
    const options = await optionsFor('Oraș / localitate', typed);
    expect(options[0]).toBe(expected);
    await user.click(screen.getAllByRole('option')[0] as HTMLElement);
    expect((input as HTMLInputElement).value).toBe(expected);
  });

  it.each([
    ['AG', 'Pitesti', ['Pitești']],
    ['VL', 'ramnicu valcea', ['Râmnicu Vâlcea']],
    // The town first, then the villages whose name has a word starting with it, as in the patient form.
    ['VL', 'ramnic', ['Râmnicu Vâlcea', 'Valea Râmnicului']],
    ['AG', 'valea mare podgoria', ['Valea Mare-Podgoria']], // a space finds a hyphen
  ])('the "Oraș" filter of the list (%s): %j offers %j', async (auto, typed, expected) => {
    placesApi();
    const user = userEvent.setup();
    renderWithProviders(<ListFilter countyAuto={auto} />);
    await waitFor(async () => {
      await user.click(screen.getByRole('combobox', { name: 'Oraș' }));
      expect(screen.queryAllByRole('option').length).toBeGreaterThan(0);
    });
    expect(await optionsFor('Oraș', typed)).toEqual(expected);
    await user.click(screen.getByRole('option', { name: expected[0] }));
    expect(screen.getByRole('status', { name: 'filtru' }).textContent).toBe(expected[0]);
  });
});
