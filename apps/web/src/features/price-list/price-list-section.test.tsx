import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_VAT_SETTINGS,
  type PriceHistoryAnswer,
  type PriceItem,
  type PriceListAnswer,
} from '@odonto/domain/contracts/price-list';
import { toIsoDay } from '@odonto/domain/dates';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const TODAY = toIsoDay(new Date());

function item(overrides: Partial<PriceItem>): PriceItem {
  return {
    id: 'i1',
    code: 'T-101',
    catalogueId: 101,
    name: 'consultație',
    group: 'Consultații',
    unit: 'vizita',
    vatRateBp: null,
    active: true,
    price: null,
    nextPrice: null,
    version: 1,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const CROWN = item({
  id: 'i2',
  code: 'T-1',
  catalogueId: 1,
  name: 'coroană metalo-ceramică',
  group: 'Coroane',
  unit: 'dinte',
  price: { amountBani: 125_000, validFrom: '2026-01-01' },
  nextPrice: { amountBani: 130_000, validFrom: '2099-01-01' },
});
const WHITENING = item({
  id: 'i3',
  code: 'T-1401',
  catalogueId: 1401,
  name: 'albire dentară în cabinet',
  group: 'Estetică dentară',
  vatRateBp: 2100,
  price: { amountBani: 150_000, validFrom: '2026-01-01' },
});
const OLD_ITEM = item({
  id: 'i4',
  code: 'P-0001',
  catalogueId: null,
  name: 'Kit vechi',
  group: 'Produse',
  active: false,
});

const LIST: PriceListAnswer = {
  day: TODAY,
  items: [item({}), CROWN, WHITENING, OLD_ITEM],
  groups: ['Consultații', 'Coroane', 'Estetică dentară', 'Produse'],
};

const HISTORY: PriceHistoryAnswer = {
  item: CROWN,
  prices: [
    {
      id: 'p3',
      amountBani: 130_000,
      validFrom: '2099-01-01',
      createdAt: '2026-03-01T10:00:00.000Z',
      createdByName: 'Admin Clinică',
    },
    {
      id: 'p2',
      amountBani: 125_000,
      validFrom: '2026-01-01',
      createdAt: '2025-12-20T10:00:00.000Z',
      createdByName: 'Admin Clinică',
    },
  ],
};

function priceListApi(roles: string[], extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/price-list': { body: LIST },
    'GET /api/price-list/vat-settings': { body: DEFAULT_VAT_SETTINGS },
    'GET /api/price-list/i2/prices': { body: HISTORY },
    ...extra,
  });
}

async function openTable(path: string) {
  renderRoutes(routes, path);
  const section = await screen.findByRole('region', { name: 'Listă de prețuri' });
  const table = await within(section).findByRole('table', { name: 'Prețuri' });
  return { section, table };
}

