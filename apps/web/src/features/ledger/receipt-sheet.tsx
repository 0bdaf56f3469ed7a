import type { ReceiptResponse } from '@odonto/domain/contracts/ledger';
import { formatLei } from '@odonto/domain/money';
import classes from './receipt.module.css';

/** '02.03.2026' from '2026-03-02'. */
function paperDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date ?? ''}.${month ?? ''}.${year ?? ''}`;
}

/**
 * A cash receipt (chitanță) on an A5 page: the clinic as the one who receives (in a clinic group, with the
 * location where the cash was taken), series and number, date, the patient, the amount in figures and in words, what it pays for, and the cashier's signature.
 */
export function ReceiptSheet({ receipt }: { receipt: ReceiptResponse }) {
  const { clinic, patient } = receipt;
  return (
    <article className={classes.sheet} aria-label={`Chitanța ${receipt.series} nr. ${receipt.number}`}>
      <style>{'@page { size: A5 landscape; margin: 10mm; }'}</style>
      <header className={classes.head}>
        <div>
          <p className={classes.clinic}>{clinic.nume}</p>
          {clinic.cui ? <p>CUI {clinic.cui}</p> : null}
          {clinic.adresa ? <p>{clinic.adresa}</p> : null}
          {clinic.telefon ? <p>Tel. {clinic.telefon}</p> : null}
          {receipt.location ? (
            <p>
              {receipt.location.name}
              {receipt.location.address ? `, ${receipt.location.address}` : ''}
            </p>
          ) : null}
        </div>
        <div className={classes.number}>
          <h1 className={classes.title}>CHITANȚĂ</h1>
          <p>
            Seria {receipt.series} nr. {receipt.number}
          </p>
          <p>Data: {paperDay(receipt.day)}</p>
        </div>
      </header>
      <p className={classes.line}>
        Am primit de la{' '}
        <strong>
          {patient.nume} {patient.prenume}
        </strong>
        {patient.adresa ? `, ${patient.adresa}` : ''} (fișa nr. {patient.fileNumber})
      </p>
      <p className={classes.line}>
        suma de <strong>{formatLei(receipt.amountBani)}</strong>, adică {receipt.amountWords},
      </p>
      <p className={classes.line}>reprezentând {receipt.description}.</p>
      <footer className={classes.signature}>
        <p>Casier: {receipt.cashierName}</p>
        <p>Semnătura ..............................</p>
      </footer>
    </article>
  );
}
