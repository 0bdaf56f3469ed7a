import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockHandler } from '../../test/mock-api';
import { expectPager, pagedAnswer } from '../../test/paging';
import { PLACES, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const REPORT = {
  ani: 10,
  total: 1,
  totalIsCapped: false,
  page: 1,
  pageSize: 50,
  pacienti: [
    {
      _id: 'p9',
      id: 9,
      nume: 'Uitatescu',
      prenume: 'Ion',
      ultimaVizita: '2010-01-04T10:00:00.000Z',
      sfarsitRetentie: '2020-01-04',
      sters: true,
    },
  ],
};

function gdprApi(report: MockHandler = { body: REPORT }) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['admin']) },
    'GET /api/places': PLACES,
    'GET /api/settings/gdpr-retention': { body: { ani: 10, version: 2 } },
    'PUT /api/settings/gdpr-retention': { body: { ani: 12, version: 3 } },
    'GET /api/gdpr/retentie': report,
  });
}

async function openSection() {
  renderRoutes(routes, '/setari?tab=gdpr');
  // The settings screen's modules load on the first render: slow on a busy machine.
  return screen.findByRole('region', { name: 'Păstrarea datelor pacienților (GDPR)' }, { timeout: 15_000 });
}

describe('Setări → Date personale (GDPR)', () => {
  it('lists the patients past the period with their last visit, the end day and the action', async () => {
    gdprApi();
    const section = await openSection();
    const row = await within(section).findByTestId('retention-row');
    expect(row.textContent).toContain('Uitatescu Ion');
    expect(row.textContent).toContain('04.01.2010');
    expect(row.textContent).toContain('04.01.2020');
    expect(row.textContent).toContain('Șters');
    expect(within(row).getByRole('button', { name: 'Anonimizează' })).toBeTruthy();
    expect(within(section).getByTestId('page-summary').textContent).toBe('Pagina 1 din 1 · 1 pacient');
  });

  it('shows 1.000+ past 1,000 patients and still pages forward', async () => {
    gdprApi(({ url }) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const { rowCount, ...paged } = pagedAnswer(page, 1005, 50);
      const pacienti = REPORT.pacienti.slice(0, rowCount).map((row) => ({ ...row, _id: `p${page}` }));
      return { body: { ...REPORT, ...paged, pacienti } };
    });
    await openSection();
    await expectPager('Pagina 1 din 20+ · 1.000+ pacienți', true);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    await expectPager('Pagina 2 din 20+ · 1.000+ pacienți', true);
  });

  it('checks the period in the browser, then saves it with the loaded version', async () => {
    const { calls } = gdprApi();
    const section = await openSection();
    const input = await within(section).findByRole('textbox', {
      name: 'Perioada de păstrare (ani de la ultima vizită)',
    });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(within(section).getByRole('button', { name: 'Salvează' }));
    expect(
      await within(section).findByText(
        'Perioada de păstrare trebuie să fie un număr întreg de ani, între 1 și 100.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.click(within(section).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { ani: 12, version: 2 },
      ]),
    );
  });
});
