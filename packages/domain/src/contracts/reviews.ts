import { z } from 'zod';
import { pagedTotalFields } from './paging';
import { toInstant } from '../clinic-time';
import { MAX_RATING, MIN_RATING, type IneligibleReason } from '../reviews';

/** Reviews per page of GET /api/reviews. */
export const REVIEW_PAGE_SIZE = 20;

/** The longest comment a patient may leave. */
export const REVIEW_COMMENT_MAX = 2000;

/** Romanian texts of the reviews screens and API, shared so the server and the screens agree. */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Alegeți între 1 și 5 stele.',
  commentTooLong: `Comentariul poate avea cel mult ${REVIEW_COMMENT_MAX} de caractere.`,
  tokenUnknown: 'Link-ul de recenzie nu este valid. Verificați că l-ați copiat întreg.',
  tokenUsed: 'Ați trimis deja o recenzie prin acest link. Vă mulțumim!',
  tokenExpired: 'Link-ul de recenzie a expirat (era valabil 14 zile).',
  appointmentNotFound: 'Programarea nu a fost găsită.',
  notPast: 'Cererea de recenzie se poate trimite doar după ora programării.',
  patientBlocked: 'Pacientul este blocat: nu i se pot trimite cereri de recenzie.',
  alreadyRequested: 'Pentru această programare s-a trimis deja o cerere de recenzie.',
  noPhone: 'Pacientul nu are număr de telefon: trimiteți cererea pe email.',
  noEmail: 'Pacientul nu are adresă de email: trimiteți cererea prin SMS.',
  periodReversed: 'Data de sfârșit este înaintea datei de început.',
  fetchFailed: 'Recenziile nu au putut fi încărcate.',
} as const;

/** The message of each reason a request cannot be sent (all answer 409, except an unknown appointment). */
export const INELIGIBLE_MESSAGES: Record<IneligibleReason, string> = {
  appointment_not_found: REVIEW_MESSAGES.appointmentNotFound,
  not_past: REVIEW_MESSAGES.notPast,
  patient_blocked: REVIEW_MESSAGES.patientBlocked,
  already_requested: REVIEW_MESSAGES.alreadyRequested,
  no_phone: REVIEW_MESSAGES.noPhone,
  no_email: REVIEW_MESSAGES.noEmail,
};

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data trebuie să fie în formatul AAAA-LL-ZZ.')
  .refine((day) => !Number.isNaN(toInstant(day)), 'Data nu este validă.');

/** An optional filter where an empty value (`?doctor=`) means "no filter", as a form sends it. */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));
}

