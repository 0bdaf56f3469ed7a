import type { DocumentsByKind, PatientDocument } from '@odonto/domain/contracts/documents';

/** Documents as GET /api/documents/{patientId} answers them, for the screen's tests. */
export function makeDocument(overrides: Partial<PatientDocument> = {}): PatientDocument {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'document',
    label: 'Consimțământ',
    date: '2026-03-02',
    text: null,
    file: {
      name: 'Consimțământ.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      size: 1200,
      sha256: 'a'.repeat(64),
      width: null,
      height: null,
      hasThumb: false,
    },
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: null,
    version: 1,
    ...overrides,
  };
}

export const PDF_DOC = makeDocument();
export const XRAY_DOC = makeDocument({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'radiografie',
  label: 'Panoramică',
  file: {
    name: 'Panoramică.png',
    extension: 'png',
    contentType: 'image/png',
    size: 5000,
    sha256: 'b'.repeat(64),
    width: 1200,
    height: 600,
    hasThumb: true,
  },
});
export const NOTE_DOC = makeDocument({
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'nota',
  label: 'Observații',
  text: 'Pacientul preferă programări dimineața.',
  file: null,
});

export function byKind(documents: PatientDocument[]): DocumentsByKind {
  const groups: DocumentsByKind = { document: [], import: [], nota: [], radiografie: [] };
  for (const document of documents) groups[document.kind].push(document);
  return groups;
}
