import type JSZipType from 'jszip';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../files/blob-store';
import { INVOICE_MESSAGES, type Invoice } from '@odonto/domain/contracts/invoices';
import { formatCalendarDay } from '@odonto/domain/dates';
import { formatLei } from '@odonto/domain/money';
import type { Database } from '../../db/database';
import { readStoredFile } from '../../files/store';
import { onFirstUse } from '../../load-on-first-use';
import type { Mailer } from '../../notify/mail';
import { mailBody } from '../../notify/mail-text';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { renderInvoicePdf, invoiceTitle } from './invoice-pdf';
import { findAnswerFile, findMonthDocuments } from './invoices.queries';
import { readInvoice, visibleInvoice, type InvoicesDeps } from './invoices.service';

const jszip = onFirstUse<typeof JSZipType>('jszip');

interface FilesDeps extends InvoicesDeps {
  blobs: BlobStore;
}

/** 'ODT-12': a file name for a document number. */
export function fileStem(series: string, number: number): string {
  return `${series}-${number}`;
}

/** GET /api/facturi/{id}/xml: the UBL XML exactly as issued and queued. */
export async function invoiceXml(
  db: Kysely<Database>,
  invoiceId: string,
  scope: string | undefined,
): Promise<{ name: string; xml: string }> {
  const row = await visibleInvoice(db, invoiceId, scope);
  return { name: `${fileStem(row.series, Number(row.number))}.xml`, xml: row.xml };
}

/** GET /api/facturi/{id}/raspuns: ANAF's signed answer ZIP (ok or nok), 404 until it is stored. */
export async function invoiceAnswer(
  deps: FilesDeps,
  invoiceId: string,
  scope: string | undefined,
): Promise<{ name: string; data: Buffer }> {
  const row = await visibleInvoice(deps.db, invoiceId, scope);
  const file = await findAnswerFile(deps.db, invoiceId);
  const data = file ? await readStoredFile(deps, file) : null;
  if (!data) throw new AppError(404, 'not_found', INVOICE_MESSAGES.answerMissing);
  return { name: `${fileStem(row.series, Number(row.number))}-raspuns-anaf.zip`, data };
}

/** GET /api/facturi/export?luna=YYYY-MM: every XML of the month and every stored answer, in one ZIP. */
export async function monthZip(deps: FilesDeps, month: string): Promise<{ name: string; data: Buffer }> {
  const documents = await findMonthDocuments(deps.db, month);
  const JSZip = jszip();
  const zip = new JSZip();
  for (const document of documents) {
    const stem = fileStem(document.series, document.number);
    zip.file(`${stem}.xml`, document.xml);
    const answer = document.answer ? await readStoredFile(deps, document.answer) : null;
    if (answer) zip.file(`${stem}-raspuns-anaf.zip`, answer);
  }
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { name: `facturi-${month}.zip`, data };
}

/** GET /api/facturi/{id}/pdf */
export async function invoicePdf(
  db: Kysely<Database>,
  invoiceId: string,
  scope: string | undefined,
): Promise<{ name: string; data: Buffer }> {
  const invoice = await readInvoice(db, invoiceId, scope);
  return {
    name: `${fileStem(invoice.series, invoice.number)}.pdf`,
    data: await renderInvoicePdf(invoice),
  };
}

/** 'Vă trimitem atașată factura ODT-12 din 25.11.2026, în valoare de 1.250,00 lei.' */
function invoiceMailBody(
  invoice: Pick<Invoice, 'kind' | 'fullNumber' | 'issueDate' | 'totalBani'>,
  clinicName: string,
): { text: string; html: string } {
  const document = `${invoice.kind === 'credit-note' ? 'factura storno' : 'factura'} ${invoice.fullNumber}`;
  return mailBody([
    'Bună ziua,',
    `Vă trimitem atașată ${document} din ${formatCalendarDay(invoice.issueDate)}, ` +
      `în valoare de ${formatLei(invoice.totalBani)}.`,
    clinicName,
  ]);
}

/** POST /api/facturi/{id}/email: the PDF by e-mail through the mail outbox. */
export async function emailInvoice(
  deps: InvoicesDeps & { mailer: Mailer },
  actor: AuditActor,
  invoiceId: string,
  to: string,
  clinicName: string,
): Promise<{ status: 'sent' | 'failed'; to: string }> {
  const invoice = await readInvoice(deps.db, invoiceId, undefined);
  const pdf = await renderInvoicePdf(invoice);
  const title = invoiceTitle(invoice);
  const result = await deps.mailer.sendMail({
    to,
    subject: `${title} — ${clinicName}`,
    ...invoiceMailBody(invoice, clinicName),
    attachments: [
      {
        filename: `${fileStem(invoice.series, invoice.number)}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  });
  await writeAudit(deps.db, deps.now(), actor, {
    action: 'invoice_email',
    entity: 'invoice',
    entityId: invoiceId,
    patientId: invoice.patientId,
    details: { to, outboxId: result.outboxId, status: result.status },
  });
  return { status: result.status, to };
}
