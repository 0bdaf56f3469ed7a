/**
 * Medical letters (issue 8; SPEC.md §2 medical letter button and modal, §7 POST /api/save-scrisoare).
 * The doctor edits a text prefilled from a template (letterTemplate); the saved letter is printed on A4
 * with the clinic's letterhead, the date, the author's name and title, and a signature line.
 */
import { z } from 'zod';
import { toInstant, type DateInput } from '../clinic-time';
import { formatTreatmentDate } from '../dates';
import { patient, type Patient } from './patients';

export const LETTER_MESSAGES = {
  empty: 'Scrisoarea nu poate fi goală.',
  tooLong: 'Scrisoarea este prea lungă.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  letterNotFound: 'Scrisoarea nu a fost găsită.',
} as const;

/** About ten printed pages: longer is a mistake (a pasted file), not a letter. */
export const LETTER_MAX_LENGTH = 20_000;

/** POST /api/save-scrisoare: the patient's `_id` and the letter's text. */
export const saveLetterRequest = z.strictObject({
  id: z.string().trim().min(1, LETTER_MESSAGES.patientNotFound).max(100),
  text: z.string().trim().min(1, LETTER_MESSAGES.empty).max(LETTER_MAX_LENGTH, LETTER_MESSAGES.tooLong),
});
export type SaveLetterRequest = z.input<typeof saveLetterRequest>;

/** A saved letter, with its author as printed. */
export const letter = z.object({
  id: z.string(),
  patientId: z.string(),
  text: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  authorTitle: z.string(),
  createdAt: z.string(),
});
export type Letter = z.infer<typeof letter>;

/** SPEC.md §7: save-scrisoare answers the patient; `scrisoare` is the letter just saved, to print. */
export const saveLetterResponse = patient.extend({ scrisoare: letter });
export type SaveLetterResponse = z.infer<typeof saveLetterResponse>;

/** GET /api/scrisori/{patientId}: the patient's letters, newest first. */
export const lettersResponse = z.array(letter);

/** The print calls (patient file, letter reprint) answer when the server recorded the print. */
export const printResponse = z.object({ printedAt: z.string() });
export type PrintResponse = z.infer<typeof printResponse>;

/** 'DD.MM.YYYY' from 'YYYY-MM-DD'; '' for anything else. */
export function formatBirthdate(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

type TemplatePatient = Pick<Patient, 'nume' | 'prenume' | 'birthdate' | 'history'>;

/** One treatment as the letter lists it: '5 mar. 2026 — Coroană metalo-ceramică, dinte 1.6'. */
function treatmentLine(entry: Patient['history'][number]): string {
  const tooth =
    entry.type === 'punte' && entry.dinteStart && entry.dinteDestinatie
      ? `, dinții ${entry.dinteStart}–${entry.dinteDestinatie}`
      : entry.dinte
        ? `, dinte ${entry.dinte}`
        : '';
  const details = entry.detalii.trim() === '' ? '' : ` (${entry.detalii.trim()})`;
  return `- ${formatTreatmentDate(entry.createdAt)} — ${entry.denumire}${tooth}${details}`;
}

/**
 * The letter's starting text: the patient, their birth date, the treatments done so far (dated today or
 * earlier, oldest first) and a place for the recommendations — the doctor edits all of it.
 */
export function letterTemplate(source: TemplatePatient, now: DateInput): string {
  const cutoff = toInstant(now);
  const done = source.history
    .filter((entry) => toInstant(entry.createdAt) <= cutoff)
    .sort((a, b) => toInstant(a.createdAt) - toInstant(b.createdAt) || a.id - b.id);
  const born = formatBirthdate(source.birthdate);
  return [
    'Stimate coleg,',
    '',
    `Vă prezentăm pacientul/pacienta ${source.nume} ${source.prenume}${born ? `, născut(ă) la ${born}` : ''}, ` +
      'aflat(ă) în evidența clinicii noastre.',
    '',
    'Tratamente efectuate:',
    ...(done.length > 0 ? done.map(treatmentLine) : ['- Nu au fost efectuate tratamente până în prezent.']),
    '',
    'Recomandări:',
    '- ',
    '',
    'Cu stimă,',
  ].join('\n');
}
