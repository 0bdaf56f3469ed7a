import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, SIGNED_OUT, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';

const WRONG_PASSWORD = 'emailul sau parola este incorectă.';
const UNKNOWN_EMAIL = 'email inexistent.';

function signedOutApi(extra: Record<string, MockAnswer | ((r: { body: unknown }) => MockAnswer)> = {}) {
  return mockApi({ 'GET /api/setup': NO_SETUP, 'GET /api/check-login': SIGNED_OUT, ...extra });
}

async function openLogin(path = '/login') {
  const view = renderRoutes(routes, path);
  await screen.findByRole('heading', { name: /Autentificare|Parolă nouă/ });
  return view;
}

/** The reset link's page, once its form (which comes with its own code, after the title) is there. */
async function openNewPasswordForm(link: string) {
  const view = await openLogin(link);
  await screen.findByLabelText(/^Parolă nouă/);
  return view;
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

describe('login mode', () => {
  it('keeps login disabled until the email is valid and a password is typed', async () => {
    signedOutApi();
    const user = userEvent.setup();
    await openLogin();
    expect(button('Intră în cont').disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), 'nu-e-email');
    await user.type(screen.getByLabelText(/^Parolă/), 'secret');
    expect(button('Intră în cont').disabled).toBe(true);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.ro');
    await waitFor(() => expect(button('Intră în cont').disabled).toBe(false));
  });

  it('shows and hides the password', async () => {
    signedOutApi();
    const user = userEvent.setup();
    await openLogin();
    const password = screen.getByLabelText<HTMLInputElement>(/^Parolă/);
    expect(password.type).toBe('password');
    await user.click(button('Arată parola'));
    expect(password.type).toBe('text');
    await user.click(button('Arată parola'));
    expect(password.type).toBe('password');
  });

  it.each([
    [WRONG_PASSWORD, 'ana@clinica.ro'],
    [UNKNOWN_EMAIL, 'nimeni@clinica.ro'],
  ])('shows the server text %j on failure, and clears it on switching mode', async (message, email) => {
    signedOutApi({ 'POST /api/login': apiError(401, 'unauthenticated', message) });
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText(/^Email/), email);
    await user.type(screen.getByLabelText(/^Parolă/), 'gresita');
    await user.click(button('Intră în cont'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await user.click(button('Ați uitat parola?'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [['medic'], 'Pacienți', '/pacienti'],
    [['sterilizare'], 'Sterilizare', '/sterilizare'],
  ])('signs a %j user in and lands on their page', async (roles, heading, path) => {
    let isSignedIn = false;
    const { calls } = mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': () => (isSignedIn ? { body: sessionFor(roles) } : SIGNED_OUT),
      'POST /api/login': () => {
        isSignedIn = true;
        return { body: { name: 'Dr. Ana Popescu', roles } };
      },
    });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), '  Ana@Clinica.ro ');
    await user.type(screen.getByLabelText(/^Parolă/), 'parola-buna-123');
    await user.click(button('Intră în cont'));
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    const login = calls.find((call) => call.url === '/api/login');
    expect(login?.body).toEqual({ email: 'ana@clinica.ro', password: 'parola-buna-123' });
    // The landing list is asked for as soon as the password is accepted, beside the session check that
    // follows, not after it; and only once (the page takes that answer). Nobody else asks for it.
    const afterLogin = calls
      .slice(calls.indexOf(login as (typeof calls)[number]) + 1)
      .map((call) => call.url);
    const listCalls = afterLogin.filter((url) => url.startsWith('/api/pacienti?'));
    expect(listCalls).toHaveLength(path === '/pacienti' ? 1 : 0);
    if (path === '/pacienti') {
      expect(afterLogin.findIndex((url) => url.startsWith('/api/pacienti?'))).toBeLessThan(
        afterLogin.indexOf('/api/check-login'),
      );
    }
  });
});

