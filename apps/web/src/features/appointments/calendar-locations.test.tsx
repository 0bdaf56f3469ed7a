import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPOINTMENT_MESSAGES, type CalendarAppointment } from '@odonto/domain/contracts/appointments';
import type { Location, LocationsAnswer } from '@odonto/domain/contracts/locations';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { listPage, makeListItem, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { clinicToday } from './calendar-days';
import { KEEP_MOVED_CHAIR_QUESTION } from './calendar-page';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const today = clinicToday(new Date());

function place(id: string, name: string, chairs: [string, string][] = []): Location {
  return {
    id,
    name,
    address: '',
    phone: '',
    opensAt: null,
    closesAt: null,
    position: 1,
    archived: false,
    version: 1,
    chairs: chairs.map(([chairId, chairName], index) => ({
      id: chairId,
      name: chairName,
      position: index + 1,
      archived: false,
    })),
  };
}

const ONE: LocationsAnswer = { locations: [place('l1', 'Sediul principal')], mine: [] };
const GROUP: LocationsAnswer = {
  locations: [
    place('l1', 'Sediul principal'),
    place('l2', 'Sediul Nord', [
      ['c1', 'Cabinet 1'],
      ['c2', 'Cabinet 2'],
    ]),
  ],
  mine: [],
};

function item(overrides: Partial<CalendarAppointment>): CalendarAppointment {
  return {
    _id: 'a1',
    patientId: 'p7',
    createdAt: today,
    deLa: { ora: 10, minute: 0 },
    panaLa: { ora: 10, minute: 30 },
    start: `${today}T08:00:00.000Z`,
    end: `${today}T08:30:00.000Z`,
    medicId: 'u2',
    medic: 'Dr. Ioana Stănescu',
    nota: 'control',
    trimite_sms: true,
    reminder: null,
    version: 1,
    locationId: 'l2',
    locationName: 'Sediul Nord',
    chairId: 'c1',
    chairName: 'Cabinet 1',
    patient: { _id: 'p7', id: 12, nume: 'Popescu', prenume: 'Ana' },
    ...overrides,
  };
}

function api(
  locations: LocationsAnswer,
  items: CalendarAppointment[],
  extra: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/locations': { body: locations },
    'GET /api/calendar': { body: { programari: items } },
    'GET /api/pacienti': {
      body: {
        ...listPage(1, 1),
        pacienti: [makeListItem({ _id: 'p9', id: 31, nume: 'Ionescu', prenume: 'Dan' })],
      },
    },
    ...REFERENCE_DATA,
    ...extra,
  });
}

const calendarCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.includes('/api/calendar'));

