import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockHandler as Handler } from '../../test/mock-api';
import { listPage, makeListItem, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function listApi(roles: string[], list: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/pacienti': list,
    ...REFERENCE_DATA,
    ...extra,
  });
}

/** Answers the page the request asks for, out of `total` patients. */
function pagedList(total: number): Handler {
  return ({ url }) => {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
    return { body: listPage(page, total) };
  };
}

function listRequests(calls: { url: string }[]): URLSearchParams[] {
  return calls
    .filter((call) => call.url.startsWith('/api/pacienti'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
}

async function openList(path: string) {
  const view = renderRoutes(routes, path);
  await screen.findByRole('heading', { name: /Pacienți/ });
  return view;
}

describe('patient list paging', () => {
  it('starts on the page of the address and moves by one with next and previous', async () => {
    const { calls } = listApi(['medic'], pagedList(25));
    const user = userEvent.setup();
    const { router } = await openList('/pacienti?page=2');
    expect(await screen.findByText('Pagina 2 din 3 · 25 de pacienți')).toBeTruthy();
    expect(listRequests(calls)[0]?.get('page')).toBe('2');
    expect(screen.getByRole('row', { name: /Fișa nr\. 15:/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByText('Pagina 3 din 3 · 25 de pacienți')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' }).disabled).toBe(true);
    expect(screen.getAllByRole('row', { name: /Fișa nr\./ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Pagina anterioară' }));
    await user.click(await screen.findByRole('button', { name: 'Pagina anterioară' }));
    expect(await screen.findByText('Pagina 1 din 3 · 25 de pacienți')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina anterioară' }).disabled).toBe(true);
  });

  it('shows 1.000+ past 1,000 matches and still pages forward to the last page', async () => {
    listApi(['medic'], pagedList(1005));
    const user = userEvent.setup();
    await openList('/pacienti');
    expect(await screen.findByText('Pagina 1 din 100+ · 1.000+ pacienți')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' }).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByText('Pagina 2 din 100+ · 1.000+ pacienți')).toBeTruthy();
  });

  it('pages from page 100 of a capped total to the last, where the total is exact again', async () => {
    listApi(['medic'], pagedList(1005));
    const user = userEvent.setup();
    await openList('/pacienti?page=100');
    expect(await screen.findByText('Pagina 100 din 100+ · 1.000+ pacienți')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByText('Pagina 101 din 101 · 1005 pacienți')).toBeTruthy();
    expect(screen.getAllByRole('row', { name: /Fișa nr\./ })).toHaveLength(5);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' }).disabled).toBe(true);
  });
});

describe('patient list search and filters', () => {
  it('searches after the user stops typing and goes back to page 1', async () => {
    const { calls } = listApi(['medic'], pagedList(25));
    const user = userEvent.setup();
    const { router } = await openList('/pacienti?judet=Bra%C8%99ov&page=3');
    await screen.findByText(/Pagina 3 din 3/);
    await user.type(screen.getByRole('searchbox', { name: 'Caută pacient' }), 'ștef 0722');
    await waitFor(() => expect(router.state.location.search).toContain('q='));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('ștef 0722');
    expect(params.get('judet')).toBe('Brașov');
    expect(params.has('page')).toBe(false);
    await waitFor(() => expect(listRequests(calls).at(-1)?.get('q')).toBe('ștef 0722'));
    // One request for the whole typed text, not one per key.
    expect(listRequests(calls).filter((request) => request.has('q'))).toHaveLength(1);
    expect(listRequests(calls).at(-1)?.get('page')).toBe('1');
    expect(listRequests(calls).at(-1)?.get('judet')).toBe('Brașov');
  });

  it('goes to page 1 on a filter change, and the reset restores the full list', async () => {
    const { calls } = listApi(['medic'], pagedList(25));
    const user = userEvent.setup();
    const { router } = await openList('/pacienti?q=ana&igienizare=true&page=2');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Caută pacient' }).value).toBe('ana');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Igienizare' }).checked).toBe(true);
    await screen.findByText(/Pagina 2 din 3/);

    await user.click(screen.getByRole('checkbox', { name: 'Igienizare' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));

    await user.click(screen.getByRole('button', { name: 'Resetează filtrele' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Caută pacient' }).value).toBe('');
    await waitFor(() => expect(listRequests(calls).at(-1)?.toString()).toBe('page=1'));
  });

  it('sends the filters of a shared address to the server', async () => {
    const { calls } = listApi(['medic'], pagedList(3));
    await openList(
      '/pacienti/list?judet=Bra%C8%99ov&oras=S%C4%83cele&tara=Rom%C3%A2nia&medic=Dr.+Mihai+Ionescu&igienizare=true&from=2026-01-01&to=2026-03-31',
    );
    await screen.findByText(/Pagina 1 din 1/);
    expect(Object.fromEntries(listRequests(calls)[0] ?? [])).toEqual({
      judet: 'Brașov',
      oras: 'Săcele',
      tara: 'România',
      medic: 'Dr. Mihai Ionescu',
      igienizare: 'true',
      from: '2026-01-01',
      to: '2026-03-31',
      page: '1',
    });
  });
});

describe('patient list rows', () => {
  it('marks a blocked patient and opens a row with Enter', async () => {
    listApi(
      ['asistent'],
      {
        body: {
          pacienti: [
            makeListItem({ _id: 'p2', id: 2, nume: 'Ionescu', prenume: 'Dan', blocked: true }),
            makeListItem({ _id: 'p1', id: 1 }),
          ],
          total: 2,
          totalIsCapped: false,
          page: 1,
          pageSize: 10,
        },
      },
      { 'GET /api/get-pacient/p2': { body: makePatient({ _id: 'p2', id: 2, blocked: true }) } },
    );
    const user = userEvent.setup();
    const { router } = await openList('/pacienti');
    const blocked = await screen.findByRole('row', { name: 'Fișa nr. 2: Ionescu Dan' });
    expect(within(blocked).getByText('Blocat')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: 'Fișa nr. 1: Popescu Ana' })).queryByText('Blocat'),
    ).toBeNull();
    act(() => blocked.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pacienti/history/p2'));
  });

  it('says when nothing matches', async () => {
    listApi(['medic'], { body: listPage(1, 0) });
    await openList('/pacienti?q=nimeni');
    expect(await screen.findByText(/Niciun pacient nu corespunde căutării/)).toBeTruthy();
  });

  it('lets an admin list the deleted patients and restore one', async () => {
    const { calls } = listApi(
      ['admin'],
      ({ url }) =>
        url.includes('deleted=true')
          ? {
              body: {
                pacienti: [makeListItem({ _id: 'p9', id: 9, deletedAt: '2026-03-06T10:00:00.000Z' })],
                total: 1,
                totalIsCapped: false,
                page: 1,
                pageSize: 10,
              },
            }
          : { body: listPage(1, 2) },
      { 'POST /api/restore-pacient/p9': { body: makePatient({ _id: 'p9', id: 9 }) } },
    );
    const user = userEvent.setup();
    const { router } = await openList('/pacienti');
    await user.click(screen.getByRole('switch', { name: 'Pacienți șterși' }));
    expect(await screen.findByRole('heading', { name: 'Pacienți șterși' })).toBeTruthy();
    expect(router.state.location.search).toBe('?deleted=true');
    await user.click(await screen.findByRole('button', { name: /^Restaurează/ }));
    expect(await screen.findByText('Pacientul Popescu Ana a fost restaurat.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/restore-pacient/p9')).toBe(true);
  });

  it('shows no deleted-patients switch to a medic', async () => {
    listApi(['medic'], { body: listPage(1, 2) });
    await openList('/pacienti');
    await screen.findByText(/Pagina 1 din 1/);
    expect(screen.queryByRole('switch', { name: 'Pacienți șterși' })).toBeNull();
  });
});
