import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TWO_FACTOR_MESSAGES } from '@odonto/domain/contracts/two-factor';
import { routes } from '../../app/router';
import { NO_SETUP, SIGNED_OUT, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Odonto:ana%40clinica.ro?issuer=Odonto&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** A clinic where the password step answers `passwordAnswer` and the second step `secondStep`. */
function twoFactorApi(passwordAnswer: unknown, routesOf: Record<string, (body: unknown) => MockAnswer>) {
  const state = { isSignedIn: false };
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': () => (state.isSignedIn ? { body: sessionFor(['medic']) } : SIGNED_OUT),
    'POST /api/login': { body: passwordAnswer },
  };
  for (const [route, answer] of Object.entries(routesOf)) {
    handlers[route] = ({ body }) => {
      const result = answer(body);
      if ((result.status ?? 200) === 200) state.isSignedIn = true;
      return result;
    };
  }
  return mockApi(handlers);
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  renderRoutes(routes, '/login');
  await screen.findByRole('heading', { name: 'Autentificare' });
  await user.type(screen.getByLabelText(/^Email/), 'ana@clinica.ro');
  await user.type(screen.getByLabelText(/^Parolă/), 'parola-buna-123');
  await user.click(screen.getByRole('button', { name: 'Intră în cont' }));
}

describe('two-factor sign-in on the login screen', () => {
  it('asks for a code after the password and lands once it is accepted', async () => {
    const { calls } = twoFactorApi(
      { twoFactor: 'code' },
      {
        'POST /api/login/two-factor': (body) =>
          (body as { code: string }).code === '123456'
            ? { body: { name: 'Dr. Ana Popescu', roles: ['medic'] } }
            : apiError(401, 'unauthenticated', TWO_FACTOR_MESSAGES.wrongCode),
      },
    );
    const user = userEvent.setup();
    await typePassword(user);
    expect(await screen.findByRole('heading', { name: 'Verificare în doi pași' })).toBeTruthy();
    const field = await screen.findByLabelText(/^Cod din aplicație sau cod de recuperare/);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verifică' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verifică' }));
    expect(await screen.findByRole('heading', { name: 'Pacienți' })).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/login/two-factor').map((call) => call.body);
    expect(sent).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('refuses a code that is neither six digits nor a recovery code before sending it', async () => {
    const { calls } = twoFactorApi({ twoFactor: 'code' }, {});
    const user = userEvent.setup();
    await typePassword(user);
    await user.type(await screen.findByLabelText(/^Cod din aplicație sau cod de recuperare/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verifică' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/login/two-factor')).toBe(false);
  });

  it('goes back to email and password when the second step expired', async () => {
    twoFactorApi(
      { twoFactor: 'code' },
      {
        'POST /api/login/two-factor': () =>
          apiError(401, 'unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired),
      },
    );
    const user = userEvent.setup();
    await typePassword(user);
    await user.type(await screen.findByLabelText(/^Cod din aplicație sau cod de recuperare/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verifică' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(screen.getByRole('heading', { name: 'Autentificare' })).toBeTruthy();
  });

  it('leads a user of a required role through setup, shows the recovery codes, then opens the app', async () => {
    const codes = Array.from(
      { length: 10 },
      (_, index) => `aaaa-bbbb-cccc-dd${String(index).padStart(2, 'e')}`,
    );
    twoFactorApi(
      { twoFactor: 'setup', setup: SETUP },
      {
        'POST /api/login/two-factor/setup': () => ({
          body: { name: 'Dr. Ana Popescu', roles: ['medic'], recoveryCodes: codes },
        }),
      },
    );
    const user = userEvent.setup();
    await typePassword(user);
    expect(
      await screen.findByText('Clinica cere autentificarea în doi pași pentru contul dumneavoastră.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(await screen.findByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Cod din aplicație/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Activează' }));
    expect(await screen.findAllByTestId('recovery-code')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Am salvat codurile, continuă' }));
    expect(await screen.findByRole('heading', { name: 'Pacienți' })).toBeTruthy();
  });
});
