import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC } from '@odonto/domain/contracts/clinic';
import type {
  Invoice,
  InvoiceListResponse,
  InvoiceSettings,
  PatientInvoicesResponse,
} from '@odonto/domain/contracts/invoices';
import type { Location, LocationsAnswer } from '@odonto/domain/contracts/locations';
import { routes } from '../../app/router';
import { CurrentUserContext } from '../../lib/current-user';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { expectPager, pagedAnswer } from '../../test/paging';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { ConfirmHost } from '../../ui/confirm-host';
import { resetPrintJob } from '../print/print-store';
import { InvoiceSeriesSettings } from './invoice-series-settings';
import { InvoiceView } from './invoice-view';
import { IssueInvoiceButton } from './issue-invoice-button';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const INVOICE: Invoice = {
  id: 'inv-1',
  kind: 'invoice',
  series: 'ODT',
  number: 1,
  fullNumber: 'ODT 1',
  issueDate: '2026-03-02',
  dueDate: '2026-03-02',
  patientId: 'p7',
  patientName: 'Popescu Ana',
  buyerKind: 'person',
  seller: {
    name: 'Clinica Zâmbet SRL',
    code: 'RO14399840',
    regCom: 'J12/345/2020',
    address: 'Str. Memorandumului nr. 28, Cluj-Napoca, jud. Cluj',
    iban: 'RO49AAAA1B31007593840000',
    bank: 'Banca Transilvania',
    vatPayer: true,
  },
  buyer: {
    name: 'Popescu Ana',
    code: '2900101120015',
    regCom: '',
    address: 'Str. Lungă 5, Cluj-Napoca, jud. Cluj',
  },
  lines: [
    {
      position: 1,
      chargeId: 'c1',
      name: 'Obturație compozit (3.6)',
      quantity: 1,
      unitPriceBani: 25_000,
      vatRateBp: null,
      totalBani: 25_000,
      netBani: 25_000,
      vatBani: 0,
      category: 'E',
    },
  ],
  exemptionText: 'Scutit de TVA conform art. 292 alin. (1) lit. b) din Codul fiscal',
  note: '',
  taxExclusiveBani: 25_000,
  vatBani: 0,
  totalBani: 25_000,
  payableBani: 25_000,
  reverses: null,
  reversedBy: null,
  reason: null,
  efactura: {
    documentId: 'inv-1',
    documentKind: 'invoice',
    b2c: true,
    state: 'nok',
    uploadIndex: '5001',
    downloadId: '9001',
    errors: ['E: Codul fiscal al cumpărătorului nu este valid.'],
    lastError: null,
    attempts: 1,
    nextAttemptAt: null,
    uploadedAt: '2026-03-02T09:01:00.000Z',
    hasAnswer: true,
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:02:00.000Z',
    version: 3,
  },
  createdByName: 'Ioana Recepție',
  createdAt: '2026-03-02T09:00:00.000Z',
  version: 1,
};

const LIST: InvoiceListResponse = {
  total: 1,
  totalIsCapped: false,
  page: 1,
  pageSize: 50,
  items: [
    {
      id: 'inv-1',
      kind: 'invoice',
      series: 'ODT',
      number: 1,
      fullNumber: 'ODT 1',
      issueDate: '2026-03-02',
      patientId: 'p7',
      patientName: 'Popescu Ana',
      buyerKind: 'person',
      buyerName: 'Popescu Ana',
      totalBani: 25_000,
      reverses: null,
      reversedBy: null,
      efacturaState: 'nok',
      createdAt: '2026-03-02T09:00:00.000Z',
    },
  ],
};

const SETTINGS: InvoiceSettings = {
  invoiceSeries: 'ODT',
  invoiceStart: 1,
  creditNoteSeries: 'ODTS',
  creditNoteStart: 1,
  nextInvoiceNumber: 2,
  nextCreditNoteNumber: 1,
  locations: [],
  version: 1,
};

