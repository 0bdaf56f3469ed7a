/**
 * fisa-pacient.pdf of a GDPR export: the same data as date-pacient.json, written for a person to read.
 * Each treatment picture (before/after) is drawn under its entry as a small copy (at most 240×180 pt, two
 * side by side, the aspect kept) captioned with its place in the ZIP, and each signature image under its
 * signature; the originals are in the ZIP. A picture that is missing or cannot be decoded is named in
 * words instead and never fails the export. Documents (any kind of file) and the other files are named
 * by their place in the ZIP, not drawn. Pictures are read, made small and drawn one at a time
 * (gdpr-images.ts). DejaVu Sans (the dejavu-fonts-ttf package, as the invoice PDF) covers ș ț ă â î.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import type { GdprExport, GdprFile } from '@odonto/domain/contracts/gdpr';
import { formatCalendarDay, formatTreatmentDate } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import type { PdfPictureSource } from './gdpr-images';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');

const MARGIN = 50;
/** Room between two pictures side by side. */
const GAP = 15;
/** The boxes pictures are drawn in, in points. */
const PICTURE_BOX = { width: 240, height: 180 } as const;
const SIGNATURE_BOX = { width: 200, height: 80 } as const;
/** The copies' pixels per point (108 dpi): sharp enough on screen and paper, ~30 KB a photo. */
const PIXELS_PER_POINT = 1.5;
/** A small picture is drawn at 96 dpi, not blown up to the box. */
const MAX_SCALE = 0.75;

function fileText(file: GdprFile | null): string {
  if (file === null) return '';
  return file.cale === null ? `fișierul ${file.nume} lipsește din arhivă` : `fișier: ${file.cale}`;
}

function join2(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
}

