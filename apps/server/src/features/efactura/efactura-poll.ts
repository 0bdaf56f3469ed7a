import { randomUUID } from 'node:crypto';
import { EFACTURA_MESSAGES } from '@odonto/domain/contracts/efactura';
import { statusPollAt } from '@odonto/domain/efactura-sending';
import type { EfacturaSubmissionRow } from '../../db/database';
import { toJsonText } from '../../db/json';
import { changeFiles } from '../../files/store';
import { downloadAnswer, messageState, type DownloadOutcome, type StateOutcome } from './anaf-client';
import { answerErrors } from './answer-zip';
import type { Connection } from './efactura-connection.service';
import type { EfacturaContext } from './efactura-context';
import { withAccessToken } from './efactura-tokens.service';
import { claimForPoll, updatePolled, type SubmissionChanges } from './efactura.queries';

/**
 * Asks ANAF about an uploaded submission (stareMesaj) under a lease: still in processing → asked again with
 * back-off; ok / nok → the answer ZIP is downloaded and stored with the final state in one transaction (nok
 * with ANAF's messages from the ZIP). Reads only: a failure is simply asked again later.
 */
export async function pollSubmission(
  ctx: EfacturaContext,
  connection: Connection,
  row: EfacturaSubmissionRow,
  leaseMs: number,
): Promise<boolean> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const lease = randomUUID();
  const staleBefore = iso(ctx.now().getTime() - leaseMs);
  const claimed = await claimForPoll(ctx.db, row.id, ctx.now().toISOString(), staleBefore, lease);
  if (!claimed?.upload_index) return false;
  const uploadIndex = claimed.upload_index;
  const later = (reason: string | null): SubmissionChanges => ({
    polls: claimed.polls + 1,
    next_attempt_at: iso(statusPollAt(ctx.now().getTime(), claimed.polls + 1)),
    last_error: reason,
  });
  const finish = (changes: SubmissionChanges) =>
    updatePolled(ctx.db, claimed, changes, ctx.now().toISOString());

  let state: StateOutcome;
  try {
    state = await withAccessToken(ctx, connection, (api) => messageState(api, uploadIndex));
  } catch (error) {
    await finish(later(error instanceof Error ? error.message : String(error)));
    return true;
  }
  if (state.kind === 'unauthorized') return finish(later(EFACTURA_MESSAGES.tokenRejected));
  if (state.kind === 'retry') return finish(later(state.reason));
  if (state.kind === 'errors') return finish(later(state.errors.join(' ')));
  if (state.state === 'processing') return finish(later(null));
  if (state.state === 'rejected' || state.downloadId === null) {
    // "XML cu erori nepreluat de sistem": final, and there is no answer to download.
    const errors = state.errors.length > 0 ? state.errors : [state.stare];
    return finish({ state: 'nok', errors: toJsonText(errors), next_attempt_at: null, last_error: null });
  }
  const downloadId = state.downloadId;
  let answer: DownloadOutcome;
  try {
    answer = await withAccessToken(ctx, connection, (api) => downloadAnswer(api, downloadId));
  } catch (error) {
    await finish({
      ...later(error instanceof Error ? error.message : String(error)),
      download_id: downloadId,
    });
    return true;
  }
  if (answer.kind !== 'zip') {
    const reason =
      answer.kind === 'errors'
        ? answer.errors.join(' ')
        : answer.kind === 'retry'
          ? answer.reason
          : EFACTURA_MESSAGES.tokenRejected;
    return finish({ ...later(reason), download_id: downloadId });
  }
  const final = state.state === 'ok' ? 'ok' : 'nok';
  const errors =
    final === 'ok'
      ? []
      : await answerErrors(answer.data).then((found) =>
          found.length > 0
            ? found
            : state.errors.length > 0
              ? state.errors
              : ['Factura a fost respinsă de ANAF.'],
        );
  const zip = answer.data;
  try {
    await changeFiles(
      ctx.store,
      {
        add: [
          {
            patientId: null,
            kind: 'efactura-answer',
            name: `efactura-${uploadIndex}.zip`,
            contentType: 'application/zip',
            data: zip,
            createdBy: null,
          },
        ],
      },
      async (trx, added) => {
        const ok = await updatePolled(
          trx,
          claimed,
          {
            state: final,
            download_id: downloadId,
            answer_file_id: added[0]?.id ?? null,
            errors: final === 'ok' ? null : toJsonText(errors),
            next_attempt_at: null,
            last_error: null,
          },
          ctx.now().toISOString(),
        );
        // Another worker took the row meanwhile (this one was too slow): its outcome stands.
        if (!ok) throw new LostClaim();
      },
    );
  } catch (error) {
    if (error instanceof LostClaim) return false;
    throw error;
  }
  ctx.log.info({ submissionId: claimed.id, uploadIndex, state: final }, 'e-Factura answered');
  return true;
}

class LostClaim extends Error {
  override name = 'LostClaim';
}
