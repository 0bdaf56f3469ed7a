import { downloadAnswer, listMessages, type AnafApi } from './anaf-client';
import { answerInvoice } from './answer-zip';
import type { EfacturaSubmissionRow } from '../../db/database';
import type { Connection } from './efactura-connection.service';
import type { EfacturaContext } from './efactura-context';
import { findCheckSubmissions, knownUploadIndexes, recordUpload } from './efactura.queries';

const DAY = 24 * 60 * 60_000;
/** Messages downloaded per lookup at most: each is a call ANAF counts. */
const MAX_DOWNLOADS = 50;

type WithToken = <T extends { kind: string }>(call: (api: AnafApi) => Promise<T>) => Promise<T>;

/**
 * Finds 'check' submissions (an upload interrupted after it may have reached ANAF) in ANAF's message list:
 * a "FACTURA TRIMISA" message whose upload index no submission has is downloaded, and when the invoice in
 * its ZIP is exactly a waiting submission's XML, that upload index is recorded (the worker then follows it
 * to ok). What this cannot prove stays 'check' for an admin: a rejected upload's answer holds only ANAF's
 * errors, not the invoice, and an upload ANAF is still processing is not listed yet. Nothing is ever
 * uploaded from here. Answers how many submissions it resolved.
 */
export async function resolveFromMessages(
  ctx: EfacturaContext,
  connection: Connection,
  withToken: WithToken,
): Promise<number> {
  const checks = await findCheckSubmissions(ctx.db, 50);
  let resolved = 0;
  // ANAF lists the messages of one CIF at a time: each CIF the connection uploads for, that has some waiting.
  for (const cif of connection.cifs) {
    const waiting = checks.filter((row) => row.cif === cif);
    if (waiting.length > 0) resolved += await resolveForCif(ctx, cif, waiting, withToken);
  }
  return resolved;
}

async function resolveForCif(
  ctx: EfacturaContext,
  cif: string,
  waiting: EfacturaSubmissionRow[],
  withToken: WithToken,
): Promise<number> {
  const now = ctx.now().getTime();
  const oldest = Math.min(...waiting.map((row) => Date.parse(row.claimed_at ?? row.created_at)));
  const days = Math.min(60, Math.max(1, Math.ceil((now - oldest) / DAY) + 1));
  const listed = await withToken((api) => listMessages(api, cif, days));
  if (listed.kind !== 'messages') return 0;
  const sent = listed.messages.filter((message) => /TRIMIS/i.test(message.type));
  const known = await knownUploadIndexes(
    ctx.db,
    sent.map((message) => message.uploadIndex),
  );
  const pending = new Map(waiting.map((row) => [row.id, row]));
  let resolved = 0;
  for (const message of sent.filter((m) => !known.has(m.uploadIndex)).slice(0, MAX_DOWNLOADS)) {
    if (pending.size === 0) break;
    const answer = await withToken((api) => downloadAnswer(api, message.id));
    if (answer.kind !== 'zip') continue;
    const invoice = await answerInvoice(answer.data);
    if (invoice === null) continue;
    const match = [...pending.values()].find((row) => sameXml(row.xml, invoice));
    if (!match) continue;
    pending.delete(match.id);
    const at = ctx.now().toISOString();
    if (await recordUpload(ctx.db, match.id, message.uploadIndex, at, at)) {
      resolved += 1;
      ctx.log.info(
        { submissionId: match.id, uploadIndex: message.uploadIndex },
        'e-Factura interrupted upload found in ANAF messages',
      );
    }
  }
  return resolved;
}

/** The same document: equal once a byte-order mark, line endings and outer blanks are set aside. */
function sameXml(a: string, b: string): boolean {
  const normal = (xml: string) =>
    xml
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n')
      .trim();
  return normal(a) === normal(b);
}