describe('the calendar of a clinic group', () => {
  it('shows a single-location clinic without chairs no location controls and filters nothing', async () => {
    const { calls } = api(ONE, [item({ locationId: 'l1', chairId: null, chairName: null })]);
    renderRoutes(routes, '/calendar');
    await screen.findByRole('button', { name: /^Popescu Ana/ });
    expect(screen.queryByRole('combobox', { name: 'Sediu' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Coloane' })).toBeNull();
    expect(calendarCalls(calls).every((call) => !call.url.includes('sediu='))).toBe(true);
  });

  it('shows one location at a time, and every location with a doctor chosen', async () => {
    const user = userEvent.setup();
    const { calls } = api(GROUP, [item({})]);
    const { router } = renderRoutes(routes, '/calendar');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Sediu' });
    await waitFor(() =>
      expect(calendarCalls(calls).some((call) => call.url.includes('sediu=l1'))).toBe(true),
    );
    const all = within(select).getByRole<HTMLOptionElement>('option', { name: /^Toate sediile/ });
    expect(all.disabled).toBe(true);

    await user.selectOptions(select, 'l2');
    await waitFor(() =>
      expect(calendarCalls(calls).some((call) => call.url.includes('sediu=l2'))).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medic' }), 'u2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sediu' }), 'toate');
    await waitFor(() => expect(calendarCalls(calls).at(-1)?.url).not.toContain('sediu='));
    expect(calendarCalls(calls).at(-1)?.url).toContain('medicId=u2');
    // Across locations each appointment names its location.
    expect(
      await screen.findByRole('button', { name: /· Sediul Nord · control, Dr\. Ioana Stănescu$/ }),
    ).toBeTruthy();

    // Every doctor again: back at the user's location, and `sediu=toate` leaves the address.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medic' }), '');
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sediu' }).value).toBe('l1'),
    );
    expect(router.state.location.search).not.toContain('sediu=toate');
  });

  it('shows a column per chair and moves an appointment to another chair by keyboard', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    api(GROUP, [item({})], {
      'PUT /api/update-programare/p7': ({ body }) => {
        moves.push(body);
        return { body: [] };
      },
    });
    renderRoutes(routes, '/calendar?vedere=zi&sediu=l2');
    await user.click(await screen.findByRole('radio', { name: 'Pe cabinete' }));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLElement>('[data-calendar-column]')].map(
          (column) => column.dataset.doctor,
        ),
      ).toEqual(['c1', 'c2']),
    );
    const block = screen.getByRole('button', { name: /^Popescu Ana/ });
    block.focus();
    await user.keyboard('m{ArrowRight}');
    expect(screen.getByTestId('calendar-announcement').textContent).toContain('Cabinet 2');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(moves).toEqual([expect.objectContaining({ _id: 'a1', medicId: 'u2', cabinetId: 'c2' })]),
    );
  });

  it('asks before keeping a move into a busy chair', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    api(GROUP, [item({})], {
      'PUT /api/update-programare/p7': ({ body }) => {
        moves.push(body);
        if ((body as { keepOverlap?: boolean }).keepOverlap) return { body: [] };
        return {
          status: 409,
          body: { error: { code: 'conflict', message: APPOINTMENT_MESSAGES.chairOverlap, clash: item({}) } },
        };
      },
    });
    renderRoutes(routes, '/calendar?vedere=zi&sediu=l2&coloane=cabinete');
    const block = await screen.findByRole('button', { name: /^Popescu Ana/ });
    block.focus();
    await user.keyboard('m{ArrowRight}{Enter}');
    expect(await screen.findByText(KEEP_MOVED_CHAIR_QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'DA' }));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[1]).toEqual(expect.objectContaining({ cabinetId: 'c2', keepOverlap: true }));
  });

  it('adds a "Fără cabinet" column only when an appointment has no chair; books a chair slot there', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    api(
      GROUP,
      [
        item({}),
        item({
          _id: 'a2',
          deLa: { ora: 12, minute: 0 },
          panaLa: { ora: 12, minute: 30 },
          chairId: null,
          chairName: null,
        }),
      ],
      {
        'POST /api/save-programare/p9': ({ body }) => {
          saved.push(body);
          return { status: 201, body: [] };
        },
      },
    );
    renderRoutes(routes, '/calendar?vedere=zi&sediu=l2&coloane=cabinete');
    await waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLElement>('[data-calendar-column]')].map(
          (column) => column.dataset.doctor,
        ),
      ).toEqual(['c1', 'c2', '']),
    );
    expect(screen.getByText('Fără cabinet', { selector: 'div' })).toBeTruthy();
    const column = document.querySelector<HTMLElement>('[data-calendar-column][data-doctor="c2"]');
    if (!column) throw new Error('no column');
    fireEvent.click(column, { clientY: 13 * 16 + 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Caută pacient' }), 'Ion');
    await user.click(await within(dialog).findByRole('listitem', { name: 'Ionescu Dan (fișa nr. 31)' }));
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Sediu' }).value).toBe('l2');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Cabinet' }).value).toBe('c2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Medic' }), 'u2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(saved).toEqual([expect.objectContaining({ sediuId: 'l2', cabinetId: 'c2', medicId: 'u2' })]),
    );
  });
});