/** The rating filter: a number of stars, or 'low' for the 1–2 star reviews flagged for follow-up. */
export const RATING_FILTERS = ['1', '2', '3', '4', '5', 'low'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

const filterShape = {
  /** The doctor's account id. */
  doctor: optionalFilter(z.string().trim().min(1).max(100, 'Medicul nu este valid.')),
  rating: optionalFilter(z.enum(RATING_FILTERS, { error: 'Filtrul de stele nu este valid.' })),
  from: optionalFilter(isoDay),
  to: optionalFilter(isoDay),
};

function periodInOrder(query: { from?: string | undefined; to?: string | undefined }): boolean {
  return !query.from || !query.to || query.from <= query.to;
}
const reversedPeriod = { path: ['to'], message: REVIEW_MESSAGES.periodReversed };

/** The filters of the reviews list and of its statistics; from/to are whole days in Bucharest. */
export const reviewFilterQuery = z.strictObject(filterShape).refine(periodInOrder, reversedPeriod);
export type ReviewFilterQuery = z.input<typeof reviewFilterQuery>;
export type ReviewFilter = z.output<typeof reviewFilterQuery>;

/** GET /api/reviews: the filters and the page (from 1). */
export const reviewListQuery = z
  .strictObject({
    ...filterShape,
    page: z.coerce.number().int().min(1, 'Pagina nu este validă.').max(100_000).default(1),
  })
  .refine(periodInOrder, reversedPeriod);
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** One review as the staff screens see it. */
export const review = z.object({
  _id: z.string(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  comment: z.string(),
  patientId: z.string(),
  /** 'Nume Prenume'. */
  patientName: z.string(),
  doctorId: z.string(),
  /** The doctor's name (as it was when the review was requested, if the account is gone). */
  medic: z.string(),
  /** When the patient gave it (ISO). */
  createdAt: z.string(),
  /** The appointment reviewed, when the review came through a request. */
  appointmentId: z.string().nullable(),
  /** 1–2 stars: flagged for follow-up. */
  isLow: z.boolean(),
});
export type Review = z.infer<typeof review>;

export const reviewListResponse = z.object({
  reviews: z.array(review),
  /** Exact up to 1,000 matches, then a lower bound with `totalIsCapped` (contracts/paging.ts). */
  ...pagedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

const distribution = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
const ratingStats = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  distribution,
});

/** GET /api/reviews/stats: the filtered reviews counted overall, per doctor and per month. */
export const reviewStatsResponse = z.object({
  overall: ratingStats,
  doctors: z.array(ratingStats.extend({ doctorId: z.string(), medic: z.string() })),
  /** From the period's first month (or 11 months before its last) to its last month (or this month). */
  monthly: z.array(z.object({ month: z.string(), average: z.number().nullable(), count: z.number().int() })),
});
export type ReviewStatsResponse = z.infer<typeof reviewStatsResponse>;

/** GET /api/reviews/doctors: every doctor who has reviews, by name, for the filter. */
export const reviewDoctorsResponse = z.array(z.object({ id: z.string(), nume: z.string() }));
export type ReviewDoctor = z.infer<typeof reviewDoctorsResponse>[number];

export const REVIEW_CHANNELS = ['sms', 'email'] as const;
export const reviewChannel = z.enum(REVIEW_CHANNELS, { error: 'Alegeți SMS sau email.' });

export const CHANNEL_LABELS: Record<(typeof REVIEW_CHANNELS)[number], string> = {
  sms: 'SMS',
  email: 'Email',
};

/** POST /api/reviews/requests: ask the patient of a past appointment for a review. */
export const reviewRequestInput = z.strictObject({
  appointmentId: z.string().trim().min(1, 'Alegeți o programare.').max(100),
  channel: reviewChannel,
});
export type ReviewRequestInput = z.input<typeof reviewRequestInput>;

export const REVIEW_REQUEST_STATES = ['open', 'used', 'expired'] as const;

/** A review request as the staff screens see it (never its token). */
export const reviewRequest = z.object({
  _id: z.string(),
  appointmentId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  channel: reviewChannel,
  /** Null when the clinic's automatic sending made it. */
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  state: z.enum(REVIEW_REQUEST_STATES),
  /** The outbox row's delivery status at answer time: queued, sent or failed. */
  delivery: z.string(),
});
export type ReviewRequest = z.infer<typeof reviewRequest>;

/** GET /api/reviews/requests?patient=…: the requests sent to one patient, newest first. */
export const reviewRequestsQuery = z.strictObject({
  patient: z.string().trim().min(1, 'Alegeți un pacient.').max(100),
});
export const reviewRequestsResponse = z.array(reviewRequest);

/** The clinic's review collection setting (GET/PUT /api/reviews/settings). */
export const reviewSettings = z.strictObject({
  /** Send a request automatically after each appointment ends. */
  autoRequest: z.boolean(),
  /** The channel automatic requests prefer (the other one is used when the patient lacks it). */
  channel: reviewChannel,
});
export type ReviewSettings = z.infer<typeof reviewSettings>;
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { autoRequest: false, channel: 'sms' };

/** The form of a review link's token (32 random bytes in base64url, with room to change the length). */
export const REVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** `/api/public/review/{token}`: anything not of the token's form is an unknown link (404), not a 400. */
export const reviewTokenParams = z.strictObject({ token: z.string().max(200) });

/** GET /api/public/review/{token}: all the public page shows. */
export const publicReviewInfo = z.object({
  clinicName: z.string(),
  medic: z.string(),
  /** The patient's first name only. */
  prenume: z.string(),
});
export type PublicReviewInfo = z.infer<typeof publicReviewInfo>;

/** POST /api/public/review/{token}: the patient's stars and comment. */
export const publicReviewInput = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(MIN_RATING, REVIEW_MESSAGES.ratingRequired)
    .max(MAX_RATING, REVIEW_MESSAGES.ratingRequired),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong).default(''),
});
export type PublicReviewInput = z.input<typeof publicReviewInput>;
