import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REVIEW_MESSAGES,
  REVIEW_TOKEN_PATTERN,
  type PublicReviewInfo,
} from '@odonto/domain/contracts/reviews';
import { greetingName, reviewTokenState } from '@odonto/domain/reviews';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import { writeAudit } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { hashToken } from '../../plugins/sessions';
import { findRequestByTokenHash, markRequestUsed, type RequestByTokenRow } from './review-requests.queries';
import { insertReview } from './reviews.queries';

interface PublicDeps {
  db: Kysely<Database>;
  now: Clock;
  clinicName: () => Promise<string>;
}

const unknownLink = () => new AppError(404, 'not_found', REVIEW_MESSAGES.tokenUnknown);
const usedLink = () => new AppError(410, 'gone', REVIEW_MESSAGES.tokenUsed);
const expiredLink = () => new AppError(410, 'gone', REVIEW_MESSAGES.tokenExpired);

/** The request of a link that can still take a review: 404 unknown, 410 used or expired. */
async function openRequest(deps: PublicDeps, token: string): Promise<RequestByTokenRow> {
  if (!REVIEW_TOKEN_PATTERN.test(token)) throw unknownLink();
  const request = await findRequestByTokenHash(deps.db, hashToken(token));
  if (!request) throw unknownLink();
  const state = reviewTokenState({ expiresAt: request.expires_at, usedAt: request.used_at }, deps.now());
  if (state === 'used') throw usedLink();
  if (state === 'expired') throw expiredLink();
  return request;
}

/** GET /api/public/review/{token}: only the clinic's name, the doctor and the patient's first name. */
export async function publicReviewInfo(deps: PublicDeps, token: string): Promise<PublicReviewInfo> {
  const request = await openRequest(deps, token);
  return {
    clinicName: await deps.clinicName(),
    medic: request.doctor_nume ?? request.medic,
    prenume: greetingName(request.prenume),
  };
}

/**
 * POST /api/public/review/{token}: stores the review and spends the link in one transaction; of two
 * submissions at the same moment only one finds the link unused, the other answers 410.
 */
export async function submitPublicReview(
  deps: PublicDeps,
  token: string,
  input: { rating: number; comment: string },
  ip: string,
): Promise<void> {
  const request = await openRequest(deps, token);
  const now = deps.now();
  const at = now.toISOString();
  const reviewId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markRequestUsed(trx, request.id, at))) throw usedLink();
    await insertReview(trx, {
      id: reviewId,
      request_id: request.id,
      appointment_id: request.appointment_id,
      patient_id: request.patient_id,
      doctor_id: request.doctor_id,
      medic: request.doctor_nume ?? request.medic,
      rating: input.rating,
      comment: input.comment,
      created_at: at,
    });
    // The patient has no account: the row names no user, only the address the review came from.
    await writeAudit(
      trx,
      now,
      { userId: null, userEmail: null, ip },
      {
        action: 'review_create',
        entity: 'review',
        entityId: reviewId,
        patientId: request.patient_id,
        details: { rating: input.rating },
      },
    );
  });
}
