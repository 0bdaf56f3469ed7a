import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES, type Location, type LocationsAnswer } from '@odonto/domain/contracts/locations';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockHandler } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function place(overrides: Partial<Location>): Location {
  return {
    id: 'l1',
    name: 'Sediul principal',
    address: 'Str. Mării 5, Iași',
    phone: '0232111222',
    opensAt: null,
    closesAt: null,
    position: 1,
    archived: false,
    version: 1,
    chairs: [],
    ...overrides,
  };
}

const NORTH = place({
  id: 'l2',
  name: 'Sediul Nord',
  address: 'Str. Florilor 3',
  phone: '',
  opensAt: '08:00',
  closesAt: '16:00',
  position: 2,
  chairs: [
    { id: 'c1', name: 'Cabinet 1', position: 1, archived: false },
    { id: 'c2', name: 'Cabinet 2', position: 2, archived: true },
  ],
});

const ANSWER: LocationsAnswer = { locations: [place({}), NORTH], mine: [] };

function locationsApi(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['admin']) },
    'GET /api/locations': { body: ANSWER },
    ...extra,
  });
}

async function openSection() {
  renderRoutes(routes, '/setari?tab=sedii');
  const section = await screen.findByRole('region', { name: 'Sedii și cabinete' }, { timeout: 15_000 });
  await within(section).findByRole('region', { name: 'Sediul Nord' });
  return section;
}

describe('Sedii și cabinete', () => {
  it('shows each location with its address, hours and chairs, closed ones marked', async () => {
    locationsApi();
    const section = await openSection();
    const first = within(section).getByRole('region', { name: 'Sediul principal' });
    expect(within(first).getByText('Str. Mării 5, Iași')).toBeTruthy();
    expect(within(first).getByText('Telefon: 0232111222')).toBeTruthy();
    expect(within(first).getByText('Program: orele obișnuite ale clinicii')).toBeTruthy();
    expect(within(first).getByText('Niciun cabinet.')).toBeTruthy();
    const north = within(section).getByRole('region', { name: 'Sediul Nord' });
    expect(within(north).getByText('Program: 08:00–16:00')).toBeTruthy();
    expect(within(north).getByRole('button', { name: 'Redeschide cabinetul Cabinet 2' })).toBeTruthy();
    expect(
      within(first).getByRole<HTMLButtonElement>('button', { name: 'Mută sediul Sediul principal mai sus' })
        .disabled,
    ).toBe(true);
  });

  it('adds a location from the modal, checking the hours before sending', async () => {
    const { calls } = locationsApi({
      'POST /api/locations': { status: 201, body: ANSWER },
    });
    const user = userEvent.setup();
    const section = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Adaugă sediu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sediu nou' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Denumire' }), 'Sediul Sud');
    await user.type(within(dialog).getByRole('textbox', { name: 'Se deschide la' }), '18:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Se închide la' }), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect((await within(dialog).findAllByText(LOCATION_MESSAGES.hoursOrder)).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Se închide la' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Se închide la' }), '20:00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sediu nou' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sediul Sud',
      address: '',
      phone: '',
      opensAt: '18:00',
      closesAt: '20:00',
    });
  });

  it('asks before closing a location and shows why the last open one stays open', async () => {
    const { calls } = locationsApi({
      'POST /api/locations/l2/archive': apiError(409, 'conflict', LOCATION_MESSAGES.lastOpen),
    });
    const user = userEvent.setup();
    const section = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Închide sediul Sediul Nord' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmare' });
    await user.click(within(confirm).getByRole('button', { name: 'DA' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(LOCATION_MESSAGES.lastOpen);
    expect(calls.some((call) => call.url === '/api/locations/l2/archive')).toBe(true);
  });

  it('moves a chair down', async () => {
    const { calls } = locationsApi({ 'POST /api/chairs/c1/move': { body: ANSWER } });
    const user = userEvent.setup();
    const section = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Mută cabinetul Cabinet 1 mai jos' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/chairs/c1/move')?.body).toEqual({ direction: 'down' }),
    );
  });
});
