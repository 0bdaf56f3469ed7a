import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatBreadcrumbDate } from '@odonto/domain/dates';
import type { Patient } from '@odonto/domain/contracts/patients';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { DELETE_PATIENT_QUESTION } from './patient-header';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

type Handler = MockAnswer | ((request: { url: string; method: string; body: unknown }) => MockAnswer);

function headerApi(roles: string[], patient: Partial<Patient> = {}, extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7', ...patient }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    ...REFERENCE_DATA,
    ...extra,
  });
}

async function openPatient(section = 'history') {
  const view = renderRoutes(routes, `/pacienti/${section}/p7`);
  await screen.findByTestId('patient-name');
  return view;
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('patient header', () => {
  it('shows the breadcrumb, the names, age, phone and the indicators', async () => {
    headerApi(['medic'], { antecedente: { alergii: { val: true, text: 'penicilină' } } });
    await openPatient();
    const breadcrumb = screen.getByRole('navigation', { name: 'Cale de navigare' });
    expect(within(breadcrumb).getByRole('link', { name: 'Pacienți' }).getAttribute('href')).toBe('/pacienti');
    expect(within(breadcrumb).getByText('Fișa nr. 7')).toBeTruthy();
    expect(within(breadcrumb).getByText(formatBreadcrumbDate('2026-03-05T10:00:00.000Z'))).toBeTruthy();
    expect(screen.getByTestId('patient-name').textContent).toBe('Popescu Ana');
    expect(screen.getByText('45 ani')).toBeTruthy();
    expect(screen.getByRole('link', { name: '0722123456' }).getAttribute('href')).toBe('tel:0722123456');
    const allergies = screen.getByLabelText(/^ALERGII:/);
    expect(allergies.getAttribute('aria-label')).toBe('ALERGII: Alergii (medicamente, latex, anestezice)');
    expect(allergies.hasAttribute('data-active')).toBe(true);
    const antecedents = screen.getByLabelText(/^ANTECEDENTE:/);
    expect(antecedents.getAttribute('aria-label')).toBe('ANTECEDENTE: Nu sunt marcate antecedente.');
    expect(antecedents.hasAttribute('data-active')).toBe(false);
    // The screen below keeps its own heading.
    expect(await screen.findByRole('heading', { name: 'Istoric tratamente' })).toBeTruthy();
  });

  it.each([
    ['edit', 'Date pacient', 'Date pacient'],
    ['docs', 'Documente', 'Documente'],
    ['schita', 'Schiță dentară', 'Schiță dentară'],
    ['history', 'Istoric tratamente', 'Istoric tratamente'],
    ['programari', 'Istoric tratamente', 'Programări'],
  ])('on %s highlights %s in the right side menu', async (section, highlighted, current) => {
    headerApi(['medic']);
    await openPatient(section);
    const menu = screen.getByRole('navigation', { name: 'Meniu pacient' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Istoric tratamente',
      'Date pacient',
      'Documente',
      'Schiță dentară',
      'Programări',
      'Plan de tratament',
      'Cont',
    ]);
    expect(
      links
        .filter((link) => link.hasAttribute('data-highlighted'))
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([highlighted]);
    expect(within(menu).getByRole('link', { name: current }).getAttribute('aria-current')).toBe('page');
  });
});

describe('avatar', () => {
  it("refuses another extension with 'Format document nesuportat.' and uploads a HEIC in capitals", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = headerApi(
      ['asistent'],
      {},
      {
        'POST /api/save-avatar-img': {
          body: { name: 'avatar-1a.jpg', thumb: 'thumb-avatar-1a.jpg.png', version: 4 },
        },
      },
    );
    const user = userEvent.setup({ applyAccept: false });
    await openPatient();
    expect(fileInput().getAttribute('accept')).toBe('.jpg,.jpeg,.png,.bmp,.gif,.heic');

    await user.upload(fileInput(), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenCalledWith('Format document nesuportat.');
    expect(calls.some((call) => call.url === '/api/save-avatar-img')).toBe(false);

    await user.upload(fileInput(), new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/save-avatar-img')).toBe(true));
    const form = calls.find((call) => call.url === '/api/save-avatar-img')?.body as FormData;
    expect(form.get('id')).toBe('p7');
    expect((form.get('file') as File).name).toBe('IMG_0001.HEIC');
    const picture = await screen.findByRole('img', { name: 'Poza pacientului Popescu Ana' });
    expect(picture.getAttribute('src')).toBe('/history-imgs/p7/thumb-avatar-1a.jpg.png');
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it("alerts 'Eroare server.' when the upload fails", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    headerApi(
      ['medic'],
      {},
      { 'POST /api/save-avatar-img': apiError(500, 'server_error', 'Eroare server.') },
    );
    const user = userEvent.setup();
    await openPatient();
    await user.upload(fileInput(), new File(['png'], 'poza.png', { type: 'image/png' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Eroare server.'));
  });

  it('keeps an open edit form current after the user changes the avatar', async () => {
    const { calls } = headerApi(
      ['medic'],
      {},
      {
        'POST /api/save-avatar-img': {
          body: { name: 'avatar-1a.png', thumb: 'thumb-avatar-1a.png.png', version: 4 },
        },
        'POST /api/update-pacient/p7': { body: makePatient({ _id: 'p7', version: 5 }) },
      },
    );
    const user = userEvent.setup();
    const { router } = await openPatient('edit');
    await user.upload(fileInput(), new File(['png'], 'poza.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Poza pacientului Popescu Ana' });
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pacienti'));
    expect(calls.find((call) => call.url === '/api/update-pacient/p7')?.body).toMatchObject({ version: 4 });
  });

  it('shows the picture large and removes it', async () => {
    const { calls } = headerApi(
      ['medic'],
      { avatar: 'avatar-1a.png', version: 4 },
      {
        'POST /api/delete-avatar-img': { body: { ok: true, version: 5 } },
      },
    );
    const user = userEvent.setup();
    await openPatient();
    await user.click(screen.getByRole('button', { name: 'Vezi poza pacientului' }));
    const dialog = await screen.findByRole('dialog', { name: 'Poza pacientului' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/history-imgs/p7/avatar-1a.png');
    await user.click(within(dialog).getByRole('button', { name: 'Șterge poza' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Vezi poza pacientului' })).toBeNull());
    expect(calls.find((call) => call.url === '/api/delete-avatar-img')?.body).toEqual({
      id: 'p7',
      name: 'avatar-1a.png',
    });
  });
});

describe('what each role may do in the header', () => {
  it('gives an asistent no block toggle and no delete button', async () => {
    headerApi(['asistent']);
    await openPatient();
    expect(screen.queryByRole('switch', { name: 'Blocat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Șterge pacientul' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Încarcă poza pacientului' })).toBeTruthy();
  });

  it('marks a deleted patient an admin opened, without block or delete', async () => {
    headerApi(['admin'], { deletedAt: '2026-03-06T10:00:00.000Z' });
    await openPatient();
    expect(screen.getByText('Șters')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Blocat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Șterge pacientul' })).toBeNull();
  });

  it('lets a medic block the patient, and the header marks it', async () => {
    const { calls } = headerApi(
      ['medic'],
      {},
      {
        'POST /api/block-pacient': { body: makePatient({ _id: 'p7', blocked: true }) },
      },
    );
    const user = userEvent.setup();
    await openPatient();
    expect(screen.queryByText('Blocat', { selector: '.mantine-Badge-label' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Blocat' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Blocat' }).checked).toBe(true),
    );
    expect(screen.getByText('Blocat', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/block-pacient')?.body).toEqual({ id: 'p7' });
  });

  it('deletes after a DA and returns to the list; NU keeps the patient', async () => {
    const { calls } = headerApi(['medic'], {}, { 'GET /api/delete-pacient/p7': { body: { id: 'p7' } } });
    const user = userEvent.setup();
    const { router } = await openPatient();
    await user.click(screen.getByRole('button', { name: 'Șterge pacientul' }));
    expect(await screen.findByText(DELETE_PATIENT_QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'NU' }));
    expect(calls.some((call) => call.url === '/api/delete-pacient/p7')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Șterge pacientul' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pacienti'));
    expect(await screen.findByText('Pacientul Popescu Ana a fost șters.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/delete-pacient/p7')?.headers['X-Requested-With']).toBe(
      'odonto',
    );
  });
});
