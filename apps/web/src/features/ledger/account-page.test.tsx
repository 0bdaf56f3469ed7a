import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountResponse, Charge, Payment } from '@odonto/domain/contracts/ledger';
import type { Location, LocationsAnswer } from '@odonto/domain/contracts/locations';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: 2 * SLOW_SCREEN.testTimeout });

const CHARGE: Charge = {
  id: 'c1',
  patientId: 'p7',
  locationId: null,
  historyEntryId: null,
  planId: null,
  planItemId: null,
  priceItemId: 'i1',
  doctorId: null,
  doctorName: null,
  description: 'Coroană',
  teeth: ['1.6'],
  quantity: 1,
  amountBani: 125_000,
  vatRateBp: null,
  day: '2026-03-02',
  reversesId: null,
  reason: null,
  reversedById: null,
  openBani: 25_000,
  createdBy: 'u1',
  createdByName: 'Ioana',
  createdAt: '2026-03-02T09:00:00.000Z',
  runningBalanceBani: 125_000,
};

const CASH: Payment = {
  id: 'pay1',
  patientId: 'p7',
  locationId: null,
  method: 'numerar',
  isAdvance: false,
  amountBani: 100_000,
  reversesId: null,
  reason: null,
  note: '',
  receiptSeries: 'CH',
  receiptNumber: 7,
  reversedById: null,
  day: '2026-03-02',
  createdBy: 'u1',
  createdByName: 'Ioana',
  createdAt: '2026-03-02T09:05:00.000Z',
  runningBalanceBani: 25_000,
};

const ACCOUNT: AccountResponse = {
  patientId: 'p7',
  charges: [CHARGE],
  payments: [CASH],
  allocations: [
    {
      id: 'a1',
      paymentId: 'pay1',
      chargeId: 'c1',
      amountBani: 100_000,
      doctorId: null,
      commissionBani: 0,
      createdAt: CASH.createdAt,
    },
  ],
  advanceBani: 0,
  balance: { kind: 'de plată', amountBani: 25_000 },
};

function accountApi(
  roles: string[],
  extra: Record<string, MockAnswer | ((r: { body: unknown }) => MockAnswer)> = {},
) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': {
      body: { ...makePatient({ _id: 'p7' }), sold: { kind: 'de plată', amountBani: 25_000 } },
    },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/cont/p7': { body: ACCOUNT },
    ...REFERENCE_DATA,
    ...extra,
  });
}

async function openAccount() {
  renderRoutes(routes, '/pacienti/cont/p7');
  // The first visit loads the lazy screen on a busy machine.
  return screen.findByRole('table', { name: 'Contul pacientului' }, { timeout: 20_000 });
}