describe('Listă de prețuri', () => {
  it('shows prices as ro-RO lei with the next change, and filters by search and group', async () => {
    priceListApi(['admin']);
    const user = userEvent.setup();
    renderRoutes(routes, '/setari');
    // The first test also loads the lazy settings page's modules.
    await user.click(await screen.findByRole('tab', { name: 'Listă de prețuri' }, { timeout: 15_000 }));
    const section = await screen.findByRole('region', { name: 'Listă de prețuri' });
    const table = await within(section).findByRole('table', { name: 'Prețuri' });

    const crown = within(table).getByRole('row', { name: 'coroană metalo-ceramică' });
    expect(within(crown).getByText('1.250,00 lei')).toBeTruthy();
    expect(within(crown).getByText('de la 01.01.2099: 1.300,00 lei')).toBeTruthy();
    expect(within(crown).getByText('per dinte')).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'albire dentară în cabinet' }).textContent).toContain(
      '21%',
    );
    expect(within(table).getByRole('row', { name: 'consultație' }).textContent).toContain('—');
    // Inactive items only when asked for.
    expect(within(table).queryByRole('row', { name: 'Kit vechi' })).toBeNull();
    await user.click(within(section).getByRole('checkbox', { name: 'Arată și articolele inactive' }));
    expect(within(table).getByRole('row', { name: 'Kit vechi' })).toBeTruthy();

    await user.type(within(section).getByRole('textbox', { name: 'Caută' }), 'COROANA');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: 'coroană metalo-ceramică' })).toBeTruthy();
  });

  it('lets an admin set a new price from a day and shows the history', async () => {
    const { calls } = priceListApi(['admin'], {
      'POST /api/price-list/i2/prices': { status: 201, body: CROWN },
    });
    const user = userEvent.setup();
    const { table } = await openTable('/setari?tab=preturi');
    await user.click(
      within(table).getByRole('button', { name: 'Preț nou / istoric: coroană metalo-ceramică' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Prețuri: coroană metalo-ceramică' });
    const history = await within(dialog).findByRole('table', { name: 'Istoricul prețurilor' });
    expect(within(history).getByText('01.01.2099')).toBeTruthy();
    expect(within(history).getByText('programat')).toBeTruthy();
    expect(within(history).getByText('în vigoare')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Preț nou (lei)' }), '1.350,50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează prețul' }));
    expect(await screen.findByText(/Prețul de 1\.350,50 lei se aplică de la/)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amountBani: 135_050, validFrom: TODAY });
  });

  it('adds an own item with its first price and edits a catalogue item without its name', async () => {
    const { calls } = priceListApi(['admin'], {
      'POST /api/price-list': { status: 201, body: OLD_ITEM },
      'PUT /api/price-list/i3': { body: { ...WHITENING, version: 2 } },
    });
    const user = userEvent.setup();
    const { section, table } = await openTable('/setari?tab=preturi');
    await user.click(within(section).getByRole('button', { name: 'Articol nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Articol nou în lista de prețuri' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Denumire' }), 'Kit igienă');
    await user.type(within(dialog).getByRole('combobox', { name: 'Grupa' }), 'Produse');
    await user.type(within(dialog).getByRole('textbox', { name: 'Preț (lei)' }), '45,50');
    await user.click(within(dialog).getByRole('button', { name: 'Adaugă articolul' }));
    expect(await screen.findByText('Articolul a fost adăugat.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: '',
      name: 'Kit igienă',
      group: 'Produse',
      unit: 'vizita',
      vatRateBp: null,
      active: true,
      amountBani: 4_550,
      validFrom: TODAY,
    });

    await user.click(within(table).getByRole('button', { name: 'Editează: albire dentară în cabinet' }));
    const edit = await screen.findByRole('dialog', { name: 'Editează: albire dentară în cabinet' });
    expect(within(edit).getByRole<HTMLInputElement>('textbox', { name: 'Denumire' }).disabled).toBe(true);
    await user.click(within(edit).getByRole('checkbox', { name: 'Activ (apare în planuri)' }));
    await user.click(within(edit).getByRole('button', { name: 'Salvează articolul' }));
    expect(await screen.findByText('Articolul a fost salvat.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      group: 'Estetică dentară',
      unit: 'vizita',
      vatRateBp: 2100,
      active: false,
      version: 1,
    });
  });

  it('shows the import file’s errors line by line', async () => {
    priceListApi(['admin'], {
      'POST /api/price-list/import': {
        status: 400,
        body: {
          error: {
            code: 'invalid_file',
            message: 'Fișierul are erori; nu s-a salvat nimic.',
            lines: [{ line: 3, message: 'Prețul nu este valid (ex.: 1250,00).' }],
          },
        },
      },
    });
    const user = userEvent.setup();
    const { section } = await openTable('/setari?tab=preturi');
    await user.click(within(section).getByRole('button', { name: 'Importă' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importă lista de prețuri' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['cod;denumire'], 'preturi.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Importă' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Fișierul are erori; nu s-a salvat nimic.');
    expect(within(alert).getByText('Rândul 3: Prețul nu este valid (ex.: 1250,00).')).toBeTruthy();
  });

  it('shows a doctor the prices without any edit control', async () => {
    priceListApi(['medic']);
    const user = userEvent.setup();
    const { section, table } = await openTable('/preturi');
    expect(within(table).getByRole('row', { name: 'coroană metalo-ceramică' }).textContent).toContain(
      '1.250,00 lei',
    );
    expect(within(section).queryByRole('button', { name: 'Articol nou' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Importă' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Editează/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Salvează setările TVA' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/price-list/export?format=csv',
    );
    await user.click(within(table).getByRole('button', { name: 'Istoric prețuri: coroană metalo-ceramică' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Istoricul prețurilor' });
    expect(within(dialog).queryByRole('button', { name: 'Salvează prețul' })).toBeNull();
  });

  it('keeps the page from sterilisation staff', async () => {
    priceListApi(['sterilizare']);
    renderRoutes(routes, '/preturi');
    expect(await screen.findByText('Nu aveți acces la această pagină.')).toBeTruthy();
  });
});
