import type { DocumentsByKind, PatientDocument } from '@odonto/domain/contracts/documents';
import { documentFileName, groupDocuments, type DocumentKind } from '@odonto/domain/documents';
import type { DocumentWithFile } from './documents.queries';

/** A document row as the API answers it. */
export function toPatientDocument(row: DocumentWithFile): PatientDocument {
  const { file } = row;
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    label: row.label,
    date: row.day,
    text: row.text,
    file:
      file === null
        ? null
        : {
            name: documentFileName(row.label, row.extension),
            extension: row.extension ?? '',
            contentType: file.content_type,
            size: file.size,
            sha256: file.sha256,
            width: file.width,
            height: file.height,
            hasThumb: row.thumb_file_id !== null,
          },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function toDocumentsByKind(rows: readonly DocumentWithFile[]): DocumentsByKind {
  return groupDocuments(rows.map(toPatientDocument));
}
