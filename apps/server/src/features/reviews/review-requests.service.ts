import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toE164 } from '@odonto/domain/appointments';
import { INELIGIBLE_MESSAGES, REVIEW_MESSAGES, type ReviewRequest } from '@odonto/domain/contracts/reviews';
import {
  greetingName,
  requestIneligibility,
  reviewTokenExpiresAt,
  reviewTokenState,
  type ReviewChannel,
} from '@odonto/domain/reviews';
import type { Clock } from '../../app-types';
import type { Database, ReviewRequestRow } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { Mailer } from '../../notify/mail';
import { enqueueSms } from '../../notify/sms';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { hashToken, newSecretToken } from '../../plugins/sessions';
import { reviewLink, reviewMail, reviewSmsText } from './review-messages';
import {
  deleteUnusedReviewRequest,
  findAppointmentCandidate,
  findRequestsOfPatient,
  insertReviewRequest,
  patientExists,
  setRequestOutbox,
  type AppointmentCandidateRow,
} from './review-requests.queries';

export interface ReviewsDeps {
  db: Kysely<Database>;
  now: Clock;
  publicUrl: string;
  /** The clinic's name as messages and the public page show it. */
  clinicName: () => Promise<string>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The outbox kind of a review request's message. */
export const REVIEW_REQUEST_KIND = 'review-request';

// A message that never left (a failed mail or SMS, or one cancelled) does not count as a request: the
// clinic may send the appointment's request again, and the new one replaces it.
const UNDELIVERED = new Set(['failed', 'cancelled']);

function isReplaceable(candidate: AppointmentCandidateRow): boolean {
  return (
    candidate.request_id !== null &&
    candidate.request_used_at === null &&
    candidate.request_delivery !== null &&
    UNDELIVERED.has(candidate.request_delivery)
  );
}

/** Why this appointment's patient cannot be asked by this channel now, as the error to answer. */
function refusal(candidate: AppointmentCandidateRow, channel: ReviewChannel, now: Date): AppError | null {
  const reason = requestIneligibility(
    {
      endsAt: candidate.ends_at,
      patientBlocked: candidate.blocked === 1,
      isDeleted: candidate.deleted_at !== null || candidate.patient_deleted_at !== null,
      alreadyRequested: candidate.request_id !== null && !isReplaceable(candidate),
      telefon: candidate.telefon,
      email: candidate.email,
    },
    channel,
    now,
  );
  if (reason === null) {
    const phone = channel === 'sms' ? toE164(candidate.telefon) : null;
    if (phone && !phone.ok)
      return new AppError(409, 'conflict', phone.reason, { fields: { channel: phone.reason } });
    return null;
  }
  const message = INELIGIBLE_MESSAGES[reason];
  if (reason === 'appointment_not_found') return new AppError(404, 'not_found', message);
  const field = reason === 'no_phone' || reason === 'no_email' ? 'channel' : 'appointmentId';
  return new AppError(409, 'conflict', message, { fields: { [field]: message } });
}

/**
 * Sends the patient of a past appointment a single-use review link, by SMS through the outbox worker or
 * by mail at once. The link's token is random and only its hash is stored. `actor.userId` null: the
 * clinic's automatic sending.
 */
export async function sendReviewRequest(
  deps: ReviewsDeps,
  actor: AuditActor,
  input: { appointmentId: string; channel: ReviewChannel },
): Promise<ReviewRequest> {
  const now = deps.now();
  const candidate = await findAppointmentCandidate(deps.db, input.appointmentId);
  if (!candidate) throw new AppError(404, 'not_found', REVIEW_MESSAGES.appointmentNotFound);
  const refused = refusal(candidate, input.channel, now);
  if (refused) throw refused;

  const token = newSecretToken();
  const row: ReviewRequestRow = {
    id: randomUUID(),
    appointment_id: candidate.id,
    patient_id: candidate.patient_id,
    doctor_id: candidate.doctor_id,
    medic: candidate.doctor_nume ?? '',
    channel: input.channel,
    token_hash: hashToken(token),
    expires_at: reviewTokenExpiresAt(now).toISOString(),
    used_at: null,
    outbox_id: null,
    created_at: now.toISOString(),
    created_by: actor.userId,
  };
  const parts = {
    clinicName: await deps.clinicName(),
    prenume: greetingName(candidate.prenume),
    medic: row.medic || 'medicul dumneavoastră',
    link: reviewLink(deps.publicUrl, token),
  };

  let delivery: string;
  try {
    delivery = await deps.db.transaction().execute(async (trx) => {
      if (candidate.request_id !== null && isReplaceable(candidate)) {
        await deleteUnusedReviewRequest(trx, candidate.request_id);
      }
      await insertReviewRequest(trx, row);
      let status = 'queued';
      if (input.channel === 'sms') {
        const queued = await enqueueSms(
          trx,
          {
            to: candidate.telefon,
            text: reviewSmsText(parts),
            sendAfter: now,
            kind: REVIEW_REQUEST_KIND,
            refId: row.id,
          },
          now,
        );
        row.outbox_id = queued.id;
        status = queued.status;
        await setRequestOutbox(trx, row.id, queued.id);
      }
      await writeAudit(trx, now, actor, {
        action: 'review_request',
        entity: 'review_request',
        entityId: row.id,
        patientId: row.patient_id,
        details: { channel: input.channel, ...(actor.userId === null ? { automatic: true } : {}) },
      });
      return status;
    });
  } catch (error) {
    // Two requests for one appointment at the same moment: the unique appointment_id lets one through.
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'conflict', REVIEW_MESSAGES.alreadyRequested, {
        fields: { appointmentId: REVIEW_MESSAGES.alreadyRequested },
      });
    }
    throw error;
  }

  if (input.channel === 'email') {
    // After the commit: the link must point at a stored request, and the mail is not part of the write.
    const mail = await deps.mailer.sendMail({ to: candidate.email, ...reviewMail(parts) });
    row.outbox_id = mail.outboxId;
    delivery = mail.status;
    await setRequestOutbox(deps.db, row.id, mail.outboxId);
  }
  return toReviewRequest(row, delivery, now);
}

/** GET /api/reviews/requests?patient=…: the requests sent to a patient. */
export async function listPatientRequests(
  deps: Pick<ReviewsDeps, 'db' | 'now'>,
  patientId: string,
): Promise<ReviewRequest[]> {
  if (!(await patientExists(deps.db, patientId))) {
    throw new AppError(404, 'not_found', 'Pacientul nu a fost găsit.');
  }
  const now = deps.now();
  const rows = await findRequestsOfPatient(deps.db, patientId);
  return rows.map((row) => toReviewRequest(row, row.delivery ?? 'queued', now));
}

function toReviewRequest(row: ReviewRequestRow, delivery: string, now: Date): ReviewRequest {
  return {
    _id: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    channel: row.channel === 'email' ? 'email' : 'sms',
    sentBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    state: reviewTokenState({ expiresAt: row.expires_at, usedAt: row.used_at }, now),
    delivery,
  };
}
