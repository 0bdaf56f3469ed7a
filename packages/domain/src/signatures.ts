import type { PlanAcceptanceContent } from './contracts/plans';
import { canonicalJson } from './canonical-json';

export { canonicalJson };

/**
 * What a patient's e-signature covers (issue 8): the signed content of a history entry, of a consent or
 * (issue 12) of a treatment plan alternative's acceptance (contracts/plans.ts PlanAcceptanceContent),
 * its canonical JSON (the server hashes it with SHA-256), and whether a signature still matches.
 * Pure: no clock, no crypto, no I/O.
 */

/** The clinical fields of a history entry that a signature covers, in a fixed order. */
export const SIGNED_ENTRY_FIELDS = [
  'createdAt',
  'denumire',
  'dinte',
  'dinteStart',
  'dinteDestinatie',
  'medic',
  'detalii',
] as const;
export type SignedEntryField = (typeof SIGNED_ENTRY_FIELDS)[number];

/** Romanian names of the signed fields, for "what changed since signing". */
export const SIGNED_FIELD_LABELS: Readonly<Record<SignedEntryField | 'text', string>> = {
  createdAt: 'data',
  denumire: 'tratament',
  dinte: 'dinte',
  dinteStart: 'dinte origine',
  dinteDestinatie: 'dinte destinație',
  medic: 'medic',
  detalii: 'detalii',
  text: 'text',
};

/** The name of what changed in a plan acceptance that no longer matches. */
export const SIGNED_PLAN_LABEL = 'plan';

/** The text a patient signs for the patient-level consent (a clinic may send its own). */
export const DEFAULT_CONSENT_TEXT =
  'Subsemnatul/Subsemnata declar că am fost informat(ă) asupra diagnosticului, a tratamentelor propuse, ' +
  'a riscurilor și a alternativelor acestora și îmi dau acordul pentru efectuarea lor, precum și pentru ' +
  'prelucrarea datelor mele personale și medicale de către clinică, în scopul îngrijirii mele.';

export type SignedEntryFields = Record<SignedEntryField, string | null>;

/** The signed content of a history entry: who and which entry, and its clinical fields at signing time. */
export interface SignedEntryContent {
  kind: 'entry';
  patientId: string;
  entryId: number;
  fields: SignedEntryFields;
}

/** The signed content of a patient-level consent. */
export interface SignedConsentContent {
  kind: 'consent';
  patientId: string;
  text: string;
}

export type SignedContent = SignedEntryContent | SignedConsentContent | PlanAcceptanceContent;

type EntryLike = { id: number } & { [K in SignedEntryField]?: string | null | undefined };

/** The signed content of an entry as it stands (missing fields count as null). */
export function signedEntryContent(patientId: string, entry: EntryLike): SignedEntryContent {
  const fields = Object.fromEntries(
    SIGNED_ENTRY_FIELDS.map((key) => [key, entry[key] ?? null]),
  ) as SignedEntryFields;
  return { kind: 'entry', patientId, entryId: entry.id, fields };
}

/** The signed content of a consent text (surrounding spaces and line-ending differences ignored). */
export function signedConsentContent(patientId: string, text: string): SignedConsentContent {
  return { kind: 'consent', patientId, text: text.replace(/\r\n?/g, '\n').trim() };
}

export interface SignatureComparison {
  /** True when the content now is exactly what was signed (and the stored hash is the snapshot's). */
  matches: boolean;
  /** The signed fields that differ now ('text' for a consent); empty when it matches. */
  changed: string[];
}

/**
 * Whether a signature still matches: the signed snapshot's hash must be the stored one (else the record
 * was altered) and the content as it stands now must hash to it too. `changed` names the signed fields
 * that differ now ('semnătură' when only the record itself no longer adds up); a deleted entry (no
 * current content) never matches.
 */
export function compareSignature(input: {
  signedSha256: string;
  snapshotSha256: string;
  currentSha256: string | null;
  snapshot: SignedContent;
  current: SignedContent | null;
}): SignatureComparison {
  const { signedSha256, snapshotSha256, currentSha256, snapshot, current } = input;
  if (current === null) return { matches: false, changed: [] };
  const matches = signedSha256 === snapshotSha256 && currentSha256 === signedSha256;
  const changed = changedFields(snapshot, current);
  if (!matches && changed.length === 0) return { matches, changed: ['semnătură'] };
  return { matches: matches && changed.length === 0, changed };
}

function changedFields(snapshot: SignedContent, current: SignedContent): string[] {
  if (snapshot.kind !== 'entry' || current.kind !== 'entry') {
    if (canonicalJson(snapshot) === canonicalJson(current)) return [];
    return [snapshot.kind === 'plan' || current.kind === 'plan' ? SIGNED_PLAN_LABEL : 'text'];
  }
  const fields = SIGNED_ENTRY_FIELDS.filter((key) => snapshot.fields[key] !== current.fields[key]);
  const other = snapshot.patientId !== current.patientId || snapshot.entryId !== current.entryId;
  return other ? ['pacient', ...fields] : [...fields];
}
