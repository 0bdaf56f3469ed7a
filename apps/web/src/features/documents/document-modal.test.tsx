import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockApi } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { DocumentModal } from './document-modal';
import { byKind, NOTE_DOC, PDF_DOC } from './documents-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

afterEach(() => vi.unstubAllGlobals());

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function sentForm(calls: { body: unknown }[]): { obj: unknown; file: File | null } {
  const form = calls.at(-1)?.body;
  if (!(form instanceof FormData)) throw new Error('not a form');
  const file = form.get('file');
  return { obj: JSON.parse(String(form.get('obj'))), file: file instanceof File ? file : null };
}

describe('document modals', () => {
  it('adds a PDF document: label + extension is the saved name; obj as JSON and the file', async () => {
    const close = vi.fn();
    const { calls } = mockApi({ 'POST /api/update-doc/p7': { status: 201, body: byKind([PDF_DOC]) } });
    renderWithProviders(<DocumentModal patientId="p7" kind="document" document={null} close={close} />);
    const user = userEvent.setup({ applyAccept: false });
    const label = screen.getByRole('textbox', { name: 'Denumire' });
    await user.clear(label);
    await user.type(label, 'Consimțământ');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Consimțământ.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const { obj, file } = sentForm(calls);
    expect(obj).toMatchObject({ kind: 'document', label: 'Consimțământ' });
    expect(file?.name).toBe('scan.pdf');
  });

  it('requires the file, and refuses a wrong extension with "Format fisier nesuportat."', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = mockApi({});
    renderWithProviders(<DocumentModal patientId="p7" kind="radiografie" document={null} close={vi.fn()} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['%PDF'], 'raport.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenCalledWith('Format fisier nesuportat.');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Alegeți fișierul.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message (e.g. 415 for content that does not match)', async () => {
    const message = 'Conținutul fișierului nu corespunde extensiei .pdf: fișierul nu este un document PDF.';
    mockApi({ 'POST /api/update-doc/p7': apiError(415, 'unsupported_media', message) });
    renderWithProviders(<DocumentModal patientId="p7" kind="import" document={null} close={vi.fn()} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['MZ'], 'factura.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('adds a note with its text, and edits a note without a file', async () => {
    const close = vi.fn();
    const { calls } = mockApi({ 'POST /api/update-doc/p7': { body: byKind([NOTE_DOC]) } });
    renderWithProviders(<DocumentModal patientId="p7" kind="nota" document={NOTE_DOC} close={close} />);
    expect(document.querySelector('input[type="file"]')).toBeNull();
    const user = userEvent.setup();
    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Textul notei este obligatoriu.')).toBeTruthy();
    await user.type(text, 'Alergic la penicilină');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(sentForm(calls)).toEqual({
      obj: {
        id: NOTE_DOC.id,
        version: 1,
        kind: 'nota',
        label: 'Observații',
        date: '2026-03-02',
        text: 'Alergic la penicilină',
      },
      file: null,
    });
  });
});
