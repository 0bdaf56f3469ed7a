import type { BlobStore } from '../../files/blob-store';
import { MAX_PIXELS } from '../../files/images';
import { withImageSlot } from '../../files/image-pool';
import { loadSharp } from '../../files/sharp';
import { readStoredFile } from '../../files/store';
import type { ExportedFile } from './gdpr-document';

/** A picture made small for fisa-pacient.pdf: its encoded bytes and size in pixels. */
export interface PdfPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** The box a picture is made to fit, in pixels; 'photo' is a JPEG, 'drawing' a PNG (signatures: sharp lines). */
export interface PdfPictureBox {
  width: number;
  height: number;
  kind: 'photo' | 'drawing';
}

/**
 * Reads the picture at a place in the ZIP and makes it small enough for the PDF, or null when it cannot
 * be drawn (gone from disk, not an image, damaged): the PDF then says so in words, the export goes on.
 */
export type PdfPictureSource = (path: string, box: PdfPictureBox) => Promise<PdfPicture | null>;

/**
 * The pictures of an export, read through the file store one at a time when the PDF asks for them and
 * decoded in the shared bounded pool (files/image-pool.ts): a record of hundreds of pictures holds one
 * original and one small copy in memory at a time.
 */
export function pdfPictureSource(blobs: BlobStore, files: readonly ExportedFile[]): PdfPictureSource {
  const byPath = new Map(files.map((file) => [file.path, file.row]));
  return async (path, box) => {
    const row = byPath.get(path);
    if (!row) return null;
    try {
      const original = await readStoredFile({ blobs }, row);
      if (!original) return null;
      return await withImageSlot(() => shrink(original, box));
    } catch {
      return null;
    }
  };
}

/** Upright, at most the box (never enlarged), on white (no transparency), without metadata. */
export async function shrink(input: Buffer, box: PdfPictureBox): Promise<PdfPicture> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
    .autoOrient()
    .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' });
  const encoded =
    box.kind === 'photo'
      ? image.jpeg({ quality: 70, mozjpeg: true })
      : image.png({ compressionLevel: 9, palette: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
