// The patient list's calls the benchmarks time (GET /api/pacienti): searches of 3 and 6 letters and of a
// phone fragment, a later page, the equality filters, a creation-date range and the first page.
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';

const list = (query: string) => `/api/pacienti?${query}`;
export const LIST_SCENARIOS: readonly { name: string; paths: string[] }[] = [
  {
    name: 'search, 3 letters (`q=pop`, `ste`, …)',
    paths: ['pop', 'ste', 'ion', 'mar', 'ana', 'dum', 'ale', 'tan'].map((q) => list(`q=${q}`)),
  },
  {
    name: 'search, 6 letters (`q=popesc`, `stefan`, …)',
    paths: ['popesc', 'stefan', 'ionesc', 'mihail', 'alexan', 'dumitr', 'gheorg', 'marine'].map((q) =>
      list(`q=${q}`),
    ),
  },
  {
    name: 'search, phone fragment (`q=0722 1`)',
    paths: ['0722 1', '0744 5', '0755 93', '0788 0'].map((q) => list(`q=${encodeURIComponent(q)}`)),
  },
  { name: 'search, 3 letters, page 3', paths: ['pop', 'ion', 'mar'].map((q) => list(`q=${q}&page=3`)) },
  {
    name: 'filter judet (`judet=cluj`)',
    paths: ['Cluj', 'Iași', 'Argeș', 'București'].map((j) => list(`judet=${encodeURIComponent(j)}`)),
  },
  {
    name: 'filter medic + igienizare',
    paths: [list(`medic=${encodeURIComponent(DEMO_USERS.medic.nume)}&igienizare=true`)],
  },
  {
    name: 'filter creation date range (one month)',
    paths: ['2025-03', '2024-07', '2023-11'].map((m) => list(`from=${m}-01&to=${m}-28`)),
  },
  { name: 'first page, no filter', paths: [list('page=1')] },
];
