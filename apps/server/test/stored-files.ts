import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../src/db/database';

let fileNumber = 0;

/** A bare patient row, written directly (the avatar and file tests need only its id). */
export async function insertPatientRow(
  db: Kysely<Database>,
  overrides: { avatar?: string | null; deletedAt?: string | null } = {},
): Promise<string> {
  fileNumber += 1;
  const id = randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto('patients')
    .values({
      id,
      file_number: 100_000 + fileNumber,
      nume: 'Popescu',
      prenume: 'Ana',
      email: '',
      telefon: '',
      judet: '',
      oras: '',
      tara: 'România',
      medic: '',
      igienizare: 0,
      blocked: 0,
      antecedente: '{}',
      antecedente_detalii: '',
      dinti_stersi: '[]',
      avatar: overrides.avatar ?? null,
      search_key: 'popescu ana',
      judet_norm: '',
      oras_norm: '',
      tara_norm: 'romania',
      medic_norm: '',
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: overrides.deletedAt ?? null,
    })
    .execute();
  return id;
}

/** Every file under `<data dir>/files/` (relative paths), the temp folder included. */
export async function filesOnDisk(dataDir: string): Promise<string[]> {
  try {
    const entries = await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(join(dataDir, 'files').length + 1))
      .sort();
  } catch {
    return [];
  }
}

/** Test images made in code: an opaque two-colour picture (red left half, blue right half). */
export async function redBlue(
  format: 'png' | 'jpeg' | 'gif' | 'avif',
  width = 120,
  height = 80,
): Promise<Buffer> {
  const half = {
    create: { width: width / 2, height, channels: 3 as const, background: { r: 20, g: 20, b: 220 } },
  };
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } },
  }).composite([{ input: half, left: width / 2, top: 0 }]);
  if (format === 'avif') return image.heif({ compression: 'av1' }).toBuffer();
  return image.toFormat(format).toBuffer();
}

/** A JPEG a phone would send: lying on its side (EXIF orientation 6) and with GPS coordinates. */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp(await redBlue('png'))
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telefon' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 25/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '26/1 6/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** True when an EXIF block has a GPS section (the GPSInfo pointer, tag 0x8825, in either byte order). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** A PNG with transparency. */
export function transparentPng(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

/** A valid 2×2 24-bit BMP (Windows Paint's default format). */
export function bmp(): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + 16, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(16, 34);
  return Buffer.concat([header, Buffer.alloc(16, 0x80)]);
}

/** A real 1×1 PNG whose header claims `width`×`height` (valid CRC), to test limits without the pixels. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
