import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { CurrentUserContext } from '../../lib/current-user';
import { sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { UsersPage } from './users-page';
import { bodiesOf, makeUser, pagedUsers, usersApi } from './users-test-support';

async function openUsers() {
  const view = renderRoutes(routes, '/utilizatori');
  await screen.findByRole('heading', { name: 'Listă utilizatori' });
  return view;
}

function pageNumber(): string {
  return screen.getByTestId('users-page-number').textContent ?? '';
}

describe('users list paging', () => {
  it('starts at page index 0, shows index + 1, and stops where the server says there is no next page', async () => {
    const { calls } = usersApi(['admin'], pagedUsers(25));
    const user = userEvent.setup();
    await openUsers();
    expect(await screen.findByRole('row', { name: 'Utilizator Utilizator 01' })).toBeTruthy();
    expect(pageNumber()).toBe('Pagina 1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina anterioară' }).disabled).toBe(true);
    expect(screen.getAllByRole('row', { name: /^Utilizator / })).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByRole('row', { name: 'Utilizator Utilizator 11' })).toBeTruthy();
    expect(pageNumber()).toBe('Pagina 2');

    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(await screen.findByRole('row', { name: 'Utilizator Utilizator 25' })).toBeTruthy();
    expect(pageNumber()).toBe('Pagina 3');
    expect(screen.getAllByRole('row', { name: /^Utilizator / })).toHaveLength(5);
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina următoare' }).disabled).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Pagina anterioară' }));
    expect(await screen.findByRole('row', { name: 'Utilizator Utilizator 20' })).toBeTruthy();
    expect(pageNumber()).toBe('Pagina 2');
    expect(bodiesOf(calls, '/api/get-utilizatori')).toEqual([{ page: 0 }, { page: 1 }, { page: 2 }]);
  });

  it('labels the buttons Anterioară and Următoare, each named with the text it shows', async () => {
    usersApi(['admin'], pagedUsers(3));
    await openUsers();
    expect(screen.getByRole('button', { name: 'Pagina anterioară' }).textContent).toBe('Anterioară');
    expect(screen.getByRole('button', { name: 'Pagina următoare' }).textContent).toBe('Următoare');
  });
});

describe('users list rows', () => {
  it('shows name, role with the other roles as badges, email and status', async () => {
    usersApi(['admin'], {
      body: {
        utilizatori: [
          makeUser({
            _id: 'a',
            nume: 'Ana Vlad',
            roles: ['asistent', 'sterilizare', 'admin'],
            hasPassword: false,
          }),
          makeUser({ _id: 'b', nume: 'Dan Ilie', email: 'dan@clinica.ro', active: false }),
        ],
        isNextPage: false,
      },
    });
    await openUsers();
    const ana = await screen.findByRole('row', { name: 'Utilizator Ana Vlad' });
    const cells = within(ana).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('AsistentSterilizareAdmin');
    expect(within(ana).getByText('Sterilizare').closest('.mantine-Badge-root')).toBeTruthy();
    expect(cells[2]?.textContent).toBe('radu.pop@clinica.ro');
    expect(cells[3]?.textContent).toBe('activinvitație în așteptare');
    const dan = screen.getByRole('row', { name: 'Utilizator Dan Ilie' });
    expect(within(dan).getAllByRole('cell')[3]?.textContent).toBe('inactiv');
  });

  it('opens the edit modal with a click or Enter on a row', async () => {
    usersApi(['admin'], { body: { utilizatori: [makeUser()], isNextPage: false } });
    const user = userEvent.setup();
    await openUsers();
    await user.click(await screen.findByRole('row', { name: 'Utilizator Dr. Radu Pop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editează utilizator' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Nume' }).value).toBe(
      'Dr. Radu Pop',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Renunță' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    screen.getByRole('row', { name: 'Utilizator Dr. Radu Pop' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Editează utilizator' })).toBeTruthy();
  });
});

describe('the add-user button', () => {
  it.each([[['admin']], [['medic', 'admin']], [['dinstitute_admin']]])('is shown to %j', async (roles) => {
    usersApi(roles, pagedUsers(2));
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Adaugă utilizator' }));
    expect(await screen.findByRole('dialog', { name: 'Adaugă utilizator' })).toBeTruthy();
  });

  it.each([[['medic']], [['asistent']], [['sterilizare']]])(
    'is never shown to %j, who gets the no-access page',
    async (roles) => {
      const { calls } = usersApi(roles, pagedUsers(2));
      renderRoutes(routes, '/utilizatori');
      expect(await screen.findByRole('heading', { name: 'Acces interzis' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Adaugă utilizator' })).toBeNull();
      expect(calls.some((call) => call.url === '/api/get-utilizatori')).toBe(false);
    },
  );

  it('is hidden by the screen itself when the role does not include admin', async () => {
    mockApi({ 'POST /api/get-utilizatori': { body: { utilizatori: [makeUser()], isNextPage: false } } });
    renderWithProviders(
      <CurrentUserContext.Provider value={sessionFor(['medic'])}>
        <UsersPage />
      </CurrentUserContext.Provider>,
    );
    expect(await screen.findByRole('row', { name: 'Utilizator Dr. Radu Pop' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adaugă utilizator' })).toBeNull();
  });
});
