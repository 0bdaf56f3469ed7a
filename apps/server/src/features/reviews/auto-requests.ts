import { toE164 } from '@odonto/domain/appointments';
import {
  AUTO_REQUEST_DELAY_MINUTES,
  AUTO_REQUEST_WINDOW_DAYS,
  autoRequestChannel,
  isDueForAutoRequest,
} from '@odonto/domain/reviews';
import { AppError } from '../../plugins/errors';
import { sendReviewRequest, type ReviewsDeps } from './review-requests.service';
import { findAppointmentsDueForRequest } from './review-requests.queries';
import { readReviewSettings } from './reviews.service';

/** Appointments handled per pass; the next pass takes the rest. */
const BATCH_SIZE = 100;
const SYSTEM_ACTOR = { userId: null, userEmail: null, ip: null };

/**
 * One pass of the automatic sending: when the setting is on, every appointment that ended between 2 hours
 * and 3 days ago, of a reachable, unblocked patient, without a request yet, gets one by the preferred
 * channel (or the other when the patient lacks it). Answers how many requests were sent.
 */
export async function runAutoRequests(deps: ReviewsDeps): Promise<number> {
  const settings = await readReviewSettings(deps.db);
  if (!settings.autoRequest) return 0;
  const now = deps.now();
  const endedTo = new Date(now.getTime() - AUTO_REQUEST_DELAY_MINUTES * 60_000).toISOString();
  const endedFrom = new Date(now.getTime() - AUTO_REQUEST_WINDOW_DAYS * 86_400_000).toISOString();
  const due = await findAppointmentsDueForRequest(deps.db, endedFrom, endedTo, BATCH_SIZE);
  let sent = 0;
  for (const appointment of due) {
    if (!isDueForAutoRequest(appointment.ends_at, now)) continue;
    // A number that cannot take an SMS counts as no number, so the mail is tried instead.
    const telefon = toE164(appointment.telefon).ok ? appointment.telefon : '';
    const channel = autoRequestChannel(settings.channel, { telefon, email: appointment.email });
    if (channel === null) continue;
    try {
      await sendReviewRequest(deps, SYSTEM_ACTOR, { appointmentId: appointment.id, channel });
      sent += 1;
    } catch (error) {
      // Another pass or a person sent it meanwhile, or the patient was blocked: nothing to do.
      if (error instanceof AppError && error.statusCode < 500) continue;
      deps.log.error({ err: error, appointmentId: appointment.id }, 'automatic review request failed');
    }
  }
  return sent;
}

export interface AutoRequestJob {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<number>;
}

/** Runs a pass every `intervalMs` inside the server process; one pass at a time. */
export function createAutoRequestJob(deps: ReviewsDeps, intervalMs: number): AutoRequestJob {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;

  function runOnce(): Promise<number> {
    current ??= runAutoRequests(deps).finally(() => {
      current = null;
    });
    return current;
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) =>
          deps.log.error({ err: error }, 'automatic review requests failed'),
        );
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
    runOnce,
  };
}
