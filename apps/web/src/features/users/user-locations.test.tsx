import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location, LocationsAnswer } from '@odonto/domain/contracts/locations';
import { routes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { bodiesOf, makeUser, usersApi } from './users-test-support';

function place(id: string, name: string, archived = false): Location {
  const fields = { address: '', phone: '', opensAt: null, closesAt: null, version: 1, chairs: [] };
  return { id, name, position: Number(id.slice(1)), archived, ...fields };
}

const ONE: LocationsAnswer = { locations: [place('l1', 'Sediul principal')], mine: [] };
const GROUP: LocationsAnswer = {
  locations: [place('l1', 'Sediul principal'), place('l2', 'Sediul Nord'), place('l3', 'Sediul vechi', true)],
  mine: [],
};

const DOCTOR = makeUser({ locationIds: ['l2'] });

describe('users and locations (issue 14)', () => {
  it('shows nothing about locations in a single-location clinic', async () => {
    usersApi(
      ['admin'],
      { body: { utilizatori: [DOCTOR], isNextPage: false } },
      {
        'GET /api/locations': { body: ONE },
      },
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/utilizatori');
    const row = await screen.findByRole('row', { name: `Utilizator ${DOCTOR.nume}` });
    expect(screen.queryByRole('columnheader', { name: 'Sedii' })).toBeNull();
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Editează utilizator' });
    expect(within(dialog).queryByRole('combobox', { name: 'Sedii' })).toBeNull();
  });

  it('in a group, lists each user’s locations and saves the chosen ones with the user, in one call', async () => {
    const { calls } = usersApi(
      ['admin'],
      { body: { utilizatori: [DOCTOR], isNextPage: false } },
      {
        'GET /api/locations': { body: GROUP },
        [`POST /api/update-utilizator/${DOCTOR._id}`]: { body: DOCTOR },
      },
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/utilizatori');
    expect(await screen.findByRole('columnheader', { name: 'Sedii' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: `Utilizator ${DOCTOR.nume}` });
    expect(within(row).getByText('Sediul Nord')).toBeTruthy();

    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Editează utilizator' });
    const field = within(dialog).getByRole('combobox', { name: 'Sedii' });
    await user.click(field);
    // Only open locations are offered.
    expect(screen.queryByRole('option', { name: 'Sediul vechi' })).toBeNull();
    expect(await screen.findByRole('option', { name: 'Sediul principal' })).toBeTruthy();
    // Unchoosing the only one: the doctor works at every location.
    await user.click(screen.getByRole('option', { name: 'Sediul Nord' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(bodiesOf(calls, `/api/update-utilizator/${DOCTOR._id}`)).toEqual([
        expect.objectContaining({ nume: DOCTOR.nume, locationIds: [], version: DOCTOR.version }),
      ]),
    );
    expect(bodiesOf(calls, `/api/users/${DOCTOR._id}/locations`)).toEqual([]);
  });

  it('sends no locations when they were left as they were', async () => {
    const { calls } = usersApi(
      ['admin'],
      { body: { utilizatori: [DOCTOR], isNextPage: false } },
      {
        'GET /api/locations': { body: GROUP },
        [`POST /api/update-utilizator/${DOCTOR._id}`]: { body: DOCTOR },
      },
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/utilizatori');
    await user.click(await screen.findByRole('row', { name: `Utilizator ${DOCTOR.nume}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editează utilizator' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(bodiesOf(calls, `/api/update-utilizator/${DOCTOR._id}`)).toHaveLength(1));
    expect(bodiesOf(calls, `/api/update-utilizator/${DOCTOR._id}`)[0]).not.toHaveProperty('locationIds');
  });
});
