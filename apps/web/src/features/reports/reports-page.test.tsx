import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerSettings } from '@odonto/domain/contracts/ledger';
import type { CashReport, CommissionsReport, ReceivablesReport } from '@odonto/domain/contracts/reports';
import { toIsoDay } from '@odonto/domain/dates';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: 2 * SLOW_SCREEN.testTimeout });

const TODAY = toIsoDay(new Date());

const CASH: CashReport = {
  day: TODAY,
  scope: 'all',
  userId: null,
  openingBani: 50_000,
  cashInBani: 30_000,
  cashOutBani: 10_000,
  closingBani: 70_000,
  methods: [
    { method: 'numerar', count: 2, receiptsBani: 30_000, refundsBani: 10_000, netBani: 20_000 },
    { method: 'card', count: 1, receiptsBani: 10_000, refundsBani: 0, netBani: 10_000 },
    { method: 'transfer', count: 0, receiptsBani: 0, refundsBani: 0, netBani: 0 },
  ],
  users: [
    {
      userId: 'u1',
      userName: 'Ioana Recepție',
      count: 3,
      receiptsBani: 40_000,
      refundsBani: 10_000,
      netBani: 30_000,
      cashNetBani: 20_000,
    },
  ],
  payments: [
    {
      id: 'p1',
      createdAt: `${TODAY}T09:31:00.000Z`,
      patientId: 'pa1',
      patientName: 'Popescu Ana',
      fileNumber: 12,
      method: 'numerar',
      kind: 'încasare',
      amountBani: 30_000,
      receipt: 'CH 2',
      userId: 'u1',
      userName: 'Ioana Recepție',
    },
    {
      id: 'p2',
      createdAt: `${TODAY}T10:31:00.000Z`,
      patientId: 'pa2',
      patientName: 'Ionescu Dan',
      fileNumber: 13,
      method: 'numerar',
      kind: 'rambursare',
      amountBani: -10_000,
      receipt: null,
      userId: 'u1',
      userName: 'Ioana Recepție',
    },
  ],
};

const RECEIVABLES: ReceivablesReport = {
  day: TODAY,
  scope: 'all',
  page: 1,
  pageSize: 25,
  total: 1,
  totalDueBani: 80_000,
  location: null,
  lines: [
    {
      patientId: 'pa1',
      fileNumber: 12,
      patientName: 'Popescu Ana',
      telefon: '0722 111 222',
      dueBani: 80_000,
      oldestOpenDay: '2026-02-20',
      daysOverdue: 10,
    },
  ],
};

const COMMISSIONS: CommissionsReport = {
  month: TODAY.slice(0, 7),
  scope: 'all',
  location: null,
  doctors: [
    { doctorId: 'd1', doctorName: 'Dr. Ana Pop', count: 2, allocatedBani: 40_000, commissionBani: 12_000 },
  ],
  lines: [],
  totals: { allocatedBani: 40_000, commissionBani: 12_000 },
};

const SETTINGS: LedgerSettings = { receiptSeries: 'CH', commissionRates: [], version: 0 };

function reportsApi(roles: string[], extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/rapoarte/casa': { body: CASH },
    'GET /api/rapoarte/creante': { body: RECEIVABLES },
    'GET /api/rapoarte/comisioane': { body: COMMISSIONS },
    'GET /api/clinic': { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    'GET /api/cont-setari': { body: SETTINGS },
    'GET /api/get-medici': { body: [{ _id: 'd1', nume: 'Dr. Ana Pop', email: 'ana@clinica.ro' }] },
    'GET /api/price-list': { body: { day: TODAY, items: [], groups: [] } },
    ...extra,
  });
}

