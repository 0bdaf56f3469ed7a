import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as Chromium prints it (page.pdf): Flate-compressed content streams drawing glyphs of
 * Type0 fonts with a ToUnicode map. Enough to check what a printed page says, not a general PDF reader:
 * text runs are joined with spaces and whitespace is collapsed.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g))
    objects.set(match[1] ?? '', match[2] ?? '');

  const streamOf = (body: string): string => {
    const match = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    if (!match?.[1]) return '';
    // The data is as long as the dictionary's /Length says: a stream whose last byte happens to be a
    // carriage return would otherwise lose it to the `\r?\n` before `endstream` (and fail to inflate).
    const length = /\/Length (\d+)\b(?!\s+\d+\s+R)/.exec(body.slice(0, match.index))?.[1];
    const start = match.index + match[0].indexOf('\n') + 1;
    const data = length === undefined ? match[1] : body.slice(start, start + Number(length));
    const bytes = Buffer.from(data, 'latin1');
    return (body.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
  };

  const runs: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type \/Page[^s]/.test(page)) continue;
    // This page's fonts: resource name (/F4) → glyph code → text, from each font's ToUnicode map.
    const fonts = new Map<string, Map<string, string>>();
    // Chromium writes the page's resources inline; pdfkit (the server's PDFs) as an object of their own.
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(page)?.[1];
    const resourcesBody = resourcesRef ? (objects.get(resourcesRef) ?? '') : page;
    const resources = /\/Font\s*<<([^>]*)>>/.exec(resourcesBody)?.[1] ?? '';
    for (const [, name, ref] of resources.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref ?? '') ?? '')?.[1];
      if (name && toUnicode) fonts.set(name, unicodeMap(streamOf(objects.get(toUnicode) ?? '')));
    }
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? '';
    for (const [, ref] of contents.matchAll(/(\d+) 0 R/g)) {
      const content = streamOf(objects.get(ref ?? '') ?? '');
      for (const [, block] of content.matchAll(/BT([\s\S]*?)ET/g)) runs.push(blockText(block ?? '', fonts));
    }
  }
  // Chromium draws 'fl', 'fi', 'ff'… as one ligature glyph whose ToUnicode text is the ligature character
  // (U+FB00–U+FB06), where a reader copying the page gets the letters: a random word with 'fl' in it failed
  // a print check in CI.
  return runs
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/[\uFB00-\uFB06]/g, (ligature) => ligature.normalize('NFKC'))
    .trim();
}

function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, section] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, value] of (section ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set((code ?? '').toUpperCase().padStart(4, '0'), text(value ?? ''));
  }
  for (const [, section] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    // pdfkit's form: <from> <to> [<text> <text> …], one text per code; taken out before the plain ranges.
    const arrays = /<([0-9A-Fa-f]+)>\s*<[0-9A-Fa-f]+>\s*\[([^\]]*)\]/g;
    for (const [, from, values] of (section ?? '').matchAll(arrays)) {
      const start = parseInt(from ?? '0', 16);
      // A ligature's text is several code points: <0066 0069>.
      for (const [index, [, value]] of [...(values ?? '').matchAll(/<([0-9A-Fa-f\s]*)>/g)].entries())
        map.set(
          (start + index).toString(16).toUpperCase().padStart(4, '0'),
          text((value ?? '').replace(/\s/g, '')),
        );
    }
    for (const [, from, to, value] of (section ?? '')
      .replace(arrays, '')
      .matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = parseInt(from ?? '0', 16);
      const first = parseInt(value ?? '0', 16);
      for (let code = start; code <= parseInt(to ?? '0', 16); code += 1)
        map.set(code.toString(16).toUpperCase().padStart(4, '0'), String.fromCodePoint(first + code - start));
    }
  }
  return map;
}

/** The text one BT…ET block shows, glyph by glyph through the current font's map. */
function blockText(block: string, fonts: Map<string, Map<string, string>>): string {
  let map = new Map<string, string>();
  let text = '';
  for (const [, font, shown] of block.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]|<[0-9A-Fa-f]+>) ?T[jJ]/g)) {
    if (font) map = fonts.get(font) ?? new Map<string, string>();
    for (const [, hex = ''] of (shown ?? '').matchAll(/<([0-9A-Fa-f]+)>/g)) {
      for (let at = 0; at + 4 <= hex.length; at += 4)
        text += map.get(hex.slice(at, at + 4).toUpperCase()) ?? '';
    }
  }
  return text;
}
