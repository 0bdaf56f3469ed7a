import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { AuditListResponse, AuditRow } from '@odonto/domain/contracts/audit';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockHandler as Handler } from '../../test/mock-api';
import { expectPager, pagedAnswer } from '../../test/paging';
import { renderRoutes } from '../../test/render';
import { dayAriaLabel } from '../../ui/date-labels';

function auditRow(id: number, overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id,
    at: '2026-03-02T09:00:05.000Z',
    userId: 'u-medic',
    userEmail: 'mihai@clinica.ro',
    userName: 'Dr. Mihai Ionescu',
    ip: '192.0.2.10',
    action: 'patient_view',
    actionLabel: 'Vizualizare fișă pacient',
    entity: 'patient',
    entityId: 'p1',
    patientId: 'p1',
    patientName: 'Popescu Ion (fișa nr. 12)',
    details: null,
    detailsText: '',
    ...overrides,
  };
}

/** Answers the asked page of `total` rows; the filtered patient is named when it is p1. */
function pagedAudit(total: number): Handler {
  return ({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const page = Number(params.get('page'));
    const { rowCount, ...paged } = pagedAnswer(page, total, 50);
    // A few rows stand for the page's 50: rendering fifty rows would only slow the test down.
    const body: AuditListResponse = {
      rows: Array.from({ length: Math.min(3, rowCount) }, (_, i) => auditRow(total - (page - 1) * 50 - i)),
      ...paged,
      patient: params.get('patient') === 'p1' ? { id: 'p1', label: 'Popescu Ion (fișa nr. 12)' } : null,
    };
    return { body };
  };
}

function auditApi(roles: string[], list: Handler = pagedAudit(3)) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles, 'Andreea Popescu') },
    'GET /api/audit': list,
    'GET /api/audit/actions': {
      body: [
        { action: 'login', label: 'Autentificare' },
        { action: 'patient_update', label: 'Modificare pacient' },
        { action: 'patient_view', label: 'Vizualizare fișă pacient' },
      ],
    },
    'GET /api/audit/users': {
      body: [
        { email: 'mihai@clinica.ro', userId: 'u-medic', name: 'Dr. Mihai Ionescu' },
        { email: 'necunoscut@exemplu.ro', userId: null, name: null },
      ],
    },
    'GET /api/pacienti': {
      body: {
        pacienti: [
          {
            _id: 'p2',
            id: 40,
            nume: 'Popa',
            prenume: 'Maria',
            telefon: '',
            email: '',
            judet: '',
            oras: '',
            tara: 'România',
            medic: '',
            igienizare: false,
            blocked: false,
            avatar: null,
            createdAt: '2026-01-01T10:00:00.000Z',
            deletedAt: null,
            planOpenBani: 0,
          },
        ],
        total: 1,
        totalIsCapped: false,
        page: 1,
        pageSize: 10,
      },
    },
  });
}

function auditRequests(calls: { url: string }[]): URLSearchParams[] {
  return calls
    .filter((call) => /^\/api\/audit\?/.test(call.url))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
}

const lastAuditRequest = (calls: { url: string }[]) => auditRequests(calls).at(-1)?.toString();

async function openAudit(path: string) {
  const view = renderRoutes(routes, path);
  await screen.findByRole('heading', { name: 'Jurnal de audit' });
  return view;
}

const exportLink = () => screen.getByRole('link', { name: 'Exportă CSV' });

