import type { Stats } from 'sharp';
import {
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_SIDE,
  SIGNATURE_MESSAGES,
} from '@odonto/domain/contracts/signatures';
import { loadSharp } from '../../files/sharp';
import { AppError } from '../../plugins/errors';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG of a signature_pad data URL, checked by its bytes and re-encoded (nothing a client sent is
 * served as is, docs/decisions/0006): 413 above SIGNATURE_MAX_BYTES, 415 when it is no PNG, 422 when it
 * cannot be decoded or is larger than SIGNATURE_MAX_SIDE, 400 when nothing is drawn (fully transparent
 * or of one colour).
 */
export async function signaturePng(
  dataUrl: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (bytes.byteLength > SIGNATURE_MAX_BYTES) {
    throw new AppError(413, 'too_large', SIGNATURE_MESSAGES.imageTooLarge);
  }
  if (bytes.byteLength < PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    throw new AppError(415, 'unsupported_media', SIGNATURE_MESSAGES.imageInvalid);
  }
  try {
    const sharp = await loadSharp();
    const image = sharp(bytes, { limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE });
    const metadata = await image.metadata();
    const { width, height } = metadata;
    if (metadata.format !== 'png' || !width || !height) throw new Error('not a png');
    if (width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) throw new Error('too large');
    const stats = await image.stats();
    if (isBlank(stats)) throw new AppError(400, 'invalid_input', SIGNATURE_MESSAGES.imageEmpty);
    const data = await sharp(bytes).png({ compressionLevel: 9 }).toBuffer();
    return { data, width, height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, 'unprocessable', SIGNATURE_MESSAGES.imageInvalid);
  }
}

/** Nothing drawn: every pixel transparent, or one colour all over. */
function isBlank(stats: Stats): boolean {
  const alpha = stats.channels.length === 4 || stats.channels.length === 2 ? stats.channels.at(-1) : null;
  if (alpha && alpha.max === 0) return true;
  return stats.channels.every((channel) => channel.min === channel.max);
}
