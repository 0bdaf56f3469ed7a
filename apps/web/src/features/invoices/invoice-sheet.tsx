import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import { buyerCodeLabel, type Invoice } from '@odonto/domain/contracts/invoices';
import { formatLei, formatPercent } from '@odonto/domain/money';
import { PrintedDocument } from '../print/letterhead';
import classes from './invoices.module.css';
import { formatCalendarDay } from '@odonto/domain/dates';

/** 'Factură ODT 12' / 'Factură storno ODTS 3'. */
export function invoiceTitle(invoice: Pick<Invoice, 'kind' | 'fullNumber'>): string {
  return `${invoice.kind === 'credit-note' ? 'Factură storno' : 'Factură'} ${invoice.fullNumber}`;
}

export function vatLabel(line: Invoice['lines'][number]): string {
  if (line.category === 'S' && line.vatRateBp !== null) return formatPercent(line.vatRateBp);
  return line.category === 'E' ? 'scutit' : 'neplătitor';
}

/** The invoice's content: parties, lines, totals, mentions — on screen and on paper alike. */
export function InvoiceContent({ invoice }: { invoice: Invoice }) {
  const { seller, buyer } = invoice;
  return (
    <div className={classes.content}>
      <h1 className={classes.title}>{invoiceTitle(invoice)}</h1>
      <p className={classes.center}>
        Data emiterii: {formatCalendarDay(invoice.issueDate)}
        {invoice.dueDate ? ` · Scadența: ${formatCalendarDay(invoice.dueDate)}` : ''}
      </p>
      {invoice.reverses ? (
        <p className={classes.center}>
          Stornează factura {invoice.reverses.fullNumber} din {formatCalendarDay(invoice.reverses.issueDate)}
        </p>
      ) : null}
      <div className={classes.parties}>
        <section aria-label="Furnizor">
          <h2 className={classes.partyTitle}>Furnizor</h2>
          <p>{seller.name}</p>
          <p>CUI {seller.code}</p>
          {seller.regCom ? <p>Nr. Reg. Com. {seller.regCom}</p> : null}
          <p>{seller.address}</p>
          {seller.iban ? <p>IBAN {seller.iban}</p> : null}
          {seller.bank ? <p>Banca {seller.bank}</p> : null}
          <p>{seller.vatPayer ? 'Plătitor de TVA' : 'Neplătitor de TVA'}</p>
        </section>
        <section aria-label="Cumpărător">
          <h2 className={classes.partyTitle}>Cumpărător</h2>
          <p>{buyer.name}</p>
          <p>{buyerCodeLabel(invoice.buyerKind, buyer.code)}</p>
          {buyer.regCom ? <p>Nr. Reg. Com. {buyer.regCom}</p> : null}
          <p>{buyer.address}</p>
        </section>
      </div>
      <table className={classes.lines}>
        <thead>
          <tr>
            <th>Nr.</th>
            <th>Denumire</th>
            <th className={classes.number}>Cant.</th>
            <th className={classes.number}>Preț unitar</th>
            <th className={classes.number}>TVA</th>
            <th className={classes.number}>Valoare</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.position}>
              <td>{line.position}</td>
              <td>{line.name}</td>
              <td className={classes.number}>{line.quantity}</td>
              <td className={classes.number}>{formatLei(line.unitPriceBani)}</td>
              <td className={classes.number}>{vatLabel(line)}</td>
              <td className={classes.number}>{formatLei(line.totalBani)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={classes.totals}>
        <dt>Total fără TVA</dt>
        <dd>{formatLei(invoice.taxExclusiveBani)}</dd>
        <dt>TVA</dt>
        <dd>{formatLei(invoice.vatBani)}</dd>
        <dt className={classes.strong}>Total de plată</dt>
        <dd className={classes.strong}>{formatLei(invoice.payableBani)}</dd>
      </dl>
      {invoice.lines.some((line) => line.category !== 'S') && invoice.exemptionText ? (
        <p className={classes.mention}>{invoice.exemptionText}</p>
      ) : null}
      {invoice.note ? <p className={classes.mention}>{invoice.note}</p> : null}
      <p className={classes.mention}>Factură transmisă în sistemul național RO e-Factura.</p>
    </div>
  );
}

/** The printed invoice: A4, on the clinic's letterhead. */
export function InvoiceSheet({
  invoice,
  clinic,
  printedAt,
}: {
  invoice: Invoice;
  clinic: ClinicSettings;
  printedAt: string;
}) {
  return (
    // The legal entity's letterhead, wherever in a clinic group the invoice is printed.
    <PrintedDocument clinic={clinic} locationId={null} printedAt={printedAt} label={invoiceTitle(invoice)}>
      <InvoiceContent invoice={invoice} />
    </PrintedDocument>
  );
}
