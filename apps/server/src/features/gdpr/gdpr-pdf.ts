/**
 * fisa-pacient.pdf of a GDPR export: the same data as date-pacient.json, written for a person to read. The
 * pictures and files are not drawn in: the PDF names each by its place in the ZIP. DejaVu Sans (the
 * dejavu-fonts-ttf package, as the invoice PDF) covers ș ț ă â î.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatAuditTime } from '@odonto/domain/contracts/audit';
import type { GdprExport, GdprFile } from '@odonto/domain/contracts/gdpr';
import { formatCalendarDay, formatTreatmentDate } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');

const MARGIN = 50;

function fileText(file: GdprFile | null): string {
  if (file === null) return '';
  return file.cale === null ? `fișierul ${file.nume} lipsește din arhivă` : `fișier: ${file.cale}`;
}

function join2(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
}

/** Renders the export as an A4 PDF; resolves with its bytes. */
export function renderGdprPdf(data: GdprExport): Promise<Buffer> {
  const { pacient } = data;
  const name = `${pacient.nume} ${pacient.prenume}`;
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

  const heading = (title: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).text(title).moveDown(0.2);
    doc.font('regular').fontSize(9);
  };
  const line = (text: string) => doc.text(text);
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
      for (const picture of entry.imagini) {
        line(
          `  imagine ${picture.tip === 'dupa' ? 'după' : 'înainte'}: ${fileText(picture.fisier) || picture.nume}`,
        );
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

  doc.end();
  return done;
}
