import type { ReactNode } from 'react';
import { clinicLogoUrl, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import { letterheadPlace } from '@odonto/domain/contracts/locations';
import { useLocations } from '../locations/api';
import { cssString, formatPrintTime } from './print-format';
import classes from './print.module.css';

/**
 * The clinic's letterhead at the top of every printed document (from the clinic settings). In a clinic
 * group it names the location the document is printed for, with that location's address and phone
 * (`locationId`; not given: the user's own location; null: the clinic's own, as on an invoice).
 */
export function Letterhead({ clinic, locationId }: { clinic: ClinicSettings; locationId?: string | null }) {
  const locations = useLocations();
  const place = letterheadPlace(clinic, locations.data, locationId);
  const contact = [
    place.phone ? `Tel. ${place.phone}` : '',
    clinic.email ? `Email ${clinic.email}` : '',
  ].filter((part) => part !== '');
  return (
    <header className={classes.letterhead} data-testid="letterhead">
      {clinic.logo ? (
        <img className={classes.logo} src={clinicLogoUrl(clinic.logo)} alt="Sigla clinicii" />
      ) : null}
      <div>
        <p className={classes.clinicName}>{clinic.nume}</p>
        {place.locationName ? <p className={classes.clinicLine}>{place.locationName}</p> : null}
        {place.address ? <p className={classes.clinicLine}>{place.address}</p> : null}
        {contact.length > 0 ? <p className={classes.clinicLine}>{contact.join(' · ')}</p> : null}
        {clinic.cui ? <p className={classes.clinicLine}>CUI {clinic.cui}</p> : null}
      </div>
    </header>
  );
}

/**
 * The A4 page set-up of a printed document: margins, the print date at the bottom left and the page
 * number ('Pagina 1 din 3') at the bottom right of every page, in the page margins. The first page has
 * the letterhead; every later page repeats the clinic's name and the document at its top.
 */
export function PageSetup({
  printedAt,
  clinicName,
  label,
}: {
  printedAt: string;
  clinicName: string;
  label: string;
}) {
  const footer = cssString(`Tipărit la ${formatPrintTime(printedAt)}`);
  const margin = 'font-size: 8pt; color: #444;';
  return (
    <style>{`@page { size: A4; margin: 16mm 15mm 18mm 15mm;
  @top-left { content: ${cssString(clinicName)}; ${margin} font-weight: 700; }
  @top-right { content: ${cssString(label)}; ${margin} }
  @bottom-left { content: ${footer}; ${margin} }
  @bottom-right { content: "Pagina " counter(page) " din " counter(pages); ${margin} } }
@page :first { @top-left { content: none; } @top-right { content: none; } }`}</style>
  );
}

/** A printed document: page set-up, letterhead, then the content. */
export function PrintedDocument({
  clinic,
  locationId,
  printedAt,
  label,
  isPreview = false,
  children,
}: {
  clinic: ClinicSettings;
  /** The location printed for, in a clinic group (see Letterhead). */
  locationId?: string | null;
  printedAt: string;
  /** On screen (a modal's preview): no page set-up, which only the print-only area gives. */
  isPreview?: boolean;
  /** The document's accessible name, e.g. 'Fișa pacientului Popescu Ana'. */
  label: string;
  children: ReactNode;
}) {
  return (
    <article className={classes.sheet} aria-label={label}>
      {isPreview ? null : <PageSetup printedAt={printedAt} clinicName={clinic.nume} label={label} />}
      <Letterhead clinic={clinic} locationId={locationId} />
      {children}
    </article>
  );
}
