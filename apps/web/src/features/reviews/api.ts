import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  publicReviewInfo,
  reviewDoctorsResponse,
  reviewListResponse,
  reviewRequest,
  reviewRequestsResponse,
  reviewSettings,
  reviewStatsResponse,
  type PublicReviewInput,
  type ReviewFilterQuery,
  type ReviewRequestInput,
  type ReviewSettings,
} from '@odonto/domain/contracts/reviews';
import { okResponse } from '@odonto/domain/contracts/auth';
import { request, segment } from '../../lib/http';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (query: ReviewListParams) => ['reviews', 'list', query] as const,
  stats: (query: ReviewFilterQuery) => ['reviews', 'stats', query] as const,
  doctors: ['reviews', 'doctors'] as const,
  settings: ['reviews', 'settings'] as const,
  requests: (patientId: string) => ['reviews', 'requests', patientId] as const,
  publicLink: (token: string) => ['public-review', token] as const,
};

/** GET /api/reviews's query as the screen sends it. */
export type ReviewListParams = ReviewFilterQuery & { page: number };

function searchOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/reviews: one page, newest first; the previous page stays shown while the next loads. */
export function useReviewList(query: ReviewListParams) {
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) =>
      request(`/api/reviews?${searchOf(query)}`, { schema: reviewListResponse, signal }),
    placeholderData: keepPreviousData,
    // SPEC.md §8: the fetch error is kept and the screen shows it.
    meta: { isErrorHandled: true },
  });
}

/** GET /api/reviews/stats: overall, per doctor and per month, for the same filters. */
export function useReviewStats(query: ReviewFilterQuery) {
  return useQuery({
    queryKey: reviewKeys.stats(query),
    queryFn: ({ signal }) =>
      request(`/api/reviews/stats?${searchOf(query)}`, { schema: reviewStatsResponse, signal }),
    placeholderData: keepPreviousData,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/reviews/doctors: the doctors with reviews, for the filter. */
export function useReviewDoctors() {
  return useQuery({
    queryKey: reviewKeys.doctors,
    queryFn: ({ signal }) => request('/api/reviews/doctors', { schema: reviewDoctorsResponse, signal }),
    staleTime: 60_000,
  });
}

/** GET /api/reviews/settings: the automatic sending. */
export function useReviewSettings() {
  return useQuery({
    queryKey: reviewKeys.settings,
    queryFn: ({ signal }) => request('/api/reviews/settings', { schema: reviewSettings, signal }),
  });
}

/** PUT /api/reviews/settings (admins). */
export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) =>
      request('/api/reviews/settings', { method: 'PUT', body: settings, schema: reviewSettings }),
    onSuccess: (saved) => queryClient.setQueryData(reviewKeys.settings, saved),
  });
}

/** GET /api/reviews/requests?patient=…: the review requests sent to the patient. */
export function usePatientReviewRequests(patientId: string) {
  return useQuery({
    queryKey: reviewKeys.requests(patientId),
    queryFn: ({ signal }) =>
      request(`/api/reviews/requests?${searchOf({ patient: patientId })}`, {
        schema: reviewRequestsResponse,
        signal,
      }),
    // The action beside an appointment just stays hidden when the requests cannot be read.
    meta: { isErrorHandled: true },
  });
}

/** POST /api/reviews/requests: sends the review link; the patient's requests are read again. */
export function useSendReviewRequest(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewRequestInput) =>
      request('/api/reviews/requests', { method: 'POST', body: input, schema: reviewRequest }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.requests(patientId) }),
  });
}

/** GET /api/public/review/{token}: what the public page shows (no sign-in). */
export function usePublicReview(token: string) {
  return useQuery({
    queryKey: reviewKeys.publicLink(token),
    queryFn: ({ signal }) =>
      request(`/api/public/review/${segment(token)}`, { schema: publicReviewInfo, signal }),
    retry: false,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/public/review/{token}: the patient's review. */
export function useSubmitPublicReview(token: string) {
  return useMutation({
    mutationFn: (input: PublicReviewInput) =>
      request(`/api/public/review/${segment(token)}`, { method: 'POST', body: input, schema: okResponse }),
    meta: { isErrorHandled: true },
  });
}
