import { useSearchParams } from 'react-router';
import { readFilters, readPage, toSearchParams, type ListFilters } from '@odonto/domain/patient-list-address';

// The address's rules are the domain's: the server names the list's call from the same address (issue 20).
export {
  hasActiveFilters,
  listSearch,
  readFilters,
  readPage,
  toListQuery,
  type ListFilters,
} from '@odonto/domain/patient-list-address';

/**
 * The list's state kept in the address, so a filtered page can be reloaded and shared. Any change of
 * the search or a filter goes back to page 1 (SPEC.md §4).
 */
export function usePatientListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const page = readPage(searchParams);

  function setFilters(patch: Partial<ListFilters>, options: { replace?: boolean } = {}) {
    setSearchParams((current) => toSearchParams({ ...readFilters(current), ...patch }, 1), options);
  }

  function setPage(next: number) {
    setSearchParams((current) => toSearchParams(readFilters(current), Math.max(1, next)));
  }

  function resetFilters() {
    setSearchParams((current) =>
      toSearchParams({ ...readFilters(new URLSearchParams()), deleted: readFilters(current).deleted }, 1),
    );
  }

  return { filters, page, setFilters, setPage, resetFilters };
}
