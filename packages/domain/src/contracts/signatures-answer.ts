import { z } from 'zod';
import { patientHistoryEntry } from './patients';
import { signatureRecord } from './signatures';

/**
 * POST /api/signature answers the activated signature and, for an entry, the entry with it (apart from
 * contracts/signatures.ts, which contracts/patients.ts imports).
 */
export const signatureAnswer = z.object({
  signature: signatureRecord,
  entry: patientHistoryEntry.nullable(),
});
export type SignatureAnswer = z.infer<typeof signatureAnswer>;
