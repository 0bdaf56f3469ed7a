import { detectImageFormat } from './images';

/** What the bytes of an uploaded document are, by their magic numbers. */
export type ContentFormat = 'pdf' | 'jpeg' | 'png' | 'gif' | 'bmp' | 'heif';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** Readers (Acrobat, pdf.js) accept the header anywhere in the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

/**
 * Programs and scripts by their first bytes: Windows (MZ), Linux (ELF), macOS (Mach-O, both byte orders and
 * the universal binary), and a script's '#!'. Such a file is never a document, even with '%PDF-' planted in
 * its first kilobyte (a PDF reader would open it; the program would still run when saved and opened).
 */
const PROGRAM_MAGICS = [
  Buffer.from('MZ', 'latin1'),
  Buffer.from('\x7fELF', 'latin1'),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
  Buffer.from('#!', 'latin1'),
];

/**
 * The format the bytes really are (magic numbers, never the file name), or null: a program, an archive
 * or a text renamed to .pdf or .jpg is null here.
 */
export function detectContentFormat(data: Uint8Array): ContentFormat | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (PROGRAM_MAGICS.some((magic) => bytes.subarray(0, magic.length).equals(magic))) return null;
  const pdfAt = bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC);
  if (pdfAt >= 0) return 'pdf';
  return detectImageFormat(bytes);
}

/** True when a PDF ends like one (`%%EOF` near the end), i.e. it was not cut off in transfer. */
export function looksComplete(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF', 0, 'latin1');
}
