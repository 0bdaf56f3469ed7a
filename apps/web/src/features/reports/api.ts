import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  commissionRateRequest,
  ledgerSettings,
  type CommissionRateRequest,
} from '@odonto/domain/contracts/ledger';
import { doctor } from '@odonto/domain/contracts/patients';
import {
  cashReport,
  commissionsReport,
  plansReport,
  receivablesReport,
  revenueReport,
} from '@odonto/domain/contracts/reports';
import type { ReportFormat } from '@odonto/domain/reports';
import { request } from '../../lib/http';

export const reportKeys = {
  all: ['reports'] as const,
  cash: (day: string, user: string, location: string) => ['reports', 'casa', day, user, location] as const,
  revenue: (month: string) => ['reports', 'venituri', month] as const,
  receivables: (page: number, location: string) => ['reports', 'creante', page, location] as const,
  plans: (from: string, to: string, location: string) => ['reports', 'planuri', from, to, location] as const,
  commissions: (month: string, location: string) => ['reports', 'comisioane', month, location] as const,
  settings: ['reports', 'commission-settings'] as const,
  doctors: ['reports', 'doctors'] as const,
};

/** The address of a report call (`params` as its query string), or of its CSV/XLSX download. */
export function reportUrl(report: string, params: Record<string, string>, format?: ReportFormat): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  if (format) query.set('format', format);
  return `/api/rapoarte/${report}?${query.toString()}`;
}

function reportQuery<S extends z.ZodType>(key: readonly unknown[], url: string, schema: S) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => request(url, { schema, signal }),
    placeholderData: keepPreviousData,
    meta: { isErrorHandled: true },
  });
}

/**
 * GET /api/rapoarte/casa: the daily cash report of `day`, for one user when `user` is set, of one location of
 * a clinic group when `location` is.
 */
export function useCashReport(day: string, user: string, location = '') {
  return useQuery(
    reportQuery(
      reportKeys.cash(day, user, location),
      reportUrl('casa', { zi: day, user, sediu: location }),
      cashReport,
    ),
  );
}

/** GET /api/rapoarte/venituri */
export function useRevenueReport(month: string) {
  return useQuery(
    reportQuery(reportKeys.revenue(month), reportUrl('venituri', { luna: month }), revenueReport),
  );
}

/** GET /api/rapoarte/creante: a page of the patients who owe, at one location of a clinic group when `location` is. */
export function useReceivablesReport(page: number, location = '') {
  return useQuery(
    reportQuery(
      reportKeys.receivables(page, location),
      reportUrl('creante', { page: String(page), sediu: location }),
      receivablesReport,
    ),
  );
}

/** GET /api/rapoarte/planuri: plans accepted vs done, at one location of a clinic group when `location` is. */
export function usePlansReport(from: string, to: string, location = '') {
  return useQuery(
    reportQuery(
      reportKeys.plans(from, to, location),
      reportUrl('planuri', { de_la: from, pana_la: to, sediu: location }),
      plansReport,
    ),
  );
}

/** GET /api/rapoarte/comisioane: a month's commissions, of one location of a clinic group when `location` is. */
export function useCommissionsReport(month: string, location = '') {
  return useQuery(
    reportQuery(
      reportKeys.commissions(month, location),
      reportUrl('comisioane', { luna: month, sediu: location }),
      commissionsReport,
    ),
  );
}

/** GET /api/cont-setari (admin): the doctors' commission rates, set on the commissions tab. */
export function useCommissionSettings() {
  return useQuery({
    queryKey: reportKeys.settings,
    queryFn: ({ signal }) => request('/api/cont-setari', { schema: ledgerSettings, signal }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/get-medici: the doctors a commission rate can be set for. */
export function useReportDoctors() {
  return useQuery({
    queryKey: reportKeys.doctors,
    queryFn: ({ signal }) => request('/api/get-medici', { schema: z.array(doctor), signal }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/cont-setari/comisioane (admin): a rate from a day on; the next allocations use it. */
export function useAddCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionRateRequest) =>
      request('/api/cont-setari/comisioane', {
        method: 'POST',
        body: commissionRateRequest.parse(input),
        schema: ledgerSettings,
      }),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.settings, saved),
    meta: { isErrorHandled: true },
  });
}
