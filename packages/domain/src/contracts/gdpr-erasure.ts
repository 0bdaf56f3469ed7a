import { z } from 'zod';
import { pagedTotalFields } from './paging';
import { formatCalendarDay } from '../dates';
import { DEFAULT_RETENTION_YEARS, MAX_RETENTION_YEARS, MIN_RETENTION_YEARS } from '../gdpr-retention';

/**
 * GDPR erasure (issue 16; docs/decisions/0035): the clinic's retention period, the report of the patients
 * past it, and anonymising one of them.
 */

/** What an anonymised patient is called everywhere a name shows (list, header, calendar). */
export const ANONYMISED_PATIENT = { nume: 'Pacient', prenume: 'anonimizat' } as const;
/** What replaces a kept row's free text that could name the patient (letters, appointment notes). */
export const ERASED_TEXT = 'Conținut eliminat la anonimizare (GDPR).';

export const GDPR_ERASURE_MESSAGES = {
  patientNotFound: 'Pacientul nu a fost găsit.',
  alreadyAnonymised: 'Pacientul a fost deja anonimizat.',
  /** Editing an anonymised patient would put identity back on a record the clinic erased. */
  anonymisedReadOnly:
    'Pacientul a fost anonimizat: datele lui de identitate nu mai pot fi completate sau modificate.',
  years: `Perioada de păstrare trebuie să fie un număr întreg de ani, între ${MIN_RETENTION_YEARS} și ${MAX_RETENTION_YEARS}.`,
  stale: 'Setările au fost modificate între timp de altcineva. Reîncărcați pagina.',
  failed: 'Anonimizarea nu a reușit. Încercați din nou.',
} as const;

/** The refusal before the period has passed, with the day it becomes possible (zz.ll.aaaa). */
export function notYetMessage(endDay: string, years: number, lastVisitDay: string): string {
  return (
    `Pacientul poate fi anonimizat începând cu ${formatCalendarDay(endDay)}: perioada de păstrare este de ` +
    `${years} ${years === 1 ? 'an' : 'ani'} de la ultima vizită (${formatCalendarDay(lastVisitDay)}).`
  );
}

const years = z
  .number({ error: GDPR_ERASURE_MESSAGES.years })
  .int(GDPR_ERASURE_MESSAGES.years)
  .min(MIN_RETENTION_YEARS, GDPR_ERASURE_MESSAGES.years)
  .max(MAX_RETENTION_YEARS, GDPR_ERASURE_MESSAGES.years);

/** GET /api/settings/gdpr-retention: the period in years; `version` 0 while the default applies. */
export const retentionSettings = z.object({
  ani: z.number().int(),
  version: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const DEFAULT_RETENTION: RetentionSettings = { ani: DEFAULT_RETENTION_YEARS, version: 0 };

/** PUT /api/settings/gdpr-retention (admin). */
export const retentionSettingsUpdate = z.strictObject({
  ani: years,
  version: z.number().int().min(0),
});
export type RetentionSettingsUpdate = z.infer<typeof retentionSettingsUpdate>;

export const RETENTION_PAGE_SIZE = 50;

/** GET /api/gdpr/retentie: the page asked for. */
export const retentionReportQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A patient whose retention period has passed. */
export const retentionReportRow = z.object({
  _id: z.string(),
  /** The clinic's file number. */
  id: z.number().int(),
  nume: z.string(),
  prenume: z.string(),
  /** The last visit (an instant, ISO). */
  ultimaVizita: z.string(),
  /** The clinic day the period ended (YYYY-MM-DD). */
  sfarsitRetentie: z.string(),
  /** The patient is deleted (restorable by an admin); their data is still held. */
  sters: z.boolean(),
});
export type RetentionReportRow = z.infer<typeof retentionReportRow>;

export const retentionReport = z.object({
  ani: z.number().int(),
  /** Exact up to 1,000 matches, then a lower bound with `totalIsCapped` (contracts/paging.ts). */
  ...pagedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
  pacienti: z.array(retentionReportRow),
});
export type RetentionReport = z.infer<typeof retentionReport>;

/** POST /api/pacienti/{id}/anonimizare: the answer. */
export const anonymiseResult = z.object({
  _id: z.string(),
  anonimizatLa: z.string(),
  /** How many stored files' bytes were removed. */
  fisiereSterse: z.number().int(),
});
export type AnonymiseResult = z.infer<typeof anonymiseResult>;

/** What the confirmation states is removed and what is kept (the same text the decision record gives). */
export const ANONYMISE_REMOVED = [
  'numele, telefonul, e-mailul, data nașterii și adresa (județ, localitate, țară);',
  'fotografia pacientului, documentele, radiografiile, fotografiile tratamentelor și imaginile semnăturilor (fișierele sunt șterse de pe disc);',
  'textul scrisorilor medicale, notele programărilor și comentariile recenziilor.',
] as const;
export const ANONYMISE_KEPT = [
  'tratamentele, schița dentară și antecedentele, fără identitatea pacientului;',
  'plățile și taxele; facturile emise rămân neschimbate, cum cere legea contabilității;',
  'jurnalul de audit, cu rândul acestei anonimizări.',
] as const;
