import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  priceHistoryAnswer,
  priceItem,
  priceListAnswer,
  priceListImportAnswer,
  vatSettings,
  type PriceChange,
  type PriceItemCreate,
  type PriceItemUpdate,
  type VatSettingsUpdate,
} from '@odonto/domain/contracts/price-list';
import { request, segment } from '../../lib/http';

export const priceListKeys = {
  all: ['price-list'] as const,
  list: (day: string, includeInactive: boolean) => ['price-list', 'list', day, includeInactive] as const,
  history: (id: string) => ['price-list', 'history', id] as const,
  vat: ['price-list', 'vat'] as const,
};

/** GET /api/price-list: the list priced on `day` ('' = today on the server), inactive items when asked. */
export function priceListQuery(day: string, includeInactive = false) {
  const params = new URLSearchParams({ day, includeInactive: String(includeInactive) });
  return queryOptions({
    queryKey: priceListKeys.list(day, includeInactive),
    queryFn: ({ signal }) =>
      request(`/api/price-list?${params.toString()}`, { schema: priceListAnswer, signal }),
    staleTime: 60_000,
    meta: { isErrorHandled: true },
  });
}

/**
 * The active items with their prices on `day` ('YYYY-MM-DD'; '' for today). Published for the screens that
 * price work (treatment plans).
 */
export function usePriceList(day = '') {
  return useQuery(priceListQuery(day));
}

/** The whole list, inactive items too, with today's prices (the settings section). */
export function useFullPriceList() {
  return useQuery(priceListQuery('', true));
}

/** GET /api/price-list/:id/prices: the item and its price history, newest first. */
export function usePriceHistory(id: string) {
  return useQuery({
    queryKey: priceListKeys.history(id),
    queryFn: ({ signal }) =>
      request(`/api/price-list/${segment(id)}/prices`, { schema: priceHistoryAnswer, signal }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/price-list/vat-settings. */
export function useVatSettings() {
  return useQuery({
    queryKey: priceListKeys.vat,
    queryFn: ({ signal }) => request('/api/price-list/vat-settings', { schema: vatSettings, signal }),
    staleTime: 5 * 60_000,
    meta: { isErrorHandled: true },
  });
}

function usePriceListMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/price-list (admin): one of the clinic's own items with its first price. */
export function useCreatePriceItem() {
  return usePriceListMutation((input: PriceItemCreate) =>
    request('/api/price-list', { method: 'POST', body: input, schema: priceItem }),
  );
}

/** PUT /api/price-list/:id (admin). */
export function useUpdatePriceItem() {
  return usePriceListMutation(({ id, ...input }: PriceItemUpdate & { id: string }) =>
    request(`/api/price-list/${segment(id)}`, { method: 'PUT', body: input, schema: priceItem }),
  );
}

/** POST /api/price-list/:id/prices (admin): a new price from a day. */
export function useAddPrice() {
  return usePriceListMutation(({ id, ...input }: PriceChange & { id: string }) =>
    request(`/api/price-list/${segment(id)}/prices`, { method: 'POST', body: input, schema: priceItem }),
  );
}

/** PUT /api/price-list/vat-settings (admin). */
export function useSaveVatSettings() {
  return usePriceListMutation((input: VatSettingsUpdate) =>
    request('/api/price-list/vat-settings', { method: 'PUT', body: input, schema: vatSettings }),
  );
}

/** POST /api/price-list/import (admin): the whole file or nothing; a bad file's ApiError has `lines`. */
export function useImportPriceList() {
  return usePriceListMutation(({ file, validFrom }: { file: File; validFrom: string }) => {
    const form = new FormData();
    form.append('validFrom', validFrom);
    form.append('file', file, file.name);
    return request('/api/price-list/import', { method: 'POST', body: form, schema: priceListImportAnswer });
  });
}

/** Where the browser downloads the list (GET, with the session cookie). */
export function priceListExportUrl(format: 'csv' | 'xlsx'): string {
  return `/api/price-list/export?format=${format}`;
}
