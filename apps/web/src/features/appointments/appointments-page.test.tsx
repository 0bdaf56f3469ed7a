import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPOINTMENT_MESSAGES, type Appointment } from '@odonto/domain/contracts/appointments';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { KEEP_ANYWAY } from './appointment-modal';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    _id: 'a1',
    patientId: 'p7',
    createdAt: '2099-03-05',
    deLa: { ora: 10, minute: 0 },
    panaLa: { ora: 10, minute: 30 },
    start: '2099-03-05T08:00:00.000Z',
    end: '2099-03-05T08:30:00.000Z',
    medicId: 'u2',
    medic: 'Dr. Ioana Stănescu',
    nota: 'control',
    trimite_sms: true,
    reminder: { status: 'queued', sendAfter: '2099-03-04T08:00:00.000Z', sentAt: null, error: null },
    version: 1,
    locationId: 'l1',
    locationName: 'Sediul principal',
    chairId: null,
    chairName: null,
    ...overrides,
  };
}

const PAST = makeAppointment({
  _id: 'a0',
  createdAt: '2020-01-10',
  start: '2020-01-10T08:00:00.000Z',
  end: '2020-01-10T08:30:00.000Z',
  nota: 'detartraj',
  reminder: {
    status: 'failed',
    sendAfter: '2020-01-09T08:00:00.000Z',
    sentAt: null,
    error: 'Numărul nu este valid.',
  },
});

function appointmentsApi(
  list: Appointment[],
  extra: Record<string, MockAnswer | ((r: { body: unknown }) => MockAnswer)> = {},
) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7' }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/get-programari/p7': { body: list },
    ...REFERENCE_DATA,
    ...extra,
  });
}

describe('the appointments screen', () => {
  it('in a clinic group names each appointment’s location and chair; a busy chair is kept on request', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const chaired = makeAppointment({
      locationId: 'l2',
      locationName: 'Sediul Nord',
      chairId: 'c1',
      chairName: 'Cabinet 1',
    });
    const place = (id: string, name: string, chairs: { id: string; name: string }[]) => ({
      id,
      name,
      address: '',
      phone: '',
      opensAt: null,
      closesAt: null,
      position: 1,
      archived: false,
      version: 1,
      chairs: chairs.map((chair) => ({ ...chair, position: 1, archived: false })),
    });
    appointmentsApi([chaired], {
      'GET /api/locations': {
        body: {
          locations: [
            place('l1', 'Sediul principal', []),
            place('l2', 'Sediul Nord', [{ id: 'c1', name: 'Cabinet 1' }]),
          ],
          mine: ['l2'],
        },
      },
      'POST /api/save-programare/p7': ({ body }) => {
        saved.push(body);
        if ((body as { keepOverlap?: boolean }).keepOverlap) return { status: 201, body: [chaired] };
        return {
          status: 409,
          body: { error: { code: 'conflict', message: APPOINTMENT_MESSAGES.chairOverlap, clash: chaired } },
        };
      },
    });
    renderRoutes(routes, '/pacienti/programari/p7');
    const upcoming = await screen.findByRole('region', { name: 'Programări viitoare' });
    expect(await within(upcoming).findByText('Dr. Ioana Stănescu · Sediul Nord · Cabinet 1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Adaugă programare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    // The user's own location by default; its chair is optional.
    const sediu = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Sediu' });
    expect(sediu.value).toBe('l2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Cabinet' }), 'c1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Medic' }), 'u2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText(APPOINTMENT_MESSAGES.chairOverlap)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: KEEP_ANYWAY }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual(expect.objectContaining({ cabinetId: 'c1', keepOverlap: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists upcoming then past appointments with doctor, note, SMS state', async () => {
    appointmentsApi([makeAppointment(), PAST]);
    renderRoutes(routes, '/pacienti/programari/p7');
    const upcoming = await screen.findByRole('region', { name: 'Programări viitoare' });
    expect(within(upcoming).getByText('Dr. Ioana Stănescu')).toBeTruthy();
    expect(within(upcoming).getByText('SMS programat')).toBeTruthy();
    expect(within(upcoming).getByText(/10:00–10:30/)).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Programări trecute' });
    expect(within(past).getByText('detartraj')).toBeTruthy();
    expect(within(past).getByText('SMS eșuat')).toBeTruthy();
    expect(within(past).getByText('Numărul nu este valid.')).toBeTruthy();
  });

  it('adds an appointment: SMS on by default, end before start refused, overlap kept on request', async () => {
    const user = userEvent.setup();
    let saves = 0;
    const { calls } = appointmentsApi([], {
      'POST /api/save-programare/p7': ({ body }) => {
        saves += 1;
        if ((body as { keepOverlap?: boolean }).keepOverlap)
          return { status: 201, body: [makeAppointment()] };
        return {
          status: 409,
          body: {
            error: { code: 'conflict', message: APPOINTMENT_MESSAGES.overlap, clash: makeAppointment() },
          },
        };
      },
    });
    renderRoutes(routes, '/pacienti/programari/p7');
    await user.click(await screen.findByRole('button', { name: 'Adaugă programare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaugă programare' });
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Trimite SMS de reamintire' }).checked,
    ).toBe(true);
    // The signed-in medic (u1) is not among the doctors the mock lists: choose one.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Medic' }), 'u2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'De la (ora)' }), '11');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Până la (ora)' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Câmpul ora trebuie să fie cel puțin 11.')).toBeTruthy();
    expect(saves).toBe(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Până la (ora)' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText(APPOINTMENT_MESSAGES.overlap)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: KEEP_ANYWAY }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adaugă programare' })).toBeNull());
    const sent = calls
      .filter((call) => call.url.startsWith('/api/save-programare/p7'))
      .map((call) => call.body);
    expect(sent[1]).toMatchObject({
      trimite_sms: true,
      deLa: { ora: 11, minute: 0 },
      panaLa: { ora: 12, minute: 30 },
      medicId: 'u2',
      keepOverlap: true,
    });
  });

  it('deletes after NU/DA with SPEC.md §8 text', async () => {
    const user = userEvent.setup();
    const { calls } = appointmentsApi([makeAppointment()], {
      'POST /api/sterge-programare/p7': { body: [] },
    });
    renderRoutes(routes, '/pacienti/programari/p7');
    await user.click(await screen.findByRole('button', { name: 'Modifică' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifică programarea' });
    await user.click(within(dialog).getByRole('button', { name: 'Șterge' }));
    expect(await screen.findByText(APPOINTMENT_MESSAGES.deleteConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'DA' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/sterge-programare/p7')).toBe(true));
    expect(calls.find((call) => call.url === '/api/sterge-programare/p7')?.body).toEqual({
      _id: 'a1',
      version: 1,
    });
  });

  it('shows a stale-version answer in the modal', async () => {
    const user = userEvent.setup();
    appointmentsApi([makeAppointment()], {
      'PUT /api/update-programare/p7': apiError(409, 'conflict', APPOINTMENT_MESSAGES.stale),
    });
    renderRoutes(routes, '/pacienti/programari/p7');
    await user.click(await screen.findByRole('button', { name: 'Modifică' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifică programarea' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText(APPOINTMENT_MESSAGES.stale)).toBeTruthy();
  });
});
