import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_SETUP, SIGNED_OUT, SIGNED_OUT_LEGACY, sessionFor } from '../test/fixtures';
import { apiError, mockApi } from '../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../test/patients';
import { renderRoutes } from '../test/render';
import { canOpenSterilisation, canOpenUsers } from './access';
import { initials, isMenuItemActive } from './app-layout';
import { routes } from './router';

// The patient screens behind these routes are lazy pages with real forms and lists.
configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function signedInAs(roles: string[]) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'DELETE /api/logout': { status: 204 },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/get-pacient/7': { body: makePatient({ _id: '7' }) },
    ...REFERENCE_DATA,
  });
}

async function landOn(path: string, heading: string) {
  const view = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  return view;
}

function menuLabels(): string[] {
  const menu = screen.getByRole('navigation', { name: 'Meniu principal' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('access rules', () => {
  it.each([
    [['admin'], true, true],
    [['dinstitute_admin'], true, true],
    [['medic'], false, false],
    [['asistent'], false, false],
    [['sterilizare'], false, true],
    [['medic', 'admin'], true, true],
  ])('%j: users %s, sterilisation %s', (roles, users, sterilisation) => {
    expect(canOpenUsers(roles)).toBe(users);
    expect(canOpenSterilisation(roles)).toBe(sterilisation);
  });

  it('highlights a menu item on its page and its children only', () => {
    expect(isMenuItemActive('/pacienti', '/pacienti')).toBe(true);
    expect(isMenuItemActive('/pacienti', '/pacienti/edit/12')).toBe(true);
    expect(isMenuItemActive('/pacienti', '/pacientiX')).toBe(false);
  });

  it('draws the avatar initials without titles', () => {
    expect(initials('Dr. Maria Ionescu')).toBe('MI');
    expect(initials('ștefan popa')).toBe('ȘP');
  });
});

describe('routes and guards', () => {
  it('sends / to /login', async () => {
    mockApi({ 'GET /api/setup': NO_SETUP, 'GET /api/check-login': SIGNED_OUT });
    const { router } = await landOn('/', 'Autentificare');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats a 401 from an older server as signed out too', async () => {
    mockApi({ 'GET /api/setup': NO_SETUP, 'GET /api/check-login': SIGNED_OUT_LEGACY });
    const { router } = await landOn('/pacienti', 'Autentificare');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-out visit to /pacienti/list to /login', async () => {
    const { calls } = mockApi({ 'GET /api/setup': NO_SETUP, 'GET /api/check-login': SIGNED_OUT });
    const { router } = await landOn('/pacienti/list', 'Autentificare');
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.url === '/api/check-login')).toBe(true);
  });

  it.each([
    [['admin'], '/pacienti', 'Pacienți'],
    [['medic'], '/pacienti', 'Pacienți'],
    [['sterilizare'], '/sterilizare', 'Sterilizare'],
  ])('sends a signed-in %j user from /login to %s', async (roles, path, heading) => {
    signedInAs(roles);
    const { router } = await landOn('/login', heading);
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/pacienti', 'Pacienți'],
    ['/pacienti/list', 'Pacienți'],
    ['/pacienti/add', 'Pacient nou'],
    ['/pacienti/edit/7', 'Date pacient'],
    ['/pacienti/programari/7', 'Programări'],
    ['/pacienti/docs/7', 'Documente'],
    ['/pacienti/history/7', 'Istoric tratamente'],
    ['/pacienti/schita/7', 'Schiță dentară'],
    ['/reviews', 'Recenzii'],
    ['/utilizatori', 'Utilizatori'],
    ['/sterilizare', 'Sterilizare'],
    ['/setari', 'Setări'],
  ])('opens %s for an admin', async (path, heading) => {
    signedInAs(['admin']);
    await landOn(path, heading);
  });

  it.each([
    [['asistent'], '/utilizatori'],
    [['medic'], '/utilizatori'],
    [['sterilizare'], '/utilizatori'],
    [['medic'], '/sterilizare'],
    [['asistent'], '/sterilizare'],
    [['sterilizare'], '/pacienti'],
    [['sterilizare'], '/pacienti/history/7'],
    [['medic'], '/setari'],
    [['asistent'], '/setari'],
  ])('shows the no-access page to a %j user at %s', async (roles, path) => {
    signedInAs(roles);
    await landOn(path, 'Acces interzis');
    expect(screen.getByText('Nu aveți acces la această pagină.')).toBeTruthy();
  });

  it('shows the not-found state for an unknown patient, inside the app', async () => {
    signedInAs(['medic']);
    await landOn('/pacienti/edit/nu-exista', 'Pacientul nu a fost găsit');
    expect(screen.getByRole('navigation', { name: 'Meniu principal' })).toBeTruthy();
  });

  it('shows a 404 page for an unknown path', async () => {
    mockApi({ 'GET /api/setup': NO_SETUP, 'GET /api/check-login': SIGNED_OUT });
    await landOn('/nu-exista', 'Pagina nu a fost găsită');
  });

  it('offers a retry when the session cannot be checked', async () => {
    mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': apiError(500, 'server_error', 'Eroare server.'),
    });
    renderRoutes(routes, '/pacienti');
    expect(await screen.findByText('Sesiunea nu a putut fi verificată')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reîncearcă' })).toBeTruthy();
  });
});