describe('account screen', () => {
  it('lists charges and payments with the running balance, and shows Sold in the header', async () => {
    accountApi(['asistent']);
    const table = await openAccount();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DataDescriereTaxăPlatăSold',
      expect.stringContaining('Coroană (dinți 1.6)') as string,
      expect.stringContaining('Plată Numerar · chitanța CH 7') as string,
    ]);
    expect(rows[1]?.textContent).toContain('1.250,00 lei');
    expect(rows[2]?.textContent).toContain('250,00 lei');
    expect(screen.getByTestId('account-balance').textContent).toBe('Sold: 250,00 lei de plată');
    expect(screen.getByTestId('patient-sold').textContent).toBe('Sold: 250,00 lei de plată');
    expect(screen.getByRole('button', { name: 'Încasare' })).toBeTruthy();
  });

  it('shows a doctor the account without any button', async () => {
    accountApi(['medic']);
    await openAccount();
    expect(screen.queryByRole('button', { name: 'Încasare' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Stornează/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Chitanță/ })).toBeNull();
  });

  it('takes a partial card payment typed as 1.250,00 for the picked charge', async () => {
    const api = accountApi(['asistent'], {
      'POST /api/cont/p7/plati': { status: 201, body: { paymentId: 'pay2', account: ACCOUNT } },
    });
    await openAccount();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Încasare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Încasare' });
    await user.click(within(dialog).getByText('Card'));
    const amount = within(dialog).getByLabelText(/Suma/);
    expect((amount as HTMLInputElement).value).toBe('250,00');
    await user.clear(amount);
    await user.type(amount, '100,5');
    await user.click(within(dialog).getByLabelText(/Coroană/));
    await user.click(within(dialog).getByRole('button', { name: 'Încasează' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      method: 'card',
      amountBani: 10_050,
      isAdvance: false,
      chargeIds: ['c1'],
      note: '',
    });
  });

  it('refuses an amount that is not one', async () => {
    const api = accountApi(['asistent']);
    await openAccount();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Încasare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Încasare' });
    const amount = within(dialog).getByLabelText(/Suma/);
    await user.clear(amount);
    await user.type(amount, '12,345');
    await user.click(within(dialog).getByRole('button', { name: 'Încasează' }));
    expect(await within(dialog).findByText('Suma nu este validă (ex.: 1.250,00).')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reverses a payment only with a reason and after DA', async () => {
    const api = accountApi(['admin'], {
      'POST /api/cont/p7/plati/pay1/storno': { status: 201, body: { paymentId: 'pay3', account: ACCOUNT } },
    });
    const table = await openAccount();
    const user = userEvent.setup();
    const paymentRow = within(table).getAllByRole('row')[2];
    if (!paymentRow) throw new Error('no payment row');
    await user.click(within(paymentRow).getByRole('button', { name: /Stornează/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Stornare plată' });
    await user.click(within(dialog).getByRole('button', { name: 'Stornează' }));
    expect(await within(dialog).findByText('Motivul este obligatoriu.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Motiv/), 'Sumă greșită');
    await user.click(within(dialog).getByRole('button', { name: 'Stornează' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Sumă greșită' });
  });

  describe('where the money is taken (a clinic group)', () => {
    const place = (id: string, name: string, archived = false): Location => ({
      id,
      name,
      address: '',
      phone: '',
      opensAt: null,
      closesAt: null,
      position: 1,
      archived,
      version: 1,
      chairs: [],
    });
    const ONE: LocationsAnswer = { locations: [place('l1', 'Sediul principal')], mine: [] };
    const GROUP: LocationsAnswer = {
      locations: [place('l1', 'Sediul principal'), place('l2', 'Sediul Nord'), place('l3', 'Vechi', true)],
      mine: [],
    };

    async function payWith(locations: LocationsAnswer, choose?: string) {
      const api = accountApi(['asistent'], {
        'GET /api/locations': { body: locations },
        'POST /api/cont/p7/plati': { status: 201, body: { paymentId: 'pay2', account: ACCOUNT } },
      });
      await openAccount();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Încasare' }));
      const dialog = await screen.findByRole('dialog', { name: 'Încasare' });
      let desk: HTMLElement | null = null;
      if (choose) {
        desk = await within(dialog).findByRole('combobox', { name: 'Sediu' });
        expect((desk as HTMLInputElement).value).toBe('Sediul principal');
        await user.click(desk);
        await user.click(await screen.findByRole('option', { name: choose }));
      } else {
        // The locations have come (the form is mounted with the page) and had time to show.
        await waitFor(() => expect(api.calls.some((call) => call.url.endsWith('/api/locations'))).toBe(true));
        await new Promise((resolve) => setTimeout(resolve, 200));
        desk = within(dialog).queryByRole('combobox', { name: 'Sediu' });
      }
      await user.click(within(dialog).getByRole('button', { name: 'Încasează' }));
      await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
      return {
        desk,
        body: api.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>,
      };
    }

    it('shows a single-location clinic no "Sediu" and sends none', async () => {
      const { desk, body } = await payWith(ONE);
      expect(desk).toBeNull();
      expect(body).not.toHaveProperty('sediuId');
    });

    it('shows a user of one location of the group no "Sediu"', async () => {
      const { desk, body } = await payWith({ ...GROUP, mine: ['l2'] });
      expect(desk).toBeNull();
      expect(body).not.toHaveProperty('sediuId');
    });

    it('lets a user of every location choose where, their first location by default', async () => {
      const { desk, body } = await payWith(GROUP, 'Sediul Nord');
      expect(desk).not.toBeNull();
      expect(body).toMatchObject({ sediuId: 'l2' });
    });
  });
});