describe('the invoices screen', () => {
  const print = vi.fn();
  beforeEach(() => {
    print.mockReset();
    window.print = print;
  });
  afterEach(() => resetPrintJob());

  it("lists the documents with their e-Factura state; the view shows ANAF's messages and prints on the letterhead", async () => {
    mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': { body: sessionFor(['asistent']) },
      'GET /api/facturi': { body: LIST },
      'GET /api/facturi/inv-1': { body: INVOICE },
      'GET /api/clinic': { body: { ...DEFAULT_CLINIC, nume: 'Clinica Zâmbet SRL', version: 1 } },
    });
    renderRoutes(routes, '/facturi');
    const table = await screen.findByRole('table', { name: 'Facturi' }, { timeout: 15_000 });
    expect(within(table).getByText('Respinsă de ANAF')).toBeTruthy();
    expect(screen.getByTestId('page-summary').textContent).toBe('Pagina 1 din 1 · 1 factură');
    // An assistant neither reverses nor sets the series.
    expect(screen.queryByRole('form', { name: 'Serii facturi' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'ODT 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('E: Codul fiscal al cumpărătorului nu este valid.')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Răspuns ANAF/ })
        .getAttribute('href'),
    ).toBe('/api/facturi/inv-1/raspuns');
    expect(within(dialog).queryByRole('button', { name: 'Stornează' })).toBeNull();

    const printButton = within(dialog).getByRole('button', { name: 'Tipărește' });
    await waitFor(() => expect(printButton.hasAttribute('disabled')).toBe(false));
    await user.click(printButton);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = document.querySelector('article[aria-label="Factură ODT 1"]');
    expect(sheet?.querySelector('[data-testid="letterhead"]')?.textContent).toContain('Clinica Zâmbet SRL');
    expect(sheet?.textContent).toContain('Obturație compozit (3.6)');
    expect(sheet?.textContent).toContain('CNP 2900101120015');
    expect(sheet?.textContent).toContain('Scutit de TVA');
  });

  it('shows 1.000+ past 1,000 documents and still pages forward', async () => {
    const { calls } = mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': { body: sessionFor(['asistent']) },
      'GET /api/facturi': ({ url }) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        const { rowCount, ...paged } = pagedAnswer(page, 1005, 50);
        const items = LIST.items.slice(0, rowCount).map((item) => ({ ...item, id: `inv-p${page}` }));
        return { body: { ...paged, items } satisfies InvoiceListResponse };
      },
    });
    renderRoutes(routes, '/facturi');
    await screen.findByRole('table', { name: 'Facturi' }, { timeout: 15_000 });
    await expectPager('Pagina 1 din 20+ · 1.000+ facturi', true);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 2 din 20+ · 1.000+ facturi', true);
    expect(calls.at(-1)?.url).toBe('/api/facturi?page=2');
  });

  it('lets an admin reverse an invoice and set the series', async () => {
    const { calls } = mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': { body: sessionFor(['admin']) },
      'GET /api/facturi': { body: LIST },
      'GET /api/facturi/inv-1': {
        body: { ...INVOICE, efactura: { ...INVOICE.efactura, state: 'ok', errors: [] } },
      },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
      'GET /api/facturi-setari': { body: SETTINGS },
      'POST /api/facturi/inv-1/storno': {
        status: 201,
        body: { ...INVOICE, id: 'cn-1', kind: 'credit-note', fullNumber: 'ODTS 1', series: 'ODTS' },
      },
    });
    renderRoutes(routes, '/facturi');
    await screen.findByRole('form', { name: 'Serii facturi' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ODT 1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stornează' }));
    await user.type(await screen.findByRole('textbox', { name: /Motivul stornării/ }), 'Date greșite');
    await user.click(screen.getByRole('button', { name: 'Emite factura storno' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url === '/api/facturi/inv-1/storno')?.body,
      ).toEqual({
        reason: 'Date greșite',
      }),
    );
  });
});

