import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_EXTENSIONS,
  acceptAttribute,
  fileExtension,
  isAllowedExtension,
  isImageFile,
  isUploadValid,
  savedFileName,
} from './file-name';

describe('upload file names', () => {
  it.each([
    ['poza.JPG', 'jpg'],
    ['arhiva.tar.gz', 'gz'],
    ['fara-extensie', ''],
    ['.ascuns', ''],
    ['punct.', ''],
  ])('reads the extension of %s as %j', (name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });

  it.each([
    ['radiografie.png', DEFAULT_UPLOAD_EXTENSIONS, true],
    ['radiografie.BMP', DEFAULT_UPLOAD_EXTENSIONS, true],
    ['scrisoare.pdf', DEFAULT_UPLOAD_EXTENSIONS, false],
    ['scrisoare.pdf', ['pdf'], true],
    ['scrisoare.PDF', ['.pdf'], true],
    ['poza.jpg', ['pdf'], false],
    ['fara-extensie', DEFAULT_UPLOAD_EXTENSIONS, false],
  ] as const)('allows %s with %j → %s', (name, allowed, expected) => {
    expect(isAllowedExtension(name, allowed)).toBe(expected);
  });

  it('names the saved file after the label plus the extension', () => {
    expect(savedFileName('inainte', 'IMG_2041.JPG')).toBe('inainte.jpg');
    expect(savedFileName('consimtamant', 'scan.pdf')).toBe('consimtamant.pdf');
    expect(savedFileName('nota', 'fara-extensie')).toBe('nota');
  });

  it('tells images from other files', () => {
    expect(isImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ name: 'a.gif', type: '' })).toBe(true);
    expect(isImageFile({ name: 'a.heic', type: 'image/heic' })).toBe(false);
  });

  it('makes a required upload valid once a file is loaded', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(isUploadValid(true, null)).toBe(false);
    expect(isUploadValid(true, file)).toBe(true);
    expect(isUploadValid(false, null)).toBe(true);
  });

  it('builds the file input accept list', () => {
    expect(acceptAttribute(DEFAULT_UPLOAD_EXTENSIONS)).toBe('.jpg,.jpeg,.png,.bmp,.gif');
    expect(acceptAttribute(['PDF'])).toBe('.pdf');
  });
});
