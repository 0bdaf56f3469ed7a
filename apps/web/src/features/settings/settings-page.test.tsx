import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { PLACES, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const SAVED: ClinicSettings = {
  ...DEFAULT_CLINIC,
  nume: 'Clinica Zâmbet',
  adresa: 'Str. Lungă 5, Brașov',
  telefon: '0268123456',
  cui: 'RO14399840',
  titluriMedici: [{ userId: 'd1', titlu: 'Medic primar' }],
  version: 4,
};

function clinicApi(answers: { put?: MockAnswer; logo?: MockAnswer } = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['admin']) },
    'GET /api/places': PLACES,
    'GET /api/clinic': { body: SAVED },
    'GET /api/get-medici': {
      body: [
        { _id: 'd1', nume: 'Dr. Ana Popescu', email: 'ana@clinica.ro' },
        { _id: 'd2', nume: 'Dr. Mihai Ionescu', email: 'mihai@clinica.ro' },
      ],
    },
    'PUT /api/clinic': answers.put ?? { body: { ...SAVED, version: 5 } },
    'POST /api/clinic/logo': answers.logo ?? { body: { ...SAVED, logo: 'logo-1.png', version: 5 } },
  });
}

async function openClinicSection() {
  renderRoutes(routes, '/setari');
  const section = await screen.findByRole('region', { name: 'Date clinică' });
  await within(section).findByRole('textbox', { name: 'Dr. Ana Popescu' });
  return section;
}

describe('Setări → Date clinică', () => {
  it('shows the saved details and sends the edited ones with the loaded version', async () => {
    const { calls } = clinicApi();
    const user = userEvent.setup();
    const section = await openClinicSection();
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'Numele clinicii' }).value).toBe(
      'Clinica Zâmbet',
    );
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'Dr. Ana Popescu' }).value).toBe(
      'Medic primar',
    );
    // The SIRUTA section is still on the page.
    expect(screen.getByRole('region', { name: 'Localități (SIRUTA)' })).toBeTruthy();

    const email = within(section).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'contact@zambet.ro');
    await user.type(within(section).getByRole('textbox', { name: 'Dr. Mihai Ionescu' }), 'Medic specialist');
    await user.type(within(section).getByRole('textbox', { name: 'Textul ștampilei' }), 'Cod parafă A1');
    await user.click(within(section).getByRole('button', { name: 'Salvează datele clinicii' }));

    expect(await screen.findByText('Datele clinicii au fost salvate.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      nume: 'Clinica Zâmbet',
      adresa: 'Str. Lungă 5, Brașov',
      telefon: '0268123456',
      email: 'contact@zambet.ro',
      cui: 'RO14399840',
      stampila: 'Cod parafă A1',
      regCom: '',
      strada: '',
      localitate: '',
      judetCod: '',
      codPostal: '',
      iban: '',
      banca: '',
      platitorTva: false,
      titluriMedici: [
        { userId: 'd1', titlu: 'Medic primar' },
        { userId: 'd2', titlu: 'Medic specialist' },
      ],
      version: 4,
    });
  });

  it('checks the CUI in the browser before sending', async () => {
    const { calls } = clinicApi();
    const user = userEvent.setup();
    const section = await openClinicSection();
    const cui = within(section).getByRole('textbox', { name: 'Cod fiscal (CUI)' });
    await user.clear(cui);
    await user.type(cui, '1234567');
    await user.click(within(section).getByRole('button', { name: 'Salvează datele clinicii' }));
    expect(await within(section).findByText('Codul fiscal (CUI) nu este valid.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers to reload when another admin saved first (409)', async () => {
    clinicApi({ put: apiError(409, 'conflict', 'Datele au fost modificate între timp de altcineva.') });
    const user = userEvent.setup();
    const section = await openClinicSection();
    await user.click(within(section).getByRole('button', { name: 'Salvează datele clinicii' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Datele au fost modificate între timp de altcineva.');
    expect(within(alert).getByRole('button', { name: 'Reîncarcă datele salvate' })).toBeTruthy();
  });

  it('uploads a logo and then bases the form on the version it moved to', async () => {
    const { calls } = clinicApi();
    const user = userEvent.setup();
    const section = await openClinicSection();
    const input = section.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['png'], 'sigla.png', { type: 'image/png' }));
    await user.click(within(section).getByRole('button', { name: 'Încarcă sigla' }));
    expect(await within(section).findByRole('img', { name: 'Sigla clinicii' })).toBeTruthy();
    const form = calls.find((call) => call.url === '/api/clinic/logo')?.body as FormData;
    expect((form.get('file') as File).name).toBe('sigla.png');

    await user.click(within(section).getByRole('button', { name: 'Salvează datele clinicii' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ version: 5 }),
    );
  });
});
