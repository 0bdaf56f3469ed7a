import { describe, expect, it } from 'vitest';
import { conflictingStart, seriesForDocument, seriesStarts, seriesUses } from './invoice-series';

const clinic = { invoiceSeries: 'ODT', invoiceStart: 1, creditNoteSeries: 'ODTS', creditNoteStart: 1 };
const north = {
  locationId: 'north',
  invoiceSeries: 'NRD',
  invoiceStart: 50,
  creditNoteSeries: 'NRDS',
  creditNoteStart: 1,
};

describe('seriesForDocument', () => {
  it('takes the location’s own series, else the clinic’s (also for a charge without a location)', () => {
    expect(seriesForDocument(clinic, [north], 'north', 'invoice')).toBe('NRD');
    expect(seriesForDocument(clinic, [north], 'north', 'credit-note')).toBe('NRDS');
    expect(seriesForDocument(clinic, [north], 'south', 'invoice')).toBe('ODT');
    expect(seriesForDocument(clinic, [north], null, 'credit-note')).toBe('ODTS');
    expect(seriesForDocument(clinic, [], 'north', 'invoice')).toBe('ODT');
  });
});

describe('conflictingStart', () => {
  it('accepts distinct series and a series shared with one start', () => {
    const shared = { ...north, invoiceSeries: 'ODT', invoiceStart: 1 };
    const uses = seriesUses(clinic, [north, shared]);
    expect(conflictingStart(uses)).toBeUndefined();
    expect([...seriesStarts(uses)]).toEqual([
      ['ODT', 1],
      ['ODTS', 1],
      ['NRD', 50],
      ['NRDS', 1],
    ]);
  });

  it('names the later field giving a series a second start', () => {
    expect(
      conflictingStart(seriesUses(clinic, [{ ...north, creditNoteSeries: 'ODT', creditNoteStart: 9 }])),
    ).toEqual({
      series: 'ODT',
      start: 9,
      field: 'locations.0.creditNoteStart',
    });
    expect(
      conflictingStart(seriesUses({ ...clinic, creditNoteSeries: 'ODT', creditNoteStart: 2 }, [])),
    ).toMatchObject({ field: 'creditNoteStart' });
    expect(
      conflictingStart(seriesUses(clinic, [north, { ...north, locationId: 'south', invoiceStart: 1 }])),
    ).toMatchObject({ series: 'NRD', field: 'locations.1.invoiceStart' });
  });
});
