import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { CONFLICT_MESSAGE } from './patient-edit-page';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

type Handler = MockAnswer | ((request: { url: string; method: string; body: unknown }) => MockAnswer);

function formApi(extra: Record<string, Handler>) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    ...REFERENCE_DATA,
    ...extra,
  });
}

function field(name: RegExp): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('textbox', { name });
}

function bodyOf(calls: { method: string; url: string; body: unknown }[], url: string): unknown {
  return calls.find((call) => call.method === 'POST' && call.url === url)?.body;
}

async function openAdd() {
  const view = renderRoutes(routes, '/pacienti/add');
  await screen.findByRole('heading', { name: 'Pacient nou' });
  return view;
}

describe('patient form keystroke filters', () => {
  it('lets names take letters, spaces and hyphens only, and the phone digits and + only', async () => {
    formApi({});
    const user = userEvent.setup();
    await openAdd();
    await user.type(field(/^Nume/), 'Pop3scu-Ion_escu!');
    expect(field(/^Nume/).value).toBe('Popscu-Ionescu');
    await user.type(field(/^Prenume/), 'Ana Maria 2');
    expect(field(/^Prenume/).value).toBe('Ana Maria ');
    await user.type(field(/^Telefon/), '+40 722-12a3');
    expect(field(/^Telefon/).value).toBe('+40722123');
  });

  it('sends the phone without spaces, the county and the locality typed without diacritics', async () => {
    const { calls } = formApi({ 'POST /api/save-pacient': { status: 201, body: makePatient() } });
    const user = userEvent.setup();
    const { router } = await openAdd();
    await user.type(field(/^Nume/), 'Ștefănescu');
    await user.type(field(/^Prenume/), 'Ion');
    await user.click(field(/^Telefon/));
    await user.paste('0722 123 456');
    expect(field(/^Telefon/).value).toBe('0722123456');
    await user.click(screen.getByRole('combobox', { name: 'Județ' }));
    await user.click(await screen.findByRole('option', { name: 'Brașov (BV)' }));
    await user.type(await screen.findByRole('combobox', { name: 'Oraș / localitate' }), 'sacele');
    await user.click(await screen.findByRole('option', { name: 'Săcele' }));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Oraș / localitate' }).value).toBe(
      'Săcele',
    );
    await user.click(screen.getByRole('checkbox', { name: /^Alergii/ }));
    await user.type(screen.getByRole('textbox', { name: /^Notă: Alergii/ }), 'penicilină');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pacienti'));
    expect(bodyOf(calls, '/api/save-pacient')).toEqual({
      nume: 'Ștefănescu',
      prenume: 'Ion',
      email: '',
      telefon: '0722123456',
      birthdate: null,
      judet: 'Brașov',
      oras: 'Săcele',
      tara: 'România',
      medic: '',
      igienizare: false,
      antecedente: { alergii: { val: true, text: 'penicilină' } },
      antecedenteDetalii: '',
    });
  });

  it('shows the locality of a village with its commune', async () => {
    formApi({});
    const user = userEvent.setup();
    await openAdd();
    await user.click(screen.getByRole('combobox', { name: 'Județ' }));
    await user.click(await screen.findByRole('option', { name: 'Brașov (BV)' }));
    await user.type(await screen.findByRole('combobox', { name: 'Oraș / localitate' }), 'barab');
    expect((await screen.findByRole('option')).textContent).toBe('Bărăbanț(Alba Iulia)');
  });
});

