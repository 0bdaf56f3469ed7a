import sharp from 'sharp';

/**
 * Demo files made in code (no binary fixtures in the repository): a one-page PDF with a few lines of
 * text, and a panoramic-X-ray-like greyscale picture.
 */

/** A valid one-page A5 PDF (PDF 1.4, Helvetica, WinAnsi text) with a title and lines. */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 16 Tf 40 540 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -30 Td 16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Text for a PDF string: Romanian letters Helvetica's WinAnsi lacks lose their comma/cedilla. */
function pdfText(text: string): string {
  return text
    .replace(/[șş]/g, 's')
    .replace(/[ȘŞ]/g, 'S')
    .replace(/[țţ]/g, 't')
    .replace(/[ȚŢ]/g, 'T')
    .replace(/[ăâ]/g, 'a')
    .replace(/[ĂÂ]/g, 'A')
    .replace(/î/g, 'i')
    .replace(/Î/g, 'I')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A dark panoramic picture with two arches of light teeth, varied by `seed`. */
export async function demoXray(seed: number, width = 1200, height = 600): Promise<Buffer> {
  const teeth: string[] = [];
  for (let index = 0; index < 16; index += 1) {
    const x = 130 + index * 59;
    const lift = Math.abs(index - 7.5) * 6;
    const shade = 200 + ((seed * 7 + index * 13) % 50);
    const tall = 120 + ((seed + index) % 4) * 8;
    teeth.push(
      `<rect x="${x}" y="${150 + lift}" width="44" height="${tall}" rx="16" fill="rgb(${shade},${shade},${shade})"/>`,
      `<rect x="${x}" y="${320 - lift}" width="44" height="${tall}" rx="16" fill="rgb(${shade - 20},${shade - 20},${shade - 20})"/>`,
    );
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g"><stop offset="0" stop-color="#555"/><stop offset="1" stop-color="#0b0b0b"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${teeth.join('')}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}
