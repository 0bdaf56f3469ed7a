/**
 * The invoice as an A4 PDF (the e-mail attachment; decision 0024): the same content as the printed invoice —
 * seller and buyer, number and dates, the lines with VAT, the totals, the exemption mention and, for a credit
 * note, the invoice it reverses. DejaVu Sans (from the dejavu-fonts-ttf package) covers ș ț ă â î; the PDF
 * standard fonts do not have the comma-below letters.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Invoice } from '@odonto/domain/contracts/invoices';
import { buyerCodeLabel } from '@odonto/domain/contracts/invoices';
import { formatLei, formatPercent } from '@odonto/domain/money';
import { formatCalendarDay } from '@odonto/domain/dates';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;

/** The document title: 'Factură ODT 12' / 'Factură storno ODTS 3'. */
export function invoiceTitle(invoice: Pick<Invoice, 'kind' | 'fullNumber'>): string {
  return `${invoice.kind === 'credit-note' ? 'Factură storno' : 'Factură'} ${invoice.fullNumber}`;
}

function vatLabel(line: Invoice['lines'][number]): string {
  if (line.category === 'S' && line.vatRateBp !== null) return formatPercent(line.vatRateBp);
  return line.category === 'E' ? 'scutit' : 'neplătitor';
}

/** Renders the invoice; resolves with the PDF bytes. */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // Loaded when first needed, not at every start of the server (decision 0042).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: invoiceTitle(invoice) } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(invoiceTitle(invoice), { align: 'center' });
  doc.font('regular').fontSize(10);
  doc.text(
    `Data emiterii: ${formatCalendarDay(invoice.issueDate)}${invoice.dueDate ? `   Scadența: ${formatCalendarDay(invoice.dueDate)}` : ''}`,
    {
      align: 'center',
    },
  );
  if (invoice.reverses) {
    doc.text(
      `Stornează factura ${invoice.reverses.fullNumber} din ${formatCalendarDay(invoice.reverses.issueDate)}`,
      {
        align: 'center',
      },
    );
  }
  doc.moveDown();

  const top = doc.y;
  const half = WIDTH / 2 - 10;
  const party = (title: string, x: number, lines: string[]) => {
    doc.font('bold').fontSize(10).text(title, x, top, { width: half });
    doc.font('regular').fontSize(9);
    for (const line of lines.filter((text) => text !== '')) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const sellerEnd = party('Furnizor', MARGIN, [
    invoice.seller.name,
    `CUI ${invoice.seller.code}`,
    invoice.seller.regCom ? `Nr. Reg. Com. ${invoice.seller.regCom}` : '',
    invoice.seller.address,
    invoice.seller.iban ? `IBAN ${invoice.seller.iban}` : '',
    invoice.seller.bank ? `Banca ${invoice.seller.bank}` : '',
    invoice.seller.vatPayer ? 'Plătitor de TVA' : 'Neplătitor de TVA',
  ]);
  const buyerEnd = party('Cumpărător', MARGIN + WIDTH / 2 + 10, [
    invoice.buyer.name,
    buyerCodeLabel(invoice.buyerKind, invoice.buyer.code),
    invoice.buyer.regCom ? `Nr. Reg. Com. ${invoice.buyer.regCom}` : '',
    invoice.buyer.address,
  ]);
  doc.y = Math.max(sellerEnd, buyerEnd) + 15;

  const columns = [
    { title: 'Nr.', width: 25, align: 'left' as const },
    { title: 'Denumire', width: 215, align: 'left' as const },
    { title: 'Cant.', width: 35, align: 'right' as const },
    { title: 'Preț unitar', width: 75, align: 'right' as const },
    { title: 'TVA', width: 55, align: 'right' as const },
    { title: 'Valoare', width: WIDTH - 405, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.text(cell, x, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.y = bottom + 4;
    doc.x = MARGIN;
  };
  row(
    columns.map((column) => column.title),
    'bold',
  );
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(MARGIN + WIDTH, doc.y - 2)
    .stroke();
  for (const line of invoice.lines) {
    row(
      [
        String(line.position),
        line.name,
        String(line.quantity),
        formatLei(line.unitPriceBani),
        vatLabel(line),
        formatLei(line.totalBani),
      ],
      'regular',
    );
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .stroke();
  doc.moveDown(0.5);

  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    doc.font(font).fontSize(10).text(`${label}: ${value}`, MARGIN, doc.y, { width: WIDTH, align: 'right' });
  };
  total('Total fără TVA', formatLei(invoice.taxExclusiveBani));
  total('TVA', formatLei(invoice.vatBani));
  total('Total de plată', formatLei(invoice.payableBani), 'bold');
  doc.moveDown();
  doc.font('regular').fontSize(9);
  if (invoice.lines.some((line) => line.category !== 'S') && invoice.exemptionText) {
    doc.text(invoice.exemptionText, MARGIN, doc.y, { width: WIDTH });
  }
  if (invoice.note) doc.text(invoice.note, MARGIN, doc.y, { width: WIDTH });
  doc.text('Factură transmisă în sistemul național RO e-Factura.', MARGIN, doc.y, { width: WIDTH });
  doc.end();
  return done;
}