describe('reset request mode', () => {
  it('asks for the link and confirms it was sent', async () => {
    const { calls } = signedOutApi({ 'GET /api/forgot-pass/ana@clinica.ro': { body: { ok: true } } });
    const user = userEvent.setup();
    await openLogin();
    await user.click(button('Ați uitat parola?'));
    expect(screen.getByRole('heading', { name: 'Resetare parolă' })).toBeTruthy();
    // The mode's form comes with its own code, after the title.
    await screen.findByRole('button', { name: 'Trimite linkul de resetare' });
    expect(button('Trimite linkul de resetare').disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.ro');
    await waitFor(() => expect(button('Trimite linkul de resetare').disabled).toBe(false));
    await user.click(button('Trimite linkul de resetare'));
    expect(await screen.findByText('Link-ul de resetare al parolei a fost trimis pe email.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/forgot-pass/ana%40clinica.ro')).toBe(true);
    await user.click(button('Înapoi la autentificare'));
    expect(screen.getByRole('heading', { name: 'Autentificare' })).toBeTruthy();
  });

  it('flags an unknown email', async () => {
    signedOutApi({ 'GET /api/forgot-pass/nimeni@clinica.ro': apiError(404, 'not_found', UNKNOWN_EMAIL) });
    const user = userEvent.setup();
    await openLogin();
    await user.click(button('Ați uitat parola?'));
    await screen.findByRole('button', { name: 'Trimite linkul de resetare' });
    await user.type(screen.getByLabelText(/^Email/), 'nimeni@clinica.ro');
    await user.click(button('Trimite linkul de resetare'));
    expect((await screen.findByRole('alert')).textContent).toBe(UNKNOWN_EMAIL);
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    await user.click(button('Înapoi la autentificare'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('new password mode', () => {
  const LINK = '/login?reset_pass=0123456789abcdef&email=ana%40clinica.ro';

  it('needs both passwords to match before saving', async () => {
    signedOutApi();
    const user = userEvent.setup();
    await openNewPasswordForm(LINK);
    await user.type(screen.getByLabelText(/^Parolă nouă/), 'parola-noua-2026');
    await user.type(screen.getByLabelText(/^Repetă parola/), 'alta-parola-2026');
    expect(await screen.findByText('Parolele nu coincid')).toBeTruthy();
    expect(button('Salvează').disabled).toBe(true);
    await user.clear(screen.getByLabelText(/^Repetă parola/));
    await user.type(screen.getByLabelText(/^Repetă parola/), 'parola-noua-2026');
    await waitFor(() => expect(button('Salvează').disabled).toBe(false));
    expect(screen.queryByText('Parolele nu coincid')).toBeNull();
  });

  it('saves the new password, then goes to /login with a success message', async () => {
    const { calls } = signedOutApi({ 'POST /api/save-new-pass': { body: { ok: true } } });
    const user = userEvent.setup();
    const { router } = await openNewPasswordForm(LINK);
    await user.type(screen.getByLabelText(/^Parolă nouă/), 'parola-noua-2026');
    await user.type(screen.getByLabelText(/^Repetă parola/), 'parola-noua-2026');
    await waitFor(() => expect(button('Salvează').disabled).toBe(false));
    await user.click(button('Salvează'));
    expect(await screen.findByText('Parolă salvată')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Autentificare' })).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/save-new-pass')?.body).toEqual({
      email: 'ana@clinica.ro',
      token: '0123456789abcdef',
      password: 'parola-noua-2026',
      confirm: 'parola-noua-2026',
    });
  });

  it('shows why the server refused the link', async () => {
    const expired = 'Link-ul de resetare nu este valid sau a expirat.';
    signedOutApi({ 'POST /api/save-new-pass': apiError(400, 'invalid_input', expired) });
    const user = userEvent.setup();
    await openNewPasswordForm(LINK);
    await user.type(screen.getByLabelText(/^Parolă nouă/), 'parola-noua-2026');
    await user.type(screen.getByLabelText(/^Repetă parola/), 'parola-noua-2026');
    await waitFor(() => expect(button('Salvează').disabled).toBe(false));
    await user.click(button('Salvează'));
    expect((await screen.findByRole('alert')).textContent).toBe(expired);
  });
});