describe('the signed-in shell', () => {
  it('shows only STERILIZARE to a sterilizare user', async () => {
    signedInAs(['sterilizare']);
    await landOn('/sterilizare', 'Sterilizare');
    expect(menuLabels()).toEqual(['STERILIZARE']);
  });

  it.each([[['admin']], [['dinstitute_admin']], [['medic']], [['asistent']]])(
    'shows PACIENȚI, CALENDAR, RECENZII, FACTURI, RAPOARTE, UTILIZATORI to a %j user',
    async (roles) => {
      signedInAs(roles);
      await landOn('/pacienti', 'Pacienți');
      expect(menuLabels()).toEqual([
        'PACIENȚI',
        'CALENDAR',
        'RECENZII',
        'FACTURI',
        'RAPOARTE',
        'UTILIZATORI',
      ]);
    },
  );

  it('shows the user name and marks the current page in the menu', async () => {
    signedInAs(['medic']);
    await landOn('/pacienti/list', 'Pacienți');
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Popescu');
    const current = screen.getByRole('link', { name: 'PACIENȚI' });
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it.each([
    [['admin'], true],
    [['dinstitute_admin'], true],
    [['medic'], false],
    [['asistent'], false],
  ])('shows the Setări icon beside Deconectare to %j: %s', async (roles, isShown) => {
    signedInAs(roles);
    await landOn('/pacienti', 'Pacienți');
    expect(screen.queryByRole('link', { name: 'Setări' }) !== null).toBe(isShown);
    expect(menuLabels()).not.toContain('Setări');
  });

  it('navigates with the menu', async () => {
    signedInAs(['admin']);
    const user = userEvent.setup();
    const { router } = await landOn('/pacienti', 'Pacienți');
    await user.click(screen.getByRole('link', { name: 'RECENZII' }));
    expect(await screen.findByRole('heading', { name: 'Recenzii' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reviews');
  });

  it('logs out with the Deconectare icon and returns to /login', async () => {
    const { calls } = signedInAs(['medic']);
    const user = userEvent.setup();
    const { router } = await landOn('/pacienti', 'Pacienți');
    await user.click(screen.getByRole('button', { name: 'Deconectare' }));
    expect(await screen.findByRole('heading', { name: 'Autentificare' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/logout')).toBe(true);
  });
});

describe('first run', () => {
  it.each(['/login', '/pacienti'])('shows the setup screen at %s and lands the new admin', async (path) => {
    let isDone = false;
    const { calls } = mockApi({
      'GET /api/setup': () => ({ body: { needsSetup: !isDone } }),
      'GET /api/check-login': () => (isDone ? { body: sessionFor(['admin'], 'Maria Ionescu') } : SIGNED_OUT),
      'POST /api/setup': () => {
        isDone = true;
        return { status: 201, body: { name: 'Maria Ionescu', roles: ['admin'] } };
      },
    });
    const user = userEvent.setup();
    const { router } = await landOn(path, 'Configurare inițială');
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Creează administratorul' });
    expect(create.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Nume/), 'Maria Ionescu');
    await user.type(screen.getByLabelText(/^Email/), 'maria@clinica.ro');
    await user.type(screen.getByLabelText(/^Parolă/), 'o-parola-lunga');
    await user.type(screen.getByLabelText(/^Repetă parola/), 'o-parola-lunga');
    await waitFor(() => expect(create.disabled).toBe(false));
    await user.click(create);
    expect(await screen.findByRole('heading', { name: 'Pacienți' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pacienti');
    expect(calls.find((call) => call.url === '/api/setup' && call.method === 'POST')?.body).toEqual({
      nume: 'Maria Ionescu',
      email: 'maria@clinica.ro',
      password: 'o-parola-lunga',
      confirm: 'o-parola-lunga',
    });
  });
});
