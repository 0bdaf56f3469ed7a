import { describe, expect, it } from 'vitest';
import { gdprReadme, gdprSlug, gdprZipName } from './gdpr';

describe('gdpr export names', () => {
  it.each([
    ['Radiografie panoramică', 'radiografie-panoramica'],
    ['Consimțământ / Șablon 2', 'consimtamant-sablon-2'],
    ['  ---  ', ''],
  ])('slug of %j is %j', (text, slug) => {
    expect(gdprSlug(text)).toBe(slug);
  });

  it('names the ZIP by file number and name, in ASCII', () => {
    expect(gdprZipName({ fileNumber: 12, nume: 'Ștefănescu', prenume: 'Ioana-Maria' })).toBe(
      'date-pacient-12-stefanescu-ioana-maria.zip',
    );
    expect(gdprZipName({ fileNumber: 3, nume: '', prenume: '' })).toBe('date-pacient-3.zip');
  });

  it('says what each part of the ZIP is', () => {
    const text = gdprReadme('Popescu Ana (fișa nr. 12)', '02.03.2026 11:00:00');
    expect(text).toContain('Datele pacientului Popescu Ana (fișa nr. 12)');
    for (const part of ['fisa-pacient.pdf', 'date-pacient.json', 'documente/', 'semnaturi/']) {
      expect(text).toContain(part);
    }
  });
});
