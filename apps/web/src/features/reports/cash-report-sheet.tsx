import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { CashReport } from '@odonto/domain/contracts/reports';
import { PAYMENT_METHOD_LABELS } from '@odonto/domain/ledger';
import { formatLei } from '@odonto/domain/money';
import { clinicClock } from '@odonto/domain/reports';
import { formatCalendarDay } from '@odonto/domain/dates';
import { PrintedDocument } from '../print/letterhead';
import classes from './reports.module.css';

/**
 * The daily cash report on A4 under the clinic's letterhead: the cash balance, the totals per method and
 * per user, every payment of the day, and the cashier's and the manager's signatures.
 */
export function CashReportSheet({
  report,
  clinic,
  printedAt,
  locationName,
  locationId,
}: {
  report: CashReport;
  clinic: ClinicSettings;
  printedAt: string;
  /** A clinic group's location the report is of (none: every location). */
  locationName?: string | undefined;
  /** Its id: the letterhead is that location's (null: every location, the clinic's own). */
  locationId?: string | null;
}) {
  const cashier = report.userId ? report.users.find((line) => line.userId === report.userId) : undefined;
  return (
    <PrintedDocument
      clinic={clinic}
      locationId={locationId}
      printedAt={printedAt}
      label={`Registru de casă ${formatCalendarDay(report.day)}`}
    >
      <h1 className={classes.printTitle}>Registru de casă — {formatCalendarDay(report.day)}</h1>
      {locationName ? <p>Sediu: {locationName}</p> : null}
      {cashier ? <p>Utilizator: {cashier.userName}</p> : null}
      <table className={classes.printTable}>
        <tbody>
          <tr>
            <th>Sold inițial numerar</th>
            <td>{formatLei(report.openingBani)}</td>
            <th>Încasări numerar</th>
            <td>{formatLei(report.cashInBani)}</td>
          </tr>
          <tr>
            <th>Plăți numerar (rambursări)</th>
            <td>{formatLei(report.cashOutBani)}</td>
            <th>Sold final numerar</th>
            <td>{formatLei(report.closingBani)}</td>
          </tr>
        </tbody>
      </table>
      <h2 className={classes.printHeading}>Pe moduri de plată</h2>
      <table className={classes.printTable}>
        <thead>
          <tr>
            <th>Mod de plată</th>
            <th>Nr. plăți</th>
            <th>Încasări</th>
            <th>Rambursări</th>
            <th>Net</th>
          </tr>
        </thead>
        <tbody>
          {report.methods.map((line) => (
            <tr key={line.method}>
              <td>{PAYMENT_METHOD_LABELS[line.method]}</td>
              <td>{line.count}</td>
              <td>{formatLei(line.receiptsBani)}</td>
              <td>{formatLei(line.refundsBani)}</td>
              <td>{formatLei(line.netBani)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className={classes.printHeading}>Plățile zilei</h2>
      <table className={classes.printTable}>
        <thead>
          <tr>
            <th>Ora</th>
            <th>Pacient</th>
            <th>Mod de plată</th>
            <th>Suma</th>
            <th>Chitanța</th>
            <th>Utilizator</th>
          </tr>
        </thead>
        <tbody>
          {report.payments.map((line) => (
            <tr key={line.id}>
              <td>{clinicClock(line.createdAt)}</td>
              <td>{line.patientName}</td>
              <td>
                {PAYMENT_METHOD_LABELS[line.method]}
                {line.kind === 'încasare' ? '' : ` — ${line.kind}`}
              </td>
              <td>{formatLei(line.amountBani)}</td>
              <td>{line.receipt ?? '—'}</td>
              <td>{line.userName}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={classes.printSignatures}>
        <p>Casier ..............................</p>
        <p>Verificat ..............................</p>
      </div>
    </PrintedDocument>
  );
}
