import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { FileUpload } from './file-upload';

function setup() {
  // The rejection path needs files the native picker would have filtered out.
  return userEvent.setup({ applyAccept: false });
}

function fileInput(label: string): HTMLInputElement {
  const group = screen.getByRole('group', { name: label });
  const input = group.ownerDocument.querySelector<HTMLInputElement>(
    `input[type="file"][aria-label="${label}"]`,
  );
  if (!input) throw new Error('no file input');
  return input;
}

describe('FileUpload', () => {
  it('goes from no file to a chosen image with a preview, then to removed', async () => {
    const user = setup();
    const handleChange = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<FileUpload label="inainte" onChange={handleChange} />);

    const group = screen.getByRole('group', { name: 'inainte' });
    expect(group.dataset.state).toBe('none');

    const photo = new File(['img'], 'IMG_1.JPG', { type: 'image/jpeg' });
    await user.upload(fileInput('inainte'), photo);
    expect(group.dataset.state).toBe('chosen');
    expect(handleChange).toHaveBeenLastCalledWith(photo, 'inainte.jpg');
    const preview = within(group).getByRole<HTMLImageElement>('img', { name: 'Previzualizare IMG_1.JPG' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');

    await user.click(within(group).getByRole('button', { name: 'Elimină fișierul' }));
    expect(group.dataset.state).toBe('removed');
    expect(handleChange).toHaveBeenLastCalledWith(null, null);
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
    expect(within(group).getByRole('button', { name: 'Alege fișier' })).toBeTruthy();
  });

  it('shows a generic file icon for a document the caller allows', async () => {
    const user = setup();
    const createUrl = vi.spyOn(URL, 'createObjectURL');
    renderWithProviders(<FileUpload label="consimtamant" extensions={['pdf']} />);
    await user.upload(fileInput('consimtamant'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    const group = screen.getByRole('group', { name: 'consimtamant' });
    expect(group.dataset.state).toBe('chosen');
    expect(within(group).queryByRole('img')).toBeNull();
    expect(within(group).getByText('scan.pdf')).toBeTruthy();
    expect(within(group).getByText('consimtamant.pdf')).toBeTruthy();
    expect(createUrl).not.toHaveBeenCalled();
  });

  it('rejects a wrong extension with the alert "Format fisier nesuportat."', async () => {
    const user = setup();
    const alert = vi.fn();
    // happy-dom has no alert of its own.
    vi.stubGlobal('alert', alert);
    const handleChange = vi.fn();
    renderWithProviders(<FileUpload label="inainte" onChange={handleChange} />);
    await user.upload(fileInput('inainte'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenCalledWith('Format fisier nesuportat.');
    expect(handleChange).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'inainte' }).dataset.state).toBe('none');
  });

  it('offers only the allowed extensions to the file picker', () => {
    renderWithProviders(<FileUpload label="radiografie" />);
    expect(fileInput('radiografie').accept).toBe('.jpg,.jpeg,.png,.bmp,.gif');
  });

  it('marks a required upload and shows the error the form gives it', () => {
    renderWithProviders(<FileUpload label="inainte" required error="Câmpul este obligatoriu." />);
    expect(fileInput('inainte').getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Câmpul este obligatoriu.')).toBeTruthy();
  });
});
