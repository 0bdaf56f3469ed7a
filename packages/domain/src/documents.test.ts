import { describe, expect, it } from 'vitest';
import { updateDocObj } from './contracts/documents';
import {
  contentMismatchMessage,
  documentFileName,
  fileExtension,
  formatOfExtension,
  groupDocuments,
  isAllowedDocumentFile,
  isImageFormat,
  kindHasFile,
  nextZoom,
  panAfterZoom,
  type DocumentKind,
} from './documents';

describe('isAllowedDocumentFile', () => {
  it.each<[DocumentKind, string, boolean]>([
    ['document', 'consimtamant.pdf', true],
    ['document', 'SCAN.PDF', true],
    ['document', 'poza.jpg', true],
    ['document', 'poza.jpeg', true],
    ['document', 'plan.docx', false],
    ['document', 'pdf', false],
    ['import', 'fisa-clinica-veche.pdf', true],
    ['import', 'panoramic.png', true],
    ['import', 'setup.exe', false],
    ['radiografie', 'opg.png', true],
    ['radiografie', 'opg.BMP', true],
    ['radiografie', 'retro.gif', true],
    ['radiografie', 'raport.pdf', false],
    ['radiografie', 'opg.heic', false],
    ['nota', 'nota.txt', false],
    ['nota', 'nota.pdf', false],
  ])('%s accepts %s: %s', (kind, name, allowed) => {
    expect(isAllowedDocumentFile(kind, name)).toBe(allowed);
  });

  it('stores a file for every kind but notes', () => {
    expect([kindHasFile('document'), kindHasFile('import'), kindHasFile('radiografie')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(kindHasFile('nota')).toBe(false);
  });
});

describe('fileExtension and formatOfExtension', () => {
  it.each([
    ['a.PDF', 'pdf', 'pdf'],
    ['a.b.jpeg', 'jpeg', 'jpeg'],
    ['poza.JPG', 'jpg', 'jpeg'],
    ['.pdf', '', null],
    ['fara', '', null],
    ['punct.', '', null],
    ['x.exe', 'exe', null],
  ])('%s → %s, %s', (name, extension, format) => {
    expect(fileExtension(name)).toBe(extension);
    expect(formatOfExtension(extension)).toBe(format);
  });

  it('treats every format but PDF as a picture', () => {
    expect(isImageFormat('pdf')).toBe(false);
    expect(isImageFormat('png')).toBe(true);
    expect(isImageFormat(null)).toBe(false);
  });
});

describe('contentMismatchMessage', () => {
  it.each([
    ['pdf', 'Conținutul fișierului nu corespunde extensiei .pdf: fișierul nu este un document PDF.'],
    ['JPG', 'Conținutul fișierului nu corespunde extensiei .jpg: fișierul nu este o imagine JPEG.'],
    ['xyz', 'Conținutul fișierului nu corespunde extensiei .xyz.'],
  ])('.%s', (extension, message) => {
    expect(contentMismatchMessage(extension)).toBe(message);
  });
});

describe('documentFileName (SPEC.md §5: label + extension)', () => {
  it.each([
    ['Consimțământ', 'pdf', 'Consimțământ.pdf'],
    ['Radiografie panoramică', 'PNG', 'Radiografie panoramică.png'],
    ['  fișă / clinica "veche"  ', 'pdf', 'fișă _ clinica _veche_.pdf'],
    ['Notă', null, 'Notă'],
    ['   ', 'jpg', 'document.jpg'],
  ])('%j + %s → %s', (label, extension, name) => {
    expect(documentFileName(label, extension)).toBe(name);
  });
});

describe('groupDocuments', () => {
  it('groups by kind, newest date first, then newest added', () => {
    const docs = [
      { id: 'a', kind: 'document' as const, date: '2026-01-10', createdAt: '2026-01-10T10:00:00Z' },
      { id: 'b', kind: 'radiografie' as const, date: '2026-02-01', createdAt: '2026-02-01T10:00:00Z' },
      { id: 'c', kind: 'document' as const, date: '2026-03-01', createdAt: '2026-03-01T10:00:00Z' },
      { id: 'd', kind: 'document' as const, date: '2026-03-01', createdAt: '2026-03-01T11:00:00Z' },
      { id: 'e', kind: 'nota' as const, date: '2026-03-01', createdAt: '2026-03-01T11:00:00Z' },
    ];
    const groups = groupDocuments(docs);
    expect(groups.document.map((doc) => doc.id)).toEqual(['d', 'c', 'a']);
    expect(groups.radiografie.map((doc) => doc.id)).toEqual(['b']);
    expect(groups.nota.map((doc) => doc.id)).toEqual(['e']);
    expect(groups.import).toEqual([]);
  });
});

describe('zoom and pan', () => {
  it.each([
    [1, 1, 1.25],
    [1, -1, 1],
    [6.5, 1, 8],
    [2, -2, 1.28],
  ])('zoom %d by %d notches → %d', (zoom, steps, next) => {
    expect(nextZoom(zoom, steps)).toBe(next);
  });

  it('keeps the point under the pointer in place, and centres again at zoom 1', () => {
    // At zoom 2 a point 100 px right of the centre is image point 50; at zoom 4 it must stay at 100 px.
    expect(panAfterZoom({ x: 0, y: 0 }, { x: 100, y: 0 }, 2, 4)).toEqual({ x: -100, y: 0 });
    expect(panAfterZoom({ x: -40, y: 30 }, { x: 10, y: 10 }, 2, 1)).toEqual({ x: 0, y: 0 });
  });
});

describe('updateDocObj', () => {
  const base = { kind: 'document', label: 'Consimțământ', date: '2026-03-02' };

  it.each([
    ['a new document', base, true],
    ['a note with text', { ...base, kind: 'nota', text: 'Pacientul preferă programări dimineața.' }, true],
    ['an update with its version', { ...base, id: '6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f', version: 2 }, true],
  ])('accepts %s', (_name, obj, ok) => {
    expect(updateDocObj.safeParse(obj).success).toBe(ok);
  });

  it.each([
    ['an empty label', { ...base, label: '  ' }, 'label', 'Denumirea este obligatorie.'],
    ['a note without text', { ...base, kind: 'nota' }, 'text', 'Textul notei este obligatoriu.'],
    ['text on a document', { ...base, text: 'x' }, 'text', 'Doar notele au text.'],
    ['a bad date', { ...base, date: '2026-13-40' }, 'date', 'Data nu este validă.'],
    ['an unknown kind', { ...base, kind: 'video' }, 'kind', 'Tipul documentului nu este valid.'],
    [
      'an update without version',
      { ...base, id: '6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f' },
      'version',
      'Versiunea documentului lipsește.',
    ],
  ])('refuses %s', (_name, obj, path, message) => {
    const result = updateDocObj.safeParse(obj);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((candidate) => candidate.path.join('.') === path);
    expect(issue?.message).toBe(message);
  });

  it('refuses unknown keys', () => {
    expect(updateDocObj.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});
