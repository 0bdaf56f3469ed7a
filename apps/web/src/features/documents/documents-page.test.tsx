import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import * as modals from '../../ui/modals';
import { DELETE_QUESTION } from './documents-page';
import { byKind, NOTE_DOC, PDF_DOC, XRAY_DOC } from './documents-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function documentsApi(extra: Record<string, MockAnswer> = {}, roles = ['medic']) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7' }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/documents/p7': { body: byKind([PDF_DOC, XRAY_DOC, NOTE_DOC]) },
    ...REFERENCE_DATA,
    ...extra,
  });
}

async function openDocuments() {
  renderRoutes(routes, '/pacienti/docs/p7');
  await screen.findByRole('heading', { name: 'Documente', level: 1 });
  await screen.findAllByTestId('document');
}

describe('documents screen', () => {
  it('groups the documents by kind, with a thumbnail for pictures and the text of notes', async () => {
    documentsApi();
    await openDocuments();
    const docs = within(screen.getByTestId('documents-document'));
    expect(docs.getByRole('heading', { name: 'Documente (1)' })).toBeTruthy();
    expect(docs.getByText('Consimțământ.pdf')).toBeTruthy();
    const xrays = within(screen.getByTestId('documents-radiografie'));
    const thumb = xrays.getByAltText('Miniatură Panoramică');
    expect(thumb.getAttribute('src')).toBe(`/api/documents/p7/${XRAY_DOC.id}/thumb`);
    expect(within(screen.getByTestId('documents-nota')).getByTestId('document-text').textContent).toBe(
      NOTE_DOC.text,
    );
    expect(within(screen.getByTestId('documents-import')).getByText('Niciun fișier importat.')).toBeTruthy();
    const download = docs.getByRole('link', { name: 'Descarcă Consimțământ' });
    expect(download.getAttribute('href')).toBe(`/api/documents/p7/${PDF_DOC.id}/file?download=1`);
  });

  it('opens the add modal of each kind by its SPEC name', async () => {
    documentsApi();
    const open = vi.spyOn(modals, 'openModal').mockImplementation(() => undefined);
    await openDocuments();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adaugă document' }));
    await user.click(screen.getByRole('button', { name: 'Importă fișier pacient' }));
    await user.click(screen.getByRole('button', { name: 'Adaugă notă' }));
    await user.click(screen.getByRole('button', { name: 'Adaugă radiografie' }));
    await user.click(screen.getByRole('button', { name: 'Modifică Panoramică' }));
    expect(open.mock.calls.map(([name]) => name)).toEqual([
      'add-document',
      'add-import-patient-file',
      'add-note',
      'add-x-ray',
      'add-x-ray',
    ]);
    expect(open.mock.calls[4]?.[1]).toMatchObject({ kind: 'radiografie', document: { id: XRAY_DOC.id } });
    open.mockRestore();
  });

  it('shows a PDF in the page, an X-ray with zoom, and a note', async () => {
    documentsApi();
    await openDocuments();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Vezi Consimțământ' }));
    const viewer = await screen.findByTestId('document-viewer');
    expect(viewer.dataset['view']).toBe('pdf');
    expect(within(viewer).getByTitle('Consimțământ').getAttribute('src')).toBe(
      `/api/documents/p7/${PDF_DOC.id}/file`,
    );
    await user.click(screen.getByRole('button', { name: 'Închide' }));
    await waitFor(() => expect(screen.queryByTestId('document-viewer')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Vezi Panoramică' }));
    const picture = await screen.findByRole('img', { name: /^Panoramică \(/ });
    expect(picture.dataset['zoom']).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Mărește' }));
    await user.click(screen.getByRole('button', { name: 'Mărește' }));
    expect(picture.dataset['zoom']).toBe('1.563');
    expect(screen.getByTestId('zoom-level').textContent).toBe('156%');
    fireEvent.keyDown(picture, { key: '0' });
    expect(picture.dataset['zoom']).toBe('1');
    fireEvent.wheel(picture, { deltaY: -100, clientX: 0, clientY: 0 });
    expect(picture.dataset['zoom']).toBe('1.25');
    await user.click(screen.getByRole('button', { name: 'Închide' }));
    await waitFor(() => expect(screen.queryByTestId('document-viewer')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Vezi Observații' }));
    expect((await screen.findByTestId('note-text')).textContent).toBe(NOTE_DOC.text);
  });

  it('deletes after DA, not after NU', async () => {
    const { calls } = documentsApi({ 'POST /api/delete-doc/p7': { body: byKind([XRAY_DOC, NOTE_DOC]) } });
    await openDocuments();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Șterge Consimțământ' }));
    expect(await screen.findByText(DELETE_QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'NU' }));
    await user.click(screen.getByRole('button', { name: 'Șterge Consimțământ' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() => expect(screen.queryByText('Consimțământ.pdf')).toBeNull());
    const deletes = calls.filter((call) => call.url.includes('delete-doc'));
    expect(deletes.map((call) => call.body)).toEqual([{ id: PDF_DOC.id, version: 1 }]);
  });
});