describe('an invoice to check in SPV', () => {
  const CHECK: Invoice = {
    ...INVOICE,
    efactura: {
      ...INVOICE.efactura!,
      state: 'check',
      uploadIndex: null,
      downloadId: null,
      errors: [],
      hasAnswer: false,
      lastError: 'Trimiterea a fost întreruptă și factura poate să fi ajuns la ANAF.',
      version: 4,
    },
  };

  it('lets an admin bind it to the index seen in SPV, or send it again after DA; a stale answer is shown', async () => {
    let requeues = 0;
    const { calls } = mockApi({
      'GET /api/facturi/inv-1': { body: CHECK },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
      'POST /api/efactura/submissions/inv-1/resolve': ({ body }) => {
        const action = (body as { action: string }).action;
        if (action === 'requeue' && (requeues += 1) === 1)
          return {
            status: 409,
            body: { error: { code: 'conflict', message: 'Trimiterea a fost modificată între timp.' } },
          };
        return { body: { ...CHECK.efactura, state: action === 'requeue' ? 'queued' : 'uploaded' } };
      },
    });
    renderWithProviders(
      <CurrentUserContext.Provider value={sessionFor(['admin'])}>
        <InvoiceView id="inv-1" onClose={() => {}} />
        <ConfirmHost />
      </CurrentUserContext.Provider>,
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('form', { name: 'Indexul din SPV' });
    await user.type(within(panel).getByRole('textbox', { name: 'Indexul de încărcare din SPV' }), '12a');
    await user.click(within(panel).getByRole('button', { name: 'Salvează indexul' }));
    expect(await within(panel).findByText('Indexul de încărcare are doar cifre.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const index = within(panel).getByRole('textbox', { name: 'Indexul de încărcare din SPV' });
    await user.clear(index);
    await user.type(index, '5004321');
    await user.click(within(panel).getByRole('button', { name: 'Salvează indexul' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { action: 'uploaded', uploadIndex: '5004321', version: 4 },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Trimite din nou' }));
    await user.click(await screen.findByRole('button', { name: 'NU' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Trimite din nou' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    expect(await screen.findByText('Trimiterea a fost modificată între timp.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      action: 'requeue',
      version: 4,
    });
  });

  it('shows reception the state without a way to resolve it', async () => {
    mockApi({
      'GET /api/facturi/inv-1': { body: CHECK },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    renderWithProviders(
      <CurrentUserContext.Provider value={sessionFor(['asistent'])}>
        <InvoiceView id="inv-1" onClose={() => {}} />
      </CurrentUserContext.Provider>,
    );
    expect(await screen.findByText('De verificat în SPV')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Indexul din SPV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Trimite din nou' })).toBeNull();
  });
});

describe('issuing an invoice from the account', () => {
  const PATIENT_INVOICES: PatientInvoicesResponse = {
    invoices: [],
    invoiceableCharges: [
      {
        id: 'c1',
        description: 'Obturație compozit',
        teeth: ['3.6'],
        quantity: 1,
        amountBani: 25_000,
        vatRateBp: null,
        day: '2026-03-02',
      },
      {
        id: 'c2',
        description: 'Detartraj',
        teeth: [],
        quantity: 1,
        amountBani: 20_000,
        vatRateBp: null,
        day: '2026-03-02',
      },
    ],
    buyer: { name: 'Popescu Ana', city: 'Cluj-Napoca', countyCode: 'CJ' },
  };

  it('refuses a wrong CNP in the browser, then issues for the picked charges and shows the invoice', async () => {
    const { calls } = mockApi({
      'GET /api/pacienti/p7/facturi': { body: PATIENT_INVOICES },
      'POST /api/facturi': { status: 201, body: INVOICE },
      'GET /api/facturi/inv-1': { body: INVOICE },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    renderWithProviders(
      <CurrentUserContext.Provider value={sessionFor(['asistent'])}>
        <IssueInvoiceButton patientId="p7" />
      </CurrentUserContext.Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Emite factură' }));
    const form = await screen.findByRole('form', { name: 'Emite factura' });
    expect(within(form).getByText('Total: 450,00 lei')).toBeTruthy();
    await user.click(within(form).getByRole('checkbox', { name: 'Facturează Detartraj' }));
    expect(within(form).getByText('Total: 250,00 lei')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: /CNP/ }), '2900101120016');
    await user.type(within(form).getByRole('textbox', { name: /Strada/ }), 'Str. Lungă 5');
    await user.click(within(form).getByRole('button', { name: 'Emite factura' }));
    expect(await within(form).findByText(/^CNP invalid/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const cnp = within(form).getByRole('textbox', { name: /CNP/ });
    await user.clear(cnp);
    await user.type(cnp, '2900101120015');
    await user.click(within(form).getByRole('button', { name: 'Emite factura' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        patientId: 'p7',
        chargeIds: ['c1'],
        buyer: {
          kind: 'person',
          name: 'Popescu Ana',
          cnp: '2900101120015',
          address: { street: 'Str. Lungă 5', city: 'Cluj-Napoca', countyCode: 'CJ' },
        },
      }),
    );
    expect(await screen.findByLabelText('Starea RO e-Factura')).toBeTruthy();
  });

  it('is hidden from a doctor', () => {
    mockApi({});
    renderWithProviders(
      <CurrentUserContext.Provider value={sessionFor(['medic'])}>
        <IssueInvoiceButton patientId="p7" />
      </CurrentUserContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Emite factură' })).toBeNull();
  });
});

describe('the series by location', () => {
  const place = (id: string, name: string, position: number): Location => ({
    id,
    name,
    address: '',
    phone: '',
    opensAt: null,
    closesAt: null,
    position,
    archived: false,
    version: 1,
    chairs: [],
  });
  const MAIN = place('l1', 'Sediul principal', 1);

  it('a single-location clinic sees only the clinic’s series and saves without locations', async () => {
    const { calls } = mockApi({
      'GET /api/facturi-setari': { body: SETTINGS },
      'GET /api/locations': { body: { locations: [MAIN], mine: [] } satisfies LocationsAnswer },
      'PUT /api/facturi-setari': { body: { ...SETTINGS, version: 2 } },
    });
    renderWithProviders(<InvoiceSeriesSettings />);
    const form = await screen.findByRole('form', { name: 'Serii facturi' });
    expect(within(form).queryByText('Serii pe sedii')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Salvează seriile' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        invoiceSeries: 'ODT',
        invoiceStart: 1,
        creditNoteSeries: 'ODTS',
        creditNoteStart: 1,
        version: 1,
      }),
    );
  });

  it('in a group, gives a location series of its own (and shows its next numbers)', async () => {
    const saved: InvoiceSettings = {
      ...SETTINGS,
      locations: [
        {
          locationId: 'l2',
          invoiceSeries: 'NRD',
          invoiceStart: 50,
          creditNoteSeries: 'NRDS',
          creditNoteStart: 1,
          nextInvoiceNumber: 50,
          nextCreditNoteNumber: 1,
        },
      ],
      version: 2,
    };
    const { calls } = mockApi({
      'GET /api/facturi-setari': { body: SETTINGS },
      'GET /api/locations': {
        body: { locations: [MAIN, place('l2', 'Sediul Nord', 2)], mine: [] } satisfies LocationsAnswer,
      },
      'PUT /api/facturi-setari': { body: saved },
    });
    renderWithProviders(<InvoiceSeriesSettings />);
    const form = await screen.findByRole('form', { name: 'Serii facturi' });
    expect(within(form).getByText('Serii pe sedii')).toBeTruthy();
    const north = within(form).getByRole('group', { name: 'Sediul Nord' });
    const user = userEvent.setup();
    await user.click(within(north).getByRole('checkbox', { name: 'Serii proprii' }));
    await user.type(within(north).getByRole('textbox', { name: 'Seria facturilor' }), 'nrd');
    const first = within(north).getByRole('textbox', { name: 'Primul număr' });
    await user.clear(first);
    await user.type(first, '50');
    await user.type(within(north).getByRole('textbox', { name: 'Seria facturilor storno' }), 'NRDS');
    await user.click(within(form).getByRole('button', { name: 'Salvează seriile' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        invoiceSeries: 'ODT',
        invoiceStart: 1,
        creditNoteSeries: 'ODTS',
        creditNoteStart: 1,
        locations: [
          {
            locationId: 'l2',
            invoiceSeries: 'NRD',
            invoiceStart: 50,
            creditNoteSeries: 'NRDS',
            creditNoteStart: 1,
          },
        ],
        version: 1,
      }),
    );
    const after = await screen.findByRole('group', { name: 'Sediul Nord' });
    expect(await within(after).findByText(/Următoarea factură: NRD 50/)).toBeTruthy();
  });
});
