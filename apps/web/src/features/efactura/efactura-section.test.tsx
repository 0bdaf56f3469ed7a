import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EFACTURA_MESSAGES,
  type EfacturaSettings,
  type EfacturaStatus,
} from '@odonto/domain/contracts/efactura';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { PLACES, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const NEW_SETTINGS: EfacturaSettings = {
  environment: 'prod',
  apiUrl: null,
  oauthUrl: null,
  clientId: '',
  hasClientSecret: false,
  redirectUri: '',
  cif: '',
  otherCifs: [],
  version: 0,
};
const SAVED: EfacturaSettings = {
  environment: 'test',
  apiUrl: null,
  oauthUrl: null,
  clientId: 'client-odonto',
  hasClientSecret: true,
  redirectUri: 'https://clinica.example.ro/api/efactura/callback',
  cif: '14399840',
  otherCifs: ['18547290'],
  version: 3,
};
const NOT_CONFIGURED: EfacturaStatus = {
  configured: false,
  connected: false,
  authorisedAt: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
};
const CONNECTED: EfacturaStatus = {
  configured: true,
  connected: true,
  authorisedAt: '2026-03-02T09:00:00.000Z',
  accessExpiresAt: '2026-06-02T09:00:00.000Z',
  refreshExpiresAt: '2029-03-01T09:00:00.000Z',
};

function efacturaApi(
  answers: { settings?: EfacturaSettings; status?: EfacturaStatus; put?: MockAnswer } = {},
) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['admin']) },
    'GET /api/places': PLACES,
    'GET /api/efactura/settings': { body: answers.settings ?? NEW_SETTINGS },
    'GET /api/efactura/status': { body: answers.status ?? NOT_CONFIGURED },
    'PUT /api/efactura/settings': answers.put ?? { body: { ...SAVED, version: 4 } },
  });
}

async function openSection(path = '/setari?tab=efactura') {
  renderRoutes(routes, path);
  const form = await screen.findByRole('form', { name: 'Conexiunea ANAF' });
  return form;
}

describe('Setări → e-Factura', () => {
  it('saves a new connection with the app callback address, the secret and the CIF as typed', async () => {
    const { calls } = efacturaApi();
    const user = userEvent.setup();
    const form = await openSection();
    expect(await screen.findByText('Neconectat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Autorizează în SPV' }).hasAttribute('disabled')).toBe(true);
    const callback = within(form).getByRole<HTMLInputElement>('textbox', {
      name: 'Adresa de callback (redirect URI)',
    });
    expect(callback.value).toBe(`${window.location.origin}/api/efactura/callback`);
    expect(callback.readOnly).toBe(true);
    expect(within(form).getByText('Secretul nu este încă setat.')).toBeTruthy();

    await user.click(within(form).getByRole('radio', { name: 'Test' }));
    await user.type(within(form).getByRole('textbox', { name: /ID client OAuth/ }), 'client-odonto');
    await user.type(within(form).getByLabelText('Secret client OAuth'), 's3cret');
    await user.type(within(form).getByRole('textbox', { name: /Codul fiscal al clinicii/ }), 'RO14399840');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));

    expect(await screen.findByText('Datele conexiunii e-Factura au fost salvate.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      environment: 'test',
      apiUrl: null,
      oauthUrl: null,
      clientId: 'client-odonto',
      clientSecret: 's3cret',
      redirectUri: `${window.location.origin}/api/efactura/callback`,
      cif: 'RO14399840',
      otherCifs: [],
      version: 0,
    });
  });

  it('never shows the stored secret and keeps it when the field is left empty', async () => {
    const { calls } = efacturaApi({ settings: SAVED, status: CONNECTED });
    const user = userEvent.setup();
    const form = await openSection();
    expect(within(form).getByText('Secretul este setat. Lăsați gol ca să-l păstrați.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Secret client OAuth').value).toBe('');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect('clientSecret' in body).toBe(false);
    expect(body.redirectUri).toBe(SAVED.redirectUri);
    expect(body.version).toBe(3);
  });

  it("lists the other firms' CIFs, adds one, refuses a repeat, and sends the list", async () => {
    const { calls } = efacturaApi({ settings: SAVED, status: CONNECTED });
    const user = userEvent.setup();
    const form = await openSection();
    const others = within(form).getByRole('combobox', { name: /Alte CIF-uri pentru care trimite/ });
    expect(within(form).getByText('18547290')).toBeTruthy();

    await user.type(others, 'RO14399840{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));
    expect(await within(form).findByText(EFACTURA_MESSAGES.otherCifRepeated)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // The repeat removed (Backspace in the empty field takes the last tag off), another firm's CIF added.
    await user.type(others, '{Backspace}');
    expect(within(form).queryByText('RO14399840')).toBeNull();
    await user.type(others, '31415926{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.otherCifs).toEqual(['18547290', '31415926']);
  });

  it('checks the client id, the CIF and the addresses before sending', async () => {
    const { calls } = efacturaApi();
    const user = userEvent.setup();
    const form = await openSection();
    await user.type(within(form).getByRole('textbox', { name: /Codul fiscal al clinicii/ }), 'RO1');
    await user.type(within(form).getByRole('textbox', { name: 'Adresa API e-Factura' }), 'ftp://anaf');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));
    expect(await within(form).findByText('ID-ul clientului OAuth este obligatoriu.')).toBeTruthy();
    expect(
      within(form).getByText('Codul fiscal (CIF) trebuie să aibă între 2 și 10 cifre, cu sau fără RO.'),
    ).toBeTruthy();
    expect(within(form).getByText('Adresa nu este validă (http:// sau https://).')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps what was typed when another admin saved first (409) and offers to reload', async () => {
    efacturaApi({
      settings: SAVED,
      status: CONNECTED,
      put: apiError(409, 'conflict', 'Datele au fost modificate între timp de altcineva.'),
    });
    const user = userEvent.setup();
    const form = await openSection();
    const clientId = within(form).getByRole<HTMLInputElement>('textbox', { name: /ID client OAuth/ });
    await user.clear(clientId);
    await user.type(clientId, 'client-nou');
    await user.click(within(form).getByRole('button', { name: 'Salvează conexiunea' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('modificate între timp de alt administrator');
    expect(within(alert).getByRole('button', { name: 'Reîncarcă datele salvate' })).toBeTruthy();
    expect(clientId.value).toBe('client-nou');
  });

  it('shows the connection and links the authorisation to the server, which redirects to ANAF', async () => {
    efacturaApi({ settings: SAVED, status: CONNECTED });
    await openSection();
    expect(await screen.findByText('Conectat')).toBeTruthy();
    expect(screen.getByText(/Autorizarea expiră la 01\.03\.2029/)).toBeTruthy();
    const authorise = screen.getByRole('link', { name: 'Reautorizează în SPV' });
    expect(authorise.getAttribute('href')).toBe('/api/efactura/authorize');
  });

  it.each([
    ['conectat', 'Aplicația a fost autorizată la ANAF (SPV). e-Factura este conectată.'],
    ['refuzat', 'Autorizarea a fost refuzată în SPV. e-Factura nu este conectată; puteți încerca din nou.'],
    ['eroare', /Autorizarea la ANAF nu a reușit/],
  ])('tells the result ANAF sent back (%s) on the e-Factura tab', async (result, message) => {
    efacturaApi({
      settings: SAVED,
      status: result === 'conectat' ? CONNECTED : { ...CONNECTED, connected: false },
    });
    await openSection(`/setari?efactura=${result}`);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'e-Factura' }).getAttribute('aria-selected')).toBe('true');
  });
});