describe('Rapoarte', () => {
  // The page and its chart library load lazily; the first load alone can outlast a screen's timeout.
  beforeAll(async () => {
    await import('./reports-page');
  }, 60_000);

  it('shows reception only the daily cash report: balances, methods, users, payments, exports', async () => {
    reportsApi(['asistent']);
    renderRoutes(routes, '/rapoarte');
    expect(await screen.findByRole('tab', { name: 'Registru de casă' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Venituri' })).toBeNull();

    const opening = await screen.findByRole('group', { name: 'Sold inițial numerar' });
    expect(opening.textContent).toContain('500,00 lei');
    expect(screen.getByRole('group', { name: 'Sold final numerar' }).textContent).toContain('700,00 lei');
    const methods = screen.getByRole('table', { name: 'Pe moduri de plată' });
    expect(within(methods).getByText('Numerar').closest('tr')?.textContent).toContain('200,00 lei');
    const payments = screen.getByRole('table', { name: 'Plățile zilei' });
    expect(within(payments).getByText('CH 2')).toBeTruthy();
    expect(within(payments).getByText('Numerar — rambursare')).toBeTruthy();
    expect(within(payments).getByText('-100,00 lei')).toBeTruthy();

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe(`/api/rapoarte/casa?zi=${TODAY}&format=csv`);
    expect(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')).toContain('format=xlsx');
  });

  it('gives an admin every tab; receivables link to the patient account', async () => {
    reportsApi(['admin']);
    const user = userEvent.setup();
    renderRoutes(routes, '/rapoarte');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Registru de casă',
      'Venituri',
      'Creanțe',
      'Planuri de tratament',
      'Comisioane',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Creanțe' }));
    const table = await screen.findByRole('table', { name: 'Creanțe' });
    const row = within(table).getByText('Popescu Ana').closest('tr');
    expect(row?.textContent).toContain('800,00 lei');
    expect(row?.textContent).toContain('20.02.2026');
    expect(within(table).getByRole('link', { name: 'Popescu Ana' }).getAttribute('href')).toBe(
      '/pacienti/cont/pa1',
    );
  });

  it('lets an admin add a doctor’s general commission percent', async () => {
    const { calls } = reportsApi(['admin'], {
      'POST /api/cont-setari/comisioane': {
        status: 201,
        body: {
          ...SETTINGS,
          commissionRates: [
            {
              id: 'r1',
              doctorId: 'd1',
              doctorName: 'Dr. Ana Pop',
              priceItemId: null,
              priceItemName: null,
              rateBp: 3000,
              validFrom: TODAY,
              createdAt: `${TODAY}T10:00:00.000Z`,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/rapoarte?tab=comisioane');
    const doctors = await screen.findByRole('table', { name: 'Comisioane pe medici' });
    expect(within(doctors).getByText('Dr. Ana Pop').closest('tr')?.textContent).toContain('120,00 lei');

    const section = screen.getByRole('region', { name: 'Procente de comision' });
    await user.click(within(section).getByRole('combobox', { name: 'Medic' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Ana Pop' }));
    await user.type(within(section).getByRole('textbox', { name: 'Procent' }), '30');
    await user.click(within(section).getByRole('button', { name: 'Adaugă comisionul' }));
    const rates = await within(section).findByRole('table', { name: 'Procente de comision' });
    expect(within(rates).getByText('30%')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ doctorId: 'd1', priceItemId: null, rateBp: 3000, validFrom: TODAY });
  });

  it('keeps a doctor’s tabs to their own figures and hides the commission rates', async () => {
    reportsApi(['medic'], { 'GET /api/rapoarte/comisioane': { body: { ...COMMISSIONS, scope: 'own' } } });
    renderRoutes(routes, '/rapoarte?tab=comisioane');
    expect(await screen.findByRole('table', { name: 'Comisioane pe medici' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Procente de comision' })).toBeNull();
  });

  it('shows a sterilisation user the no-access page at /rapoarte', async () => {
    reportsApi(['sterilizare']);
    renderRoutes(routes, '/rapoarte');
    expect(await screen.findByRole('link', { name: 'Înapoi la pagina principală' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Rapoarte' })).toBeNull();
  });
});
