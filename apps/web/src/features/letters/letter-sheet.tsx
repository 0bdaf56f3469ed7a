import type { ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Letter } from '@odonto/domain/contracts/letters';
import { PrintedDocument } from '../print/letterhead';
import { formatPrintDay } from '../print/print-format';
import classes from './letter.module.css';

export interface LetterSheetProps {
  letter: Letter;
  clinic: ClinicSettings;
  /** When it was printed (foot of every page). */
  printedAt: string;
  /** The patient's name, for the document's label. */
  patientName: string;
}

/** A medical letter on A4: letterhead, date, the text, the doctor's name and title, stamp and signature line. */
export function LetterSheet({ letter, clinic, printedAt, patientName }: LetterSheetProps) {
  return (
    <PrintedDocument clinic={clinic} printedAt={printedAt} label={`Scrisoare medicală ${patientName}`}>
      <h1 className={classes.title}>Scrisoare medicală</h1>
      <p className={classes.date}>Data: {formatPrintDay(letter.createdAt)}</p>
      <div className={classes.letterText}>{letter.text}</div>
      <div className={classes.signatureBlock}>
        <div className={classes.stamp}>{clinic.stampila}</div>
        <div>
          <p className={classes.authorName}>{letter.authorName}</p>
          {letter.authorTitle ? <p className={classes.author}>{letter.authorTitle}</p> : null}
          <div className={classes.signatureLine}>Semnătura și parafa medicului</div>
        </div>
      </div>
    </PrintedDocument>
  );
}
