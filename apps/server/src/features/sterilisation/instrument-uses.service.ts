import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UsedInstrument } from '@odonto/domain/contracts/history';
import { STERILISATION_MESSAGES as M } from '@odonto/domain/contracts/sterilisation';
import { UNAVAILABLE_MESSAGES, unavailableReason } from '@odonto/domain/sterilisation';
import type { Database } from '../../db/database';
import { AppError } from '../../plugins/errors';
import { findPouchesForUse, insertUsage, markPouchUsed } from './cycles.queries';
import { biologicalOf, integratorOf } from './sterilisation.presenter';

export interface InstrumentUseContext {
  patientId: string;
  entryId: number;
  now: Date;
  userId: string | null;
}

/**
 * Where the pouches were named: the `usedInstruments` picked in the treatment modal, or ids a client put
 * straight into the entry's `sterilizari` (checked the same way; refused with 422 on that field).
 */
export type InstrumentSource = 'usedInstruments' | 'sterilizari';

function badId(id: UsedInstrument['id_sterilizare'], source: InstrumentSource): AppError {
  const message = M.unknownSterilisationId(id);
  return source === 'sterilizari'
    ? new AppError(422, 'unprocessable', message, { fields: { sterilizari: message } })
    : new AppError(400, 'invalid_input', message, { fields: { usedInstruments: message } });
}

/**
 * Records that a treatment used these sterilised pouches (update-history / save-history's
 * `usedInstruments`), inside the caller's transaction: each must be offered for use right now (load
 * passed, not expired, not used, not superseded), is marked used at `now` and linked to the entry. Answers
 * them as the entry keeps them in `sterilizari`: the register's name and the server's time. A pouch that
 * is no longer available answers 409 and nothing of the save is kept.
 */
export async function recordInstrumentUses(
  trx: Kysely<Database>,
  context: InstrumentUseContext,
  requested: readonly UsedInstrument[],
  source: InstrumentSource = 'usedInstruments',
): Promise<UsedInstrument[]> {
  if (requested.length === 0) return [];
  const ids = [
    ...new Set(
      requested.map((item) => {
        const id = Number(item.id_sterilizare);
        if (!Number.isSafeInteger(id) || id <= 0) throw badId(item.id_sterilizare, source);
        return id;
      }),
    ),
  ];
  const pouches = new Map((await findPouchesForUse(trx, ids)).map((row) => [row.id_sterilizare, row]));
  const at = context.now.toISOString();
  const used: UsedInstrument[] = [];
  for (const id of ids) {
    const pouch = pouches.get(id);
    if (!pouch) throw badId(id, source);
    const reason =
      pouch.deleted_at !== null
        ? 'deleted'
        : unavailableReason(
            {
              integrator: integratorOf(pouch.integrator),
              biological: biologicalOf(pouch.biological),
              useBy: pouch.use_by,
              usedAt: pouch.used_at,
              replaced: pouch.replaced_at !== null,
            },
            context.now,
          );
    if (reason !== null) throw unavailable(id, UNAVAILABLE_MESSAGES[reason], source);
    if (!(await markPouchUsed(trx, id, at))) throw unavailable(id, UNAVAILABLE_MESSAGES.used, source);
    await insertUsage(trx, {
      id: randomUUID(),
      id_sterilizare: id,
      patient_id: context.patientId,
      entry_id: context.entryId,
      used_at: at,
      used_by: context.userId,
    });
    used.push({ name: pouch.name, id_sterilizare: id, used_at: context.now.getTime() });
  }
  return used;
}

function unavailable(id: number, reason: string, source: InstrumentSource): AppError {
  const message = M.instrumentUnavailable(id, reason);
  return source === 'sterilizari'
    ? new AppError(422, 'unprocessable', message, { fields: { sterilizari: message } })
    : new AppError(409, 'conflict', message, { fields: { usedInstruments: message } });
}
