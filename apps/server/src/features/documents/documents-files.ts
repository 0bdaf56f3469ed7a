import {
  contentMismatchMessage,
  fileExtension,
  formatOfExtension,
  isAllowedDocumentFile,
  type DocumentKind,
} from '@odonto/domain/documents';
import { detectContentFormat, looksComplete } from '../../files/content';
import { prepareImage } from '../../files/images';
import type { UploadedFile } from '../../files/multipart';
import type { NewStoredFile } from '../../files/store';
import { AppError } from '../../plugins/errors';
import { unsupportedFormat } from './documents-form';

export const DOCUMENT_FILE = 'document';
export const DOCUMENT_THUMB = 'document-thumb';
/** Scans and X-rays keep their detail for zooming; larger ones are scaled down to this side. */
const MAX_IMAGE_SIDE = 4096;

/** A document's file ready to store: the main file, a picture's thumbnail, and the saved extension. */
export interface PreparedDocumentFile {
  main: NewStoredFile;
  thumb: NewStoredFile | null;
  extension: string;
}

/**
 * Checks an upload against its kind and its content: the extension must be one the kind accepts (415
 * 'Format fisier nesuportat.'), and the bytes must be what the extension says (magic numbers; a renamed
 * program is a 415 that says so). PDFs are stored as sent; pictures are re-encoded like every image
 * (decision 0006: upright, no metadata) with a PNG thumbnail. Stored files get random public names: the
 * document's routes serve them, by document id.
 */
export async function prepareDocumentFile(
  kind: DocumentKind,
  upload: UploadedFile,
  patientId: string,
  createdBy: string | null,
  storedName: () => string,
): Promise<PreparedDocumentFile> {
  if (!isAllowedDocumentFile(kind, upload.fileName)) throw unsupportedFormat();
  const extension = fileExtension(upload.fileName);
  const expected = formatOfExtension(extension);
  const actual = detectContentFormat(upload.data);
  if (actual === null || actual !== expected) {
    throw new AppError(415, 'unsupported_media', contentMismatchMessage(extension));
  }
  const common = { patientId, createdBy };
  if (actual === 'pdf') {
    if (!looksComplete(upload.data)) {
      throw new AppError(422, 'unprocessable', 'Fișierul PDF pare incomplet sau deteriorat.');
    }
    return {
      main: {
        ...common,
        kind: DOCUMENT_FILE,
        name: storedName(),
        contentType: 'application/pdf',
        data: upload.data,
      },
      thumb: null,
      extension,
    };
  }
  const image = await prepareImage(upload.data, {
    formatError: contentMismatchMessage(extension),
    maxSide: MAX_IMAGE_SIDE,
    thumbSide: 256,
    thumbFit: 'inside',
    keepLossless: true,
  });
  // The saved name keeps the user's extension while the stored format is that one (.jpeg stays .jpeg).
  const kept = formatOfExtension(extension) === formatOfExtension(image.main.extension);
  return {
    main: { ...common, kind: DOCUMENT_FILE, name: storedName(), ...image.main },
    thumb: { ...common, kind: DOCUMENT_THUMB, name: storedName(), ...image.thumb },
    extension: kept ? extension : image.main.extension,
  };
}
