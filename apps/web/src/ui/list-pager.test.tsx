import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../features/audit/audit-page';
import { PATIENTS } from '../features/patients/patient-list-page';
import { REVIEWS } from '../features/reviews/review-stats';
import { countOf, pageSummary, type CountedNoun } from './list-pager';

describe('countOf', () => {
  it.each<[number, CountedNoun, string]>([
    [0, PATIENTS, '0 pacienți'],
    [1, PATIENTS, '1 pacient'],
    [7, PATIENTS, '7 pacienți'],
    [19, PATIENTS, '19 pacienți'],
    [25, PATIENTS, '25 de pacienți'],
    [105, PATIENTS, '105 pacienți'],
    [120, PATIENTS, '120 de pacienți'],
    [1, ENTRIES, '1 înregistrare'],
    [20, ENTRIES, '20 de înregistrări'],
    [101, ENTRIES, '101 înregistrări'],
    [1, REVIEWS, '1 recenzie'],
    [3, REVIEWS, '3 recenzii'],
    [40, REVIEWS, '40 de recenzii'],
  ])('counts %i as %j', (total, noun, text) => {
    expect(countOf(total, noun)).toBe(text);
  });
});

describe('pageSummary', () => {
  it.each([
    [1, 10, 0, false, 'Pagina 1 din 1 · 0 pacienți'],
    [2, 10, 25, false, 'Pagina 2 din 3 · 25 de pacienți'],
    [1, 10, 1000, false, 'Pagina 1 din 100 · 1000 de pacienți'],
    [1, 10, 1000, true, 'Pagina 1 din 100+ · 1.000+ pacienți'],
    [100, 10, 1000, true, 'Pagina 100 din 100+ · 1.000+ pacienți'],
    [101, 10, 1005, false, 'Pagina 101 din 101 · 1005 pacienți'],
    [1, 50, 1000, true, 'Pagina 1 din 20+ · 1.000+ pacienți'],
    // A page past the hundredth counts up to its own end, and more.
    [150, 10, 1500, true, 'Pagina 150 din 150+ · 1.500+ pacienți'],
  ])('page %i of %i a page, total %i (capped: %s): %j', (page, pageSize, total, totalIsCapped, text) => {
    expect(pageSummary({ page, pageSize, total, totalIsCapped }, PATIENTS)).toBe(text);
  });
});
