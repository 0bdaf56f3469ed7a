import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarAppointment } from '@odonto/domain/contracts/appointments';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { listPage, makeListItem, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { APPOINTMENT_MESSAGES } from '@odonto/domain/contracts/appointments';
import { clinicToday } from './calendar-days';
import { KEEP_MOVED_QUESTION } from './calendar-page';
import { REMINDER_SETTINGS_TITLE } from './reminder-settings';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const today = clinicToday(new Date());

// Named by what it shows (name, time, note), then the doctor, read out but not shown.
const BLOCK_NAME = 'Popescu Ana, 10:00–10:30 · control, Dr. Ioana Stănescu';

const ITEM: CalendarAppointment = {
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
  locationId: 'l1',
  locationName: 'Sediul principal',
  chairId: null,
  chairName: null,
  patient: { _id: 'p7', id: 12, nume: 'Popescu', prenume: 'Ana' },
};

function calendarApi(roles: string[] = ['medic'], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/calendar': { body: { programari: [ITEM] } },
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

describe('the clinic calendar', () => {
  it('shows a column per doctor for the week with today highlighted, and filters by doctor', async () => {
    const user = userEvent.setup();
    const { calls } = calendarApi();
    renderRoutes(routes, '/calendar');
    const block = await screen.findByRole('button', { name: BLOCK_NAME });
    expect(block).toBeTruthy();
    const todayColumns = document.querySelectorAll(`[data-calendar-column][data-day="${today}"]`);
    expect(todayColumns).toHaveLength(2);
    expect(todayColumns[0]?.hasAttribute('data-today')).toBe(true);
    expect(document.querySelectorAll('[data-calendar-column]')).toHaveLength(14);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Medic' }), 'u3');
    await waitFor(() => expect(calls.some((call) => call.url.includes('medicId=u3'))).toBe(true));
    await user.click(screen.getByRole('radio', { name: 'Zi' }));
    await waitFor(() => expect(document.querySelectorAll('[data-calendar-column]')).toHaveLength(1));
  });

  it('books from an empty slot: pick the patient, then the form starts at that slot and doctor', async () => {
    const user = userEvent.setup();
    calendarApi();
    renderRoutes(routes, '/calendar');
    await screen.findByRole('button', { name: BLOCK_NAME });
    const column = document.querySelector<HTMLElement>(
      `[data-calendar-column][data-day="${today}"][data-doctor="u3"]`,
    );
    if (!column) throw new Error('no column');
    // happy-dom has no layout: the column's top is 0, so y = 13 slots × 16 px is 10:15 on a grid from 07:00.
    fireEvent.click(column, { clientY: 13 * 16 + 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Caută pacient' }), 'Ion');
    await user.click(await within(dialog).findByRole('listitem', { name: 'Ionescu Dan (fișa nr. 31)' }));
    expect(await within(dialog).findByText('Pacient: Ionescu Dan (fișa nr. 31)')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'De la (ora)' }).value).toBe('10');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'De la (minute)' }).value).toBe(
      '15',
    );
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Până la (minute)' }).value).toBe(
      '45',
    );
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Medic' }).value).toBe('u3');
  });

  it('is not in the menu of sterilizare and opens for every other role', async () => {
    calendarApi(['asistent']);
    renderRoutes(routes, '/calendar');
    expect(await screen.findByRole('link', { name: 'CALENDAR' })).toBeTruthy();
  });

  it('a move that clashes asks before keeping it; NU puts the block back, DA saves with keepOverlap', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    calendarApi(['medic'], {
      'PUT /api/update-programare/p7': ({ body }) => {
        moves.push(body);
        if ((body as { keepOverlap?: boolean }).keepOverlap) return { body: [ITEM] };
        return {
          status: 409,
          body: { error: { code: 'conflict', message: APPOINTMENT_MESSAGES.overlap, clash: ITEM } },
        };
      },
    });
    renderRoutes(routes, '/calendar');
    const block = await screen.findByRole('button', { name: BLOCK_NAME });
    block.focus();
    // Alt+↓ shows and announces the new place; nothing is saved before Enter.
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByTestId('calendar-announcement').textContent).toContain(
      'Mutare: Popescu Ana la 10:15–10:45',
    );
    expect(moves).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(KEEP_MOVED_QUESTION)).toBeTruthy();
    expect(moves).toEqual([expect.objectContaining({ _id: 'a1', deLa: { ora: 10, minute: 15 } })]);
    await user.click(screen.getByRole('button', { name: 'NU' }));
    expect(await screen.findByRole('button', { name: BLOCK_NAME })).toBeTruthy();
    expect(moves).toHaveLength(1);

    block.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}{Enter}');
    await screen.findByText(KEEP_MOVED_QUESTION);
    await user.click(screen.getByRole('button', { name: 'DA' }));
    await waitFor(() => expect(moves).toHaveLength(3));
    expect(moves[2]).toEqual(
      expect.objectContaining({
        deLa: { ora: 10, minute: 15 },
        panaLa: { ora: 10, minute: 45 },
        keepOverlap: true,
      }),
    );
  });

  it('by keyboard: Escape puts a move back; M and → move to the next column, Enter saves it', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    calendarApi(['medic'], {
      'PUT /api/update-programare/p7': ({ body }) => {
        moves.push(body);
        return { body: [ITEM] };
      },
    });
    renderRoutes(routes, '/calendar?vedere=zi');
    const block = await screen.findByRole('button', { name: BLOCK_NAME });
    block.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{ArrowUp}{Escape}');
    expect(screen.getByTestId('calendar-announcement').textContent).toContain('Mutarea a fost anulată');
    expect(moves).toEqual([]);
    // The day view's columns are the two doctors: → goes from u2's to u3's.
    await user.keyboard('m{ArrowRight}');
    expect(screen.getByTestId('calendar-announcement').textContent).toContain('la 10:00–10:30, Dr. Mihai');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(moves).toEqual([
        expect.objectContaining({ _id: 'a1', medicId: 'u3', createdAt: today, deLa: { ora: 10, minute: 0 } }),
      ]),
    );
  });

  it('by keyboard: the slots are one tab stop; the arrows move through them and Enter books there', async () => {
    const user = userEvent.setup();
    calendarApi();
    renderRoutes(routes, '/calendar?vedere=zi');
    await screen.findByRole('button', { name: BLOCK_NAME });
    const slots = screen.getAllByRole('button', { name: /^Programare nouă la / });
    expect(slots.filter((slot) => slot.tabIndex === 0)).toHaveLength(1);
    slots[0]?.focus();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Programare nouă la 07:00, /);
    await user.keyboard('{PageDown}{PageDown}{ArrowDown}{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(
      /^Programare nouă la 09:15, Dr\. Mihai/,
    );
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Caută pacient' }), 'Ion');
    await user.click(await within(dialog).findByRole('listitem', { name: 'Ionescu Dan (fișa nr. 31)' }));
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'De la (ora)' }).value).toBe('9');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'De la (minute)' }).value).toBe(
      '15',
    );
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Medic' }).value).toBe('u3');
  });

  it('keeps the view in the address: a link opens that day, view and doctor', async () => {
    const { calls } = calendarApi();
    renderRoutes(routes, `/calendar?vedere=zi&zi=2031-03-05&medic=u2`);
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('from=2031-03-05&to=2031-03-05&medicId=u2'))).toBe(true),
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Zi' }).checked).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Medic' }).value).toBe('u2'),
    );
  });

  it('lets an admin change the reminder text with a live example', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    calendarApi(['admin'], {
      'GET /api/setari/sms-reminder': {
        body: { template: 'Buna ziua, {pacient}! Programare la {clinica}, ora {ora}.', clinicName: 'Dent' },
      },
      'PUT /api/setari/sms-reminder': ({ body }) => {
        saved.push(body);
        return { body };
      },
    });
    renderRoutes(routes, '/calendar');
    await user.click(await screen.findByRole('button', { name: 'Text SMS' }));
    const dialog = await screen.findByRole('dialog', { name: REMINDER_SETTINGS_TITLE });
    expect(
      await within(dialog).findByText('Buna ziua, Ana Popescu! Programare la Dent, ora 10:00.'),
    ).toBeTruthy();
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.type(text, '{{clinica}: {{data} {{ora}, dr. {{medic}');
    expect(within(dialog).getByText('Dent: 05.03.2026 10:00, dr. Mihai Ionescu')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(saved).toEqual([{ template: '{clinica}: {data} {ora}, dr. {medic}', clinicName: 'Dent' }]),
    );
  });

  it('shows no reminder text button to a medic', async () => {
    calendarApi(['medic']);
    renderRoutes(routes, '/calendar');
    await screen.findByRole('button', { name: BLOCK_NAME });
    expect(screen.queryByRole('button', { name: 'Text SMS' })).toBeNull();
  });

  it('books for a new patient created from the slot: name and phone, then the form', async () => {
    const user = userEvent.setup();
    const { calls } = calendarApi(['medic'], {
      'POST /api/save-pacient': {
        status: 201,
        body: makePatient({ _id: 'p20', id: 40, nume: 'Radu', prenume: 'Ion' }),
      },
    });
    renderRoutes(routes, '/calendar');
    await screen.findByRole('button', { name: BLOCK_NAME });
    const column = document.querySelector<HTMLElement>(
      `[data-calendar-column][data-day="${today}"][data-doctor="u3"]`,
    );
    if (!column) throw new Error('no column');
    fireEvent.click(column, { clientY: 8 * 16 + 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    await user.click(within(dialog).getByRole('button', { name: 'Pacient nou' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nume' }), 'Radu');
    await user.type(within(dialog).getByRole('textbox', { name: 'Prenume' }), 'Ion');
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefon' }), '0722 111 222');
    await user.click(within(dialog).getByRole('button', { name: 'Creează pacientul' }));
    expect(await within(dialog).findByText('Pacient: Radu Ion (fișa nr. 40)')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/api/save-pacient'))?.body).toEqual({
      nume: 'Radu',
      prenume: 'Ion',
      telefon: '0722111222',
    });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'De la (ora)' }).value).toBe('9');
  });
});
