/** The patient right side menu (SPEC.md §2), in its order. */
export const SIDE_MENU_ITEMS = [
  { section: 'history', label: 'Istoric tratamente' },
  { section: 'edit', label: 'Date pacient' },
  { section: 'docs', label: 'Documente' },
  { section: 'schita', label: 'Schiță dentară' },
  { section: 'programari', label: 'Programări' },
  { section: 'plan', label: 'Plan de tratament' },
  { section: 'cont', label: 'Cont' },
] as const;

export type PatientSection = (typeof SIDE_MENU_ITEMS)[number]['section'];

/** `/pacienti/{section}/{_id}` of a patient's screen. */
export function sectionPath(section: PatientSection, patientId: string): string {
  return `/pacienti/${section}/${encodeURIComponent(patientId)}`;
}

/** The section of a patient screen's path: '/pacienti/docs/abc' → 'docs'; '' for other paths. */
export function sectionOf(pathname: string): string {
  const match = /^\/pacienti\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  return match?.[1] ?? '';
}

/**
 * SPEC.md §2: which menu item is highlighted — edit the second, docs the third, schita the fourth,
 * anything else the first. So on programari the first item (history) is highlighted, as the spec says.
 * The spec's rule predates the sixth and seventh items (issues 12, 13): the treatment plan and the account
 * highlight their own icons.
 */
export function highlightedItemIndex(section: string): number {
  switch (section) {
    case 'edit':
      return 1;
    case 'docs':
      return 2;
    case 'schita':
      return 3;
    case 'plan':
      return 5;
    case 'cont':
      return 6;
    default:
      return 0;
  }
}
