/**
 * Which series numbers a document, and which series settings may be saved together (issue 14: a location of
 * a clinic group may number its own invoices; decision 0050). A series is one gap-free numbering whoever
 * uses it: the clinic and several locations may share a series (they then share its numbers), but a series
 * has one first number.
 */

/** A series pair as saved: the clinic's, or one location's. */
export interface SeriesPair {
  invoiceSeries: string;
  invoiceStart: number;
  creditNoteSeries: string;
  creditNoteStart: number;
}

export interface LocationSeriesPair extends SeriesPair {
  locationId: string;
}

/**
 * The series a document takes: an invoice the invoice series of the location its charges were made at, a
 * credit note the credit-note series of the reversed invoice's location; the clinic's when that location has
 * none of its own or the charges have no location (made before locations existed).
 */
export function seriesForDocument(
  clinic: SeriesPair,
  locations: readonly LocationSeriesPair[],
  locationId: string | null,
  kind: 'invoice' | 'credit-note',
): string {
  const own = locationId === null ? undefined : locations.find((pair) => pair.locationId === locationId);
  const pair = own ?? clinic;
  return kind === 'invoice' ? pair.invoiceSeries : pair.creditNoteSeries;
}

/** Where a series' start was given: the clinic's fields or a location's (its index in the list). */
export interface SeriesUse {
  series: string;
  start: number;
  /** The field that set it, as the update names it: 'invoiceStart' or 'locations.2.creditNoteStart'. */
  field: string;
}

/** Every series the settings use with the start each place gives it, the clinic's first, then by location. */
export function seriesUses(clinic: SeriesPair, locations: readonly SeriesPair[]): SeriesUse[] {
  const pairUses = (pair: SeriesPair, prefix: string): SeriesUse[] => [
    { series: pair.invoiceSeries, start: pair.invoiceStart, field: `${prefix}invoiceStart` },
    { series: pair.creditNoteSeries, start: pair.creditNoteStart, field: `${prefix}creditNoteStart` },
  ];
  return [
    ...pairUses(clinic, ''),
    ...locations.flatMap((pair, index) => pairUses(pair, `locations.${index}.`)),
  ];
}

/**
 * The first use that gives a series another start than an earlier use of the same series (undefined when
 * every series has one start). Two starts for one numbering would leave a gap or repeat numbers.
 */
export function conflictingStart(uses: readonly SeriesUse[]): SeriesUse | undefined {
  const starts = new Map<string, number>();
  for (const use of uses) {
    const earlier = starts.get(use.series);
    if (earlier !== undefined && earlier !== use.start) return use;
    starts.set(use.series, use.start);
  }
  return undefined;
}

/** Each series once, with its start (call after `conflictingStart` found none). */
export function seriesStarts(uses: readonly SeriesUse[]): Map<string, number> {
  const starts = new Map<string, number>();
  for (const use of uses) if (!starts.has(use.series)) starts.set(use.series, use.start);
  return starts;
}
