import { detectImageFormat } from './images';

/** What the bytes of an uploaded document are, by their magic numbers. */
export type ContentFormat = 'pdf' | 'jpeg' | 'png' | 'gif' | 'bmp' | 'heif';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** Readers (Acrobat, pdf.js) accept the header anywhere in the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

/**
 * The format the bytes really are (magic numbers, never the file name), or null: a program, an archive
 * or a text renamed to .pdf or .jpg is null here.
 */
export function detectContentFormat(data: Uint8Array): ContentFormat | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const pdfAt = bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC);
  if (pdfAt >= 0) return 'pdf';
  return detectImageFormat(bytes);
}

/** True when a PDF ends like one (`%%EOF` near the end), i.e. it was not cut off in transfer. */
export function looksComplete(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF', 0, 'latin1');
}