describe('saving a new patient', () => {
  it("alerts 'Eroare salvare pacient.' and puts the server's messages under their fields", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    formApi({
      'POST /api/save-pacient': apiError(400, 'invalid_input', 'Datele trimise nu sunt valide.', {
        email: 'Adresa de email nu este validă.',
      }),
    });
    const user = userEvent.setup();
    const { router } = await openAdd();
    await user.type(field(/^Nume/), 'Popescu');
    await user.type(field(/^Prenume/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Eroare salvare pacient.'));
    expect(await screen.findByText('Adresa de email nu este validă.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pacienti/add');
    expect(field(/^Nume/).value).toBe('Popescu');
  });

  it('does not send a form with a missing name: focus on it, the errors listed above the form', async () => {
    const { calls } = formApi({});
    const user = userEvent.setup();
    await openAdd();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect((await screen.findAllByText('Câmpul este obligatoriu.')).length).toBe(2);
    expect(calls.some((call) => call.url === '/api/save-pacient')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(field(/^Nume/)));
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Nume: Câmpul este obligatoriu.', 'Prenume: Câmpul este obligatoriu.']);
    await user.click(within(summary).getByRole('button', { name: 'Prenume: Câmpul este obligatoriu.' }));
    expect(document.activeElement).toBe(field(/^Prenume/));
  });
});

describe('editing a patient', () => {
  async function openEdit() {
    const view = renderRoutes(routes, '/pacienti/edit/p7');
    await screen.findByRole('heading', { name: 'Date pacient' });
    await screen.findByRole('form', { name: 'Formular date pacient' });
    return view;
  }

  it('sends the loaded version; a 409 says so and keeps what the user typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let loads = 0;
    const { calls } = formApi({
      'GET /api/get-pacient/p7': () => {
        loads += 1;
        return { body: makePatient(loads === 1 ? {} : { prenume: 'Anca', version: 4 }) };
      },
      'POST /api/update-pacient/p7': apiError(
        409,
        'conflict',
        'Datele au fost modificate între timp de altcineva.',
      ),
    });
    const user = userEvent.setup();
    const { router } = await openEdit();
    expect(field(/^Prenume/).value).toBe('Ana');
    await user.clear(field(/^Prenume/));
    await user.type(field(/^Prenume/), 'Ioana');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));

    expect(await screen.findByText(CONFLICT_MESSAGE)).toBeTruthy();
    expect(field(/^Prenume/).value).toBe('Ioana');
    expect(router.state.location.pathname).toBe('/pacienti/edit/p7');
    expect(bodyOf(calls, '/api/update-pacient/p7')).toMatchObject({ prenume: 'Ioana', version: 3 });

    await user.click(screen.getByRole('button', { name: 'Reîncarcă datele pacientului' }));
    await waitFor(() => expect(field(/^Prenume/).value).toBe('Anca'));
    expect(screen.queryByText(CONFLICT_MESSAGE)).toBeNull();
  });

  it("refuses an anonymised patient's edit with its own message, not as an edit conflict", async () => {
    const refusal =
      'Pacientul a fost anonimizat: datele lui de identitate nu mai pot fi completate sau modificate.';
    formApi({
      'GET /api/get-pacient/p7': { body: makePatient() },
      'POST /api/update-pacient/p7': apiError(409, 'anonymised', refusal),
    });
    const user = userEvent.setup();
    await openEdit();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Datele nu au fost salvate')).toBeTruthy();
    expect(screen.queryByText(CONFLICT_MESSAGE)).toBeNull();
  });

  it('logs another failure, clears the loading flag and tells the user in a toast', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    formApi({
      'GET /api/get-pacient/p7': { body: makePatient() },
      'POST /api/update-pacient/p7': apiError(500, 'server_error', 'Eroare server.'),
    });
    const user = userEvent.setup();
    await openEdit();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Datele nu au fost salvate')).toBeTruthy();
    expect(logError).toHaveBeenCalled();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('saves and returns to the list', async () => {
    const { calls } = formApi({
      'GET /api/get-pacient/p7': { body: makePatient({ telefon: '0722 123 456' }) },
      'POST /api/update-pacient/p7': { body: makePatient({ version: 4 }) },
    });
    const user = userEvent.setup();
    const { router } = await openEdit();
    await user.click(screen.getByRole('checkbox', { name: 'Igienizare' }));
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pacienti'));
    expect(bodyOf(calls, '/api/update-pacient/p7')).toMatchObject({
      igienizare: true,
      telefon: '0722123456',
      version: 3,
    });
  });
});
