import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EFACTURA_MESSAGES } from '@odonto/domain/contracts/efactura';
import type { Database } from '../../db/database';
import {
  claimForPoll,
  claimForUpload,
  findDueSubmissionIds,
  findSubmissionById,
  knownUploadIndexes,
  markInterrupted,
  recordUpload,
  updatePolled,
} from '../../features/efactura/efactura.queries';

/**
 * The demo invoices' e-Factura states (issue 13): the documents the invoices demo issued are queued for
 * e-Factura in their issuing transaction; this moves the oldest ones the way the worker would, through the
 * efactura queries (claim, upload index, status answer, interrupted upload), so the invoice screens show every
 * state: validated by ANAF (ok, with its download id), refused (nok, with ANAF's messages), uploaded and
 * waiting for ANAF, to be checked in SPV (check), and the rest still queued. Nothing is sent anywhere.
 */

type Story = 'ok' | 'nok' | 'uploaded' | 'check';
/** In this order; the newest document always stays queued, so with 5 documents or more every state shows. */
const STORIES: readonly Story[] = ['ok', 'nok', 'check', 'uploaded'];

/** What ANAF answers for a refused invoice, as the demo shows it. */
export const DEMO_NOK_ERRORS = [
  'E: validari globale  eroare: [BR-RO-010] Numărul de înregistrare în scopuri de TVA al vânzătorului (BT-31) ' +
    'trebuie să înceapă cu prefixul RO.',
  'E: validari globale  eroare: [BR-CO-15] Valoarea totală a facturii cu TVA (BT-112) = Valoarea totală a ' +
    'facturii fără TVA (BT-109) + Valoarea totală a TVA (BT-110).',
];

const MINUTE_MS = 60_000;

/** Answers how many submissions it moved; 0 when there is none queued or a demo already moved some. */
export async function seedEfactura(db: Kysely<Database>, now: Date): Promise<number> {
  const all = await db.selectFrom('efactura_submissions').select(['id', 'state', 'created_at']).execute();
  if (all.length === 0 || all.some((row) => row.state !== 'queued')) return 0;
  const later = far(now);
  const queued = await findDueSubmissionIds(db, later, later, Math.min(STORIES.length, all.length - 1));
  let moved = 0;
  for (const [index, id] of queued.entries()) {
    const story = STORIES[index];
    if (story && (await tell(db, now, id, story, index))) moved += 1;
  }
  return moved;
}

async function tell(
  db: Kysely<Database>,
  now: Date,
  id: string,
  story: Story,
  index: number,
): Promise<boolean> {
  const row = await findSubmissionById(db, id);
  if (!row) return false;
  // Each story happened after its document was issued: minutes after, at most an hour before now.
  const start = Math.max(Date.parse(row.created_at) + MINUTE_MS, now.getTime() - 60 * MINUTE_MS);
  const at = (minutes: number) =>
    new Date(Math.min(start + minutes * MINUTE_MS, now.getTime())).toISOString();
  const uploadLease = randomUUID();
  const claimed = await claimForUpload(db, id, at(0), uploadLease);
  if (!claimed) return false;
  if (story === 'check') {
    // The upload was cut off before ANAF answered: an admin looks for it in SPV.
    return markInterrupted(db, id, at(5), far(now), EFACTURA_MESSAGES.interrupted);
  }
  const uploadIndex = await freeUploadIndex(db, 5_001_000_000 + index);
  const nextPoll = story === 'uploaded' ? new Date(now.getTime() + 15 * MINUTE_MS).toISOString() : at(1);
  if (!(await recordUpload(db, id, uploadIndex, at(0), nextPoll))) return false;
  if (story === 'uploaded') return true;
  const pollLease = randomUUID();
  const polled = await claimForPoll(db, id, at(1), at(1), pollLease);
  if (!polled) return false;
  return updatePolled(
    db,
    polled,
    story === 'ok'
      ? { state: 'ok', download_id: String(3_001_000_000 + index), polls: 1, next_attempt_at: null }
      : {
          state: 'nok',
          download_id: String(3_001_000_000 + index),
          errors: JSON.stringify(DEMO_NOK_ERRORS),
          polls: 1,
          next_attempt_at: null,
        },
    at(2),
  );
}

/** The claim of an interrupted upload counts as stale from any time after it. */
function far(now: Date): string {
  return new Date(now.getTime() + 365 * 24 * 60 * MINUTE_MS).toISOString();
}

async function freeUploadIndex(db: Kysely<Database>, first: number): Promise<string> {
  for (let candidate = first; ; candidate += 100) {
    const index = String(candidate);
    if (!(await knownUploadIndexes(db, [index])).has(index)) return index;
  }
}
