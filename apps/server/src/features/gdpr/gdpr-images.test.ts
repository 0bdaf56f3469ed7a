import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GdprExport, GdprFile } from '@odonto/domain/contracts/gdpr';
import { pdfText } from '../../../../../e2e/support/pdf-text';
import { redBlue } from '../../../test/stored-files';
import type { FileRow } from '../../db/database';
import { createDiskBlobStore } from '../../files/disk-blob-store';
import type { ExportedFile } from './gdpr-document';
import { pdfPictureSource, type PdfPicture, type PdfPictureBox } from './gdpr-images';
import { renderGdprPdf } from './gdpr-pdf';

const PHOTO: PdfPictureBox = { width: 360, height: 270, kind: 'photo' };

function exported(diskName: string, path: string): ExportedFile {
  const row: FileRow = {
    id: diskName,
    patient_id: 'p',
    kind: 'picture',
    name: diskName,
    disk_name: `ab/${diskName}`,
    content_type: 'image/jpeg',
    size: 0,
    sha256: '',
    width: null,
    height: null,
    created_at: '2026-03-02T09:00:00.000Z',
    created_by: null,
    deleted_at: null,
  };
  return { row, path };
}

async function storedFiles(
  files: Record<string, Buffer>,
): Promise<{ dataDir: string; rows: ExportedFile[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'odonto-gdpr-img-'));
  await mkdir(join(dataDir, 'files', 'ab'), { recursive: true });
  const rows: ExportedFile[] = [];
  for (const [name, data] of Object.entries(files)) {
    await writeFile(join(dataDir, 'files', 'ab', name), data);
    rows.push(exported(name, `imagini-tratamente/${name}`));
  }
  return { dataDir, rows };
}

describe('pdfPictureSource', () => {
  it('makes a large photo a JPEG that fits the box, its aspect kept', async () => {
    const { dataDir, rows } = await storedFiles({ 'mare.jpg': await redBlue('jpeg', 2000, 1000) });
    const picture = await pdfPictureSource(createDiskBlobStore(dataDir), rows)(
      'imagini-tratamente/mare.jpg',
      PHOTO,
    );
    expect(picture).toMatchObject({ width: 360, height: 180 });
    const metadata = await sharp(picture?.data).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 360, 180]);
  });

  it('never enlarges a small picture', async () => {
    const { dataDir, rows } = await storedFiles({ 'mica.png': await redBlue('png', 120, 80) });
    const picture = await pdfPictureSource(createDiskBlobStore(dataDir), rows)(
      'imagini-tratamente/mica.png',
      PHOTO,
    );
    expect(picture).toMatchObject({ width: 120, height: 80 });
  });

  it('draws a transparent signature as a PNG on white', async () => {
    const strokes = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: {
            create: { width: 100, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
          },
          left: 100,
          top: 45,
        },
      ])
      .png()
      .toBuffer();
    const { dataDir, rows } = await storedFiles({ 'semnatura.png': strokes });
    const picture = await pdfPictureSource(createDiskBlobStore(dataDir), rows)(
      'imagini-tratamente/semnatura.png',
      {
        width: 300,
        height: 120,
        kind: 'drawing',
      },
    );
    const { data, info } = await sharp(picture?.data).raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(picture?.data).metadata()).format).toBe('png');
    expect(info.channels).toBe(3);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // Transparent background → white; the stroke stays black.
    expect(pixel(10, 10)).toEqual([255, 255, 255]);
    expect(pixel(150, 50)).toEqual([0, 0, 0]);
  });

  it('answers null for a file gone from disk, bytes that are no image, and a place not in the export', async () => {
    const { dataDir, rows } = await storedFiles({ 'stricata.jpg': Buffer.from('%PDF-1.4 nu e o imagine') });
    const source = pdfPictureSource(createDiskBlobStore(dataDir), [
      ...rows,
      exported('disparuta.jpg', 'imagini-tratamente/disparuta.jpg'),
    ]);
    expect(await source('imagini-tratamente/stricata.jpg', PHOTO)).toBeNull();
    expect(await source('imagini-tratamente/disparuta.jpg', PHOTO)).toBeNull();
    expect(await source('imagini-tratamente/alta.jpg', PHOTO)).toBeNull();
  });
});

function file(cale: string): GdprFile {
  return {
    cale,
    nume: cale.split('/').at(-1) ?? cale,
    tip: 'picture',
    contentType: 'image/jpeg',
    marime: 1,
    sha256: 'ab',
    creatLa: '2026-03-02T09:00:00.000Z',
  };
}