/** Renders the export as an A4 PDF, drawing the pictures `pictures` gives; resolves with its bytes. */
export async function renderGdprPdf(data: GdprExport, pictures: PdfPictureSource): Promise<Buffer> {
  const { pacient } = data;
  const name = `${pacient.nume} ${pacient.prenume}`;
  // Loaded when first needed, not at every start of the server (decision 0042).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Datele pacientului ${name}` },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Pictures are laid out in rows of as many boxes as the page width holds; text ends the current row.
  const contentWidth = doc.page.width - 2 * MARGIN;
  let column = 0;
  let rowTop = 0;
  let rowBottom = 0;
  function endRow() {
    if (column === 0) return;
    column = 0;
    doc.x = MARGIN;
    doc.y = rowBottom + 6;
  }
  /** Draws the picture at `path` with its caption in the next box; false when it cannot be drawn. */
  async function picture(
    path: string,
    caption: string,
    box: { width: number; height: number },
    kind: 'photo' | 'drawing',
  ): Promise<boolean> {
    const copy = await pictures(path, {
      width: Math.round(box.width * PIXELS_PER_POINT),
      height: Math.round(box.height * PIXELS_PER_POINT),
      kind,
    }).catch(() => null);
    if (!copy) return false;
    const scale = Math.min(box.width / copy.width, box.height / copy.height, MAX_SCALE);
    const [width, height] = [copy.width * scale, copy.height * scale];
    doc.font('regular').fontSize(8);
    const captionHeight = doc.heightOfString(caption, { width: box.width });
    const columns = Math.max(1, Math.floor((contentWidth + GAP) / (box.width + GAP)));
    if (column === 0) {
      // A new row: it starts on the next page unless the tallest picture and its caption fit here.
      if (doc.y + 4 + box.height + 2 + captionHeight > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
      }
      rowTop = doc.y + 4;
      rowBottom = rowTop;
    }
    const x = MARGIN + column * (box.width + GAP);
    doc.image(copy.data, x, rowTop, { width, height });
    doc.text(caption, x, rowTop + height + 2, { width: box.width });
    doc.fontSize(9);
    rowBottom = Math.max(rowBottom, rowTop + height + 2 + captionHeight);
    column += 1;
    if (column === columns) endRow();
    return true;
  }

  const heading = (title: string) => {
    endRow();
    doc.moveDown(0.8).font('bold').fontSize(12).text(title).moveDown(0.2);
    doc.font('regular').fontSize(9);
  };
  const line = (text: string) => {
    endRow();
    doc.text(text);
  };
  const empty = (items: readonly unknown[], text: string) => {
    if (items.length === 0) line(text);
    return items.length === 0;
  };

  doc.font('bold').fontSize(16).text(`Datele pacientului ${name}`, { align: 'center' });
  doc.font('regular').fontSize(9);
  doc.text(
    `Fișa nr. ${pacient.fisaNr} · export generat la ${formatAuditTime(data.generatLa)} de ${data.generatDe}`,
    {
      align: 'center',
    },
  );

  heading('Identitate');
  line(`Nume: ${pacient.nume}   Prenume: ${pacient.prenume}`);
  line(`Data nașterii: ${pacient.dataNasterii ? formatCalendarDay(pacient.dataNasterii) : '-'}`);
  line(`Telefon: ${pacient.telefon || '-'}   E-mail: ${pacient.email || '-'}`);
  line(`Adresă: ${join2([pacient.oras, pacient.judet, pacient.tara]) || '-'}`);
  line(`Medic: ${pacient.medic || '-'}   Igienizare: ${pacient.igienizare ? 'da' : 'nu'}`);
  line(`Blocat: ${pacient.blocat ? 'da' : 'nu'}   Înregistrat la: ${formatAuditTime(pacient.creatLa)}`);
  if (pacient.antecedenteDetalii) line(`Antecedente: ${pacient.antecedenteDetalii}`);
  if (pacient.fotografie) line(`Fotografie: ${fileText(pacient.fotografie)}`);

  heading('Schița dentară');
  line(`Dinți extrași/lipsă: ${data.schita.dintiStersi.join(', ') || '-'}`);
  for (const tooth of data.schita.dinti) line(`Dintele ${tooth.dinte}: ${tooth.tratamente.join(', ')}`);

  heading('Tratamente');
  if (!empty(data.tratamente, 'Niciun tratament.')) {
    for (const entry of data.tratamente) {
      const status = entry.anulare
        ? `anulat la ${formatAuditTime(entry.anulare.la)}: ${entry.anulare.motiv}`
        : entry.stersLa
          ? `șters la ${formatAuditTime(entry.stersLa)}`
          : null;
      doc.font('bold');
      line(
        join2([
          formatTreatmentDate(entry.data),
          entry.dinte ? `dintele ${entry.dinte}` : null,
          entry.denumire,
        ]),
      );
      doc.font('regular');
      line(join2([entry.medic ? `medic ${entry.medic}` : null, entry.detalii, status]));
      for (const item of entry.imagini) {
        const label = `imagine ${item.tip === 'dupa' ? 'după' : 'înainte'}`;
        const path = item.fisier?.cale ?? null;
        if (path === null) {
          line(`  ${label}: ${fileText(item.fisier) || item.nume}`);
        } else if (!(await picture(path, `${label} · ${path}`, PICTURE_BOX, 'photo'))) {
          line(`  ${label}: fișier: ${path} (imaginea nu a putut fi desenată)`);
        }
      }
    }
  }

  heading('Programări');
  if (!empty(data.programari, 'Nicio programare.')) {
    for (const item of data.programari) {
      line(
        join2([
          `${formatAuditTime(item.inceput)} - ${formatAuditTime(item.sfarsit).slice(11)}`,
          item.medic,
          item.nota,
          item.stearsaLa ? 'anulată' : null,
        ]),
      );
    }
  }

  heading('Documente');
  if (!empty(data.documente, 'Niciun document.')) {
    for (const item of data.documente) {
      line(
        join2([
          formatCalendarDay(item.zi),
          item.tip,
          item.eticheta,
          item.text,
          fileText(item.fisier),
          item.stersLa ? `șters la ${formatAuditTime(item.stersLa)}` : null,
        ]),
      );
    }
  }

  heading('Semnături electronice');
  if (!empty(data.semnaturi, 'Nicio semnătură.')) {
    for (const item of data.semnaturi) {
      line(
        join2([
          formatAuditTime(item.semnatLa),
          item.tip === 'consent' ? 'consimțământ' : `tratamentul ${item.tratamentId ?? ''}`,
          `colectată de ${item.colectataDe}`,
          fileText(item.fisier),
        ]),
      );
      line(`  SHA-256: ${item.sha256}`);
      const path = item.fisier?.cale ?? null;
      if (path !== null && !(await picture(path, `semnătura · ${path}`, SIGNATURE_BOX, 'drawing'))) {
        line('  imaginea semnăturii nu a putut fi desenată');
      }
    }
  }

  heading('Scrisori medicale');
  if (!empty(data.scrisori, 'Nicio scrisoare.')) {
    for (const letter of data.scrisori) {
      doc.font('bold');
      line(join2([formatAuditTime(letter.creatLa), letter.autor, letter.titluAutor]));
      doc.font('regular');
      line(letter.text);
    }
  }

  heading('Planuri de tratament');
  if (!empty(data.planuri, 'Niciun plan de tratament.')) {
    for (const plan of data.planuri) {
      line(
        join2([
          `Plan nr. ${plan.numar}`,
          plan.titlu,
          plan.medic,
          plan.stare,
          `valabil până la ${formatCalendarDay(plan.valabilPana)}`,
          `${plan.revizii.length} revizii`,
        ]),
      );
    }
  }

  heading('Plăți și facturi');
  const { financiar } = data;
  if (
    !empty(
      [...financiar.costuri, ...financiar.plati, ...financiar.facturi],
      'Niciun cost, nicio plată, nicio factură.',
    )
  ) {
    for (const charge of financiar.costuri) {
      line(
        join2([
          formatCalendarDay(charge.zi),
          'cost',
          charge.descriere,
          formatLei(charge.sumaBani),
          charge.motiv,
        ]),
      );
    }
    for (const payment of financiar.plati) {
      line(
        join2([
          formatCalendarDay(payment.zi),
          'plată',
          payment.metoda,
          formatLei(payment.sumaBani),
          payment.chitanta ? `chitanța ${payment.chitanta}` : null,
          payment.motiv,
        ]),
      );
    }
    for (const invoice of financiar.facturi) {
      line(
        join2([
          formatCalendarDay(invoice.dataEmiterii),
          invoice.tip === 'credit-note' ? 'factură storno' : 'factură',
          invoice.numar,
          invoice.cumparator,
          formatLei(invoice.totalBani),
        ]),
      );
    }
  }

  heading('Jurnalul accesărilor și modificărilor');
  if (!empty(data.jurnal, 'Nicio înregistrare.')) {
    for (const row of data.jurnal) {
      line(join2([formatAuditTime(row.la), row.utilizator, row.descriere, row.detalii]));
    }
  }

  heading('Fișiere');
  if (!empty(data.fisiere, 'Niciun fișier.')) {
    for (const file of data.fisiere)
      line(join2([file.cale ?? `${file.nume} (lipsește)`, `SHA-256 ${file.sha256}`]));
  }

  endRow();
  doc.end();
  return done;
}