describe('audit screen', () => {
  it('shows who, when, from where, what and which patient, linking to the patient', async () => {
    auditApi(['admin'], {
      body: {
        rows: [
          auditRow(2, {
            action: 'patient_update',
            actionLabel: 'Modificare pacient',
            detailsText: 'Câmpuri modificate: telefon, data nașterii',
          }),
          auditRow(1, { userName: null, userEmail: 'nimeni@exemplu.ro', patientId: null, patientName: null }),
        ],
        total: 2,
        totalIsCapped: false,
        page: 1,
        pageSize: 50,
        patient: null,
      } satisfies AuditListResponse,
    });
    await openAudit('/audit');
    const table = await screen.findByRole('table', { name: 'Jurnal de audit' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toContain('02.03.2026 11:00:05');
    expect(first?.textContent).toContain('Dr. Mihai Ionescu');
    expect(first?.textContent).toContain('192.0.2.10');
    expect(first?.textContent).toContain('Modificare pacient');
    expect(first?.textContent).toContain('Câmpuri modificate: telefon, data nașterii');
    const patient = within(first as HTMLElement).getByRole('link', { name: 'Popescu Ion (fișa nr. 12)' });
    expect(patient.getAttribute('href')).toBe('/pacienti/history/p1');
    expect(second?.textContent).toContain('nimeni@exemplu.ro');
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByText('Pagina 1 din 1 · 2 înregistrări')).toBeTruthy();
  });

  it('opens on a patient from the address and exports the same filters', async () => {
    const { calls } = auditApi(['admin']);
    await openAudit('/audit?patient=p1&from=2026-03-01&to=2026-03-05');
    expect(
      await screen.findByText('Sunt afișate doar înregistrările despre Popescu Ion (fișa nr. 12).'),
    ).toBeTruthy();
    expect(lastAuditRequest(calls)).toBe('patient=p1&from=2026-03-01&to=2026-03-05&page=1');
    expect(exportLink().getAttribute('href')).toBe(
      '/api/audit/export.csv?patient=p1&from=2026-03-01&to=2026-03-05',
    );
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Pacient' }).value).toBe(
      'Popescu Ion (fișa nr. 12)',
    );
    // Rows already are this patient's: no "only this patient" button.
    expect(screen.queryByRole('button', { name: /Filtrează după/ })).toBeNull();
  });

  it('sends each filter, goes back to page 1, and the export link follows', async () => {
    const { calls } = auditApi(['admin'], pagedAudit(120));
    const user = userEvent.setup();
    const { router } = await openAudit('/audit?page=2');
    await screen.findByText('Pagina 2 din 3 · 120 de înregistrări');

    await user.click(screen.getByRole('combobox', { name: 'Acțiune' }));
    await user.click(await screen.findByRole('option', { name: 'Vizualizare fișă pacient' }));
    await waitFor(() => expect(lastAuditRequest(calls)).toBe('action=patient_view&page=1'));
    expect(router.state.location.search).toBe('?action=patient_view');

    await user.type(screen.getByRole('combobox', { name: 'Utilizator' }), 'Mihai');
    await user.click(await screen.findByRole('option', { name: /Dr\. Mihai Ionescu/ }));
    // A typed name is only a search: the list is never asked for user=Mihai.
    expect(auditRequests(calls).some((params) => params.get('user') === 'Mihai')).toBe(false);
    await waitFor(() =>
      expect(lastAuditRequest(calls)).toBe('user=mihai%40clinica.ro&action=patient_view&page=1'),
    );

    await user.type(screen.getByRole('combobox', { name: 'Pacient' }), 'Popa');
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/pacienti?') && call.url.includes('q=Popa'))).toBe(
        true,
      ),
    );
    await user.click(await screen.findByRole('option', { name: 'Popa Maria (fișa nr. 40)' }));
    await waitFor(() =>
      expect(lastAuditRequest(calls)).toBe('user=mihai%40clinica.ro&patient=p2&action=patient_view&page=1'),
    );
    expect(exportLink().getAttribute('href')).toBe(
      '/api/audit/export.csv?user=mihai%40clinica.ro&patient=p2&action=patient_view',
    );

    await user.click(screen.getByRole('button', { name: 'Resetează filtrele' }));
    await waitFor(() => expect(lastAuditRequest(calls)).toBe('page=1'));
    expect(exportLink().getAttribute('href')).toBe('/api/audit/export.csv');
  }, 20_000);

  it('takes a typed email that is not in the list', async () => {
    const { calls } = auditApi(['admin']);
    const user = userEvent.setup();
    await openAudit('/audit');
    await user.type(screen.getByRole('combobox', { name: 'Utilizator' }), 'atacator@exemplu.ro{Enter}');
    await waitFor(() => expect(lastAuditRequest(calls)).toBe('user=atacator%40exemplu.ro&page=1'));
  }, 15_000);

  it('sends the period once both days are picked, and clears it', async () => {
    const { calls } = auditApi(['admin']);
    const user = userEvent.setup();
    const { router } = await openAudit('/audit');
    const today = dayjs();
    const first = today.startOf('month');
    const second = today.date() >= 2 ? first.add(1, 'day') : first;
    await user.click(screen.getByRole('button', { name: 'Perioadă' }));
    await user.click(await screen.findByRole('button', { name: dayAriaLabel(first.format('YYYY-MM-DD')) }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: dayAriaLabel(second.format('YYYY-MM-DD')) }));
    const period = `from=${first.format('YYYY-MM-DD')}&to=${second.format('YYYY-MM-DD')}`;
    await waitFor(() => expect(lastAuditRequest(calls)).toBe(`${period}&page=1`));
    expect(exportLink().getAttribute('href')).toBe(`/api/audit/export.csv?${period}`);

    await user.click(screen.getByRole('button', { name: 'Șterge perioada' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  }, 15_000);

  it('pages by one with next and previous; the export never carries the page', async () => {
    const { calls } = auditApi(['admin'], pagedAudit(120));
    const user = userEvent.setup();
    const { router } = await openAudit('/audit?action=login');
    expect(await screen.findByText('Pagina 1 din 3 · 120 de înregistrări')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina anterioară' }).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await user.click(await screen.findByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByText('Pagina 3 din 3 · 120 de înregistrări')).toBeTruthy();
    expect(router.state.location.search).toBe('?action=login&page=3');
    expect(lastAuditRequest(calls)).toBe('action=login&page=3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' }).disabled).toBe(true);
    expect(exportLink().getAttribute('href')).toBe('/api/audit/export.csv?action=login');

    await user.click(screen.getByRole('button', { name: 'Pagina anterioară' }));
    expect(await screen.findByText('Pagina 2 din 3 · 120 de înregistrări')).toBeTruthy();
  });

  it('shows 1.000+ past 1,000 rows and still pages forward', async () => {
    auditApi(['admin'], pagedAudit(1005));
    const user = userEvent.setup();
    await openAudit('/audit');
    await expectPager('Pagina 1 din 20+ · 1.000+ înregistrări', true);
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 2 din 20+ · 1.000+ înregistrări', true);
  });

  it('pages from page 20 of a capped total to the last, where the total is exact again', async () => {
    auditApi(['admin'], pagedAudit(1005));
    const user = userEvent.setup();
    await openAudit('/audit?page=20');
    await expectPager('Pagina 20 din 20+ · 1.000+ înregistrări', true);
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 21 din 21 · 1005 înregistrări', false);
  });

  it('narrows to one patient from a row', async () => {
    const { calls } = auditApi(['admin']);
    const user = userEvent.setup();
    const { router } = await openAudit('/audit');
    const [button] = await screen.findAllByRole('button', {
      name: 'Filtrează după Popescu Ion (fișa nr. 12)',
    });
    await user.click(button as HTMLElement);
    await waitFor(() => expect(lastAuditRequest(calls)).toBe('patient=p1&page=1'));
    expect(router.state.location.search).toBe('?patient=p1');
  });

  it('shows admins the header link to the screen', async () => {
    auditApi(['admin']);
    await openAudit('/audit');
    expect(screen.getByRole('link', { name: 'Jurnal de audit' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([['medic'], ['asistent'], ['sterilizare']])('a %s gets the no-access page', async (role) => {
    const { calls } = auditApi([role]);
    renderRoutes(routes, '/audit');
    expect(await screen.findByRole('heading', { name: 'Acces interzis' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Jurnal de audit' })).toBeNull();
    expect(auditRequests(calls)).toEqual([]);
  });
});