/** An export with one treatment entry and its pictures, everything else empty. */
function exportWithPictures(paths: readonly string[]): GdprExport {
  return {
    format: 'odonto-gdpr-export',
    versiune: 1,
    generatLa: '2026-03-02T09:00:00.000Z',
    generatDe: 'Dr. Ana Ionescu',
    pacient: {
      _id: 'p',
      fisaNr: 7,
      nume: 'Popescu',
      prenume: 'Ana',
      email: '',
      telefon: '',
      dataNasterii: null,
      judet: '',
      oras: '',
      tara: 'România',
      medic: '',
      igienizare: false,
      blocat: false,
      antecedente: {},
      antecedenteDetalii: '',
      creatLa: '2026-03-01T09:00:00.000Z',
      modificatLa: '2026-03-01T09:00:00.000Z',
      fotografie: null,
    },
    schita: { dintiStersi: [], dinti: [] },
    tratamente: [
      {
        id: 1,
        tip: 'tratament',
        denumire: 'Obturație compozit',
        mapId: null,
        dinte: '1.6',
        dinteStart: null,
        dinteDestinatie: null,
        detalii: '',
        medic: 'Dr. Ana Ionescu',
        data: '2026-03-01T10:00:00.000Z',
        modificatLa: null,
        instrumente: [],
        semnatura: null,
        stersLa: null,
        anulare: null,
        imagini: paths.map((path, index) => ({
          id: `pic-${index}`,
          nume: path,
          tip: index % 2 === 0 ? 'inainte' : 'dupa',
          latime: 1600,
          inaltime: 1200,
          pozitie: index,
          stearsLa: null,
          fisier: file(path),
        })),
      },
    ],
    programari: [],
    documente: [],
    semnaturi: [],
    scrisori: [],
    planuri: [],
    financiar: { costuri: [], plati: [], alocari: [], facturi: [] },
    jurnal: [],
    fisiere: [],
  };
}

const imageCount = (pdf: Buffer) => pdf.toString('latin1').split('/Subtype /Image').length - 1;

describe('renderGdprPdf', () => {
  it('reads and draws the pictures one at a time, naming in words those it cannot draw', async () => {
    const photo = await redBlue('jpeg', 1600, 1200);
    const paths = ['a.jpg', 'b.jpg', 'stricata.jpg', 'c.jpg', 'eroare.jpg', 'd.jpg'].map(
      (name) => `imagini-tratamente/${name}`,
    );
    let reading = 0;
    let mostAtOnce = 0;
    const asked: string[] = [];
    const pdf = await renderGdprPdf(
      exportWithPictures(paths),
      async (path, box): Promise<PdfPicture | null> => {
        asked.push(path);
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        await new Promise((resolve) => setTimeout(resolve, 5));
        reading -= 1;
        if (path.endsWith('stricata.jpg')) return null;
        if (path.endsWith('eroare.jpg')) throw new Error('disk error');
        const { data, info } = await sharp(photo)
          .resize({ width: box.width, height: box.height, fit: 'inside' })
          .jpeg()
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      },
    );
    expect(asked).toEqual(paths);
    expect(mostAtOnce).toBe(1);
    expect(imageCount(pdf)).toBe(4);
    const text = pdfText(pdf);
    expect(text).toContain('imagine înainte · imagini-tratamente/a.jpg');
    expect(text).toContain('imagine după · imagini-tratamente/d.jpg');
    expect(text).toContain(
      'imagine înainte: fișier: imagini-tratamente/stricata.jpg (imaginea nu a putut fi desenată)',
    );
    expect(text).toContain(
      'imagine înainte: fișier: imagini-tratamente/eroare.jpg (imaginea nu a putut fi desenată)',
    );
  });

  it('keeps the text line of a picture whose file is missing from the archive', async () => {
    const data = exportWithPictures(['imagini-tratamente/lipsa.jpg']);
    const [entry] = data.tratamente;
    const [picture] = entry?.imagini ?? [];
    if (picture?.fisier) picture.fisier = { ...picture.fisier, cale: null, nume: 'lipsa.jpg' };
    const asked: string[] = [];
    const pdf = await renderGdprPdf(data, async (path) => {
      asked.push(path);
      return null;
    });
    expect(asked).toEqual([]);
    expect(imageCount(pdf)).toBe(0);
    expect(pdfText(pdf)).toContain('imagine înainte: fișierul lipsa.jpg lipsește din arhivă');
  });
});
