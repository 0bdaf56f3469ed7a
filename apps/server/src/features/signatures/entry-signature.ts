import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  canonicalJson,
  compareSignature,
  signedEntryContent,
  type SignedContent,
} from '@odonto/domain/signatures';
import { signedContent, type SignatureRecord } from '@odonto/domain/contracts/signatures';

/**
 * What the signatures feature publishes to the history feature (docs/decisions/0009): the signature an
 * entry carries (its `history_entries.signature` JSON) turned into what the API answers, matching or not.
 */

/** SHA-256 (hex) of the canonical JSON of a signed content. */
export function contentSha256(content: SignedContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/** The signature an entry stores: its newest signature, with the snapshot of what was signed. */
export const storedEntrySignature = z.object({
  id: z.string(),
  image: z.string(),
  signedAt: z.string(),
  signedBy: z.string(),
  via: z.enum(['direct', 'station']),
  sha256: z.string(),
  snapshot: signedContent,
});
export type StoredEntrySignature = z.infer<typeof storedEntrySignature>;

type SignedEntryLike = Parameters<typeof signedEntryContent>[1];

/** `signature` (the image name) and `signed` (the state) of an entry as it stands now. */
export function entrySignatureState(
  patientId: string,
  entry: SignedEntryLike,
  stored: string | null,
): { signature: string | null; signed: SignatureRecord | null } {
  const parsed = stored === null ? null : storedEntrySignature.safeParse(safeJson(stored));
  if (!parsed?.success) return { signature: null, signed: null };
  const record = parsed.data;
  const current = signedEntryContent(patientId, entry);
  return {
    signature: record.image,
    signed: signatureRecordOf(record, {
      kind: 'entry',
      patientId,
      entryId: entry.id,
      current,
      currentSha256: contentSha256(current),
    }),
  };
}

/** A signature with its state against the content as it stands now (null: the entry is gone). */
export function signatureRecordOf(
  stored: StoredEntrySignature,
  now: {
    kind: SignatureRecord['kind'];
    patientId: string;
    entryId: number | null;
    current: SignedContent | null;
    currentSha256: string | null;
  },
): SignatureRecord {
  const comparison = compareSignature({
    signedSha256: stored.sha256,
    snapshotSha256: contentSha256(stored.snapshot),
    currentSha256: now.currentSha256,
    snapshot: stored.snapshot,
    current: now.current,
  });
  return {
    id: stored.id,
    kind: now.kind,
    patientId: now.patientId,
    entryId: now.entryId,
    image: stored.image,
    signedAt: stored.signedAt,
    signedBy: stored.signedBy,
    via: stored.via,
    sha256: stored.sha256,
    snapshot: stored.snapshot,
    ...comparison,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
