import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, PlanSummary } from '@odonto/domain/contracts/plans';
import { alternativeTotals } from '@odonto/domain/plans';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { DentalChart } from './dental-chart';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

afterEach(() => vi.unstubAllGlobals());

const PLANNED = [
  { id: 'i1', name: 'coroană zirconiu', teeth: ['1.6', '2.6'], span: null },
  {
    id: 'i2',
    name: 'punte metalo-ceramică',
    teeth: ['4.6', '4.5', '4.4'],
    span: { start: '4.6', end: '4.4' },
  },
];

describe('planning on the dental chart', () => {
  it('selection mode marks every chosen tooth and reports each click', async () => {
    const onToothClick = vi.fn();
    renderWithProviders(
      <DentalChart
        history={[]}
        dintiStersi={[]}
        selectedTeeth={['1.6', '2.6']}
        onToothClick={onToothClick}
      />,
    );
    const pressed = [...document.querySelectorAll('[aria-pressed="true"]')].map((g) =>
      g.getAttribute('data-tooth'),
    );
    expect(pressed).toEqual(['1.6', '2.6']);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Dinte 1\.5 — / }));
    expect(onToothClick).toHaveBeenCalledWith('1.5');
  });

  it('draws planned items hatched, a bridge as one span, distinct from work done, with a legend entry', () => {
    renderWithProviders(<DentalChart history={[]} dintiStersi={[]} planned={PLANNED} />);
    const overlay = screen.getByTestId('plan-overlay');
    expect(
      [...overlay.querySelectorAll('[data-planned-tooth]')].map((g) => g.getAttribute('data-planned-tooth')),
    ).toEqual(['1.6', '2.6']);
    const spans = overlay.querySelectorAll('[data-planned-span]');
    expect(spans).toHaveLength(1);
    expect(spans[0]?.getAttribute('data-planned-span')).toBe('4.6-4.4');
    // The hatch is a pattern: planned marks are never filled like a crown.
    const fill = overlay.querySelector('rect')?.getAttribute('fill') ?? '';
    expect(fill).toMatch(/^url\(#plan-hatch-/);
    expect(document.querySelector(`pattern#${fill.slice(5, -1)}`)).not.toBeNull();
    // The teeth themselves still show their state (nothing planned is drawn as done).
    expect(document.querySelector('[data-tooth="1.6"]')?.getAttribute('data-fill')).toBe('');
    expect(screen.getByText('planificat (plan de tratament)')).toBeTruthy();
  });

  it('has no overlay and no plan legend without planned work', () => {
    renderWithProviders(<DentalChart history={[]} dintiStersi={[]} />);
    expect(screen.queryByTestId('plan-overlay')).toBeNull();
    expect(screen.queryByText('planificat (plan de tratament)')).toBeNull();
  });
});

function plan(overrides: Partial<Plan>): Plan {
  const alternative = {
    label: 'A' as const,
    title: '',
    discount: null,
    notes: '',
    phases: [
      {
        id: 'ph1',
        title: 'Etapa 1',
        items: [
          {
            id: 'x1',
            teeth: ['3.6' as const],
            span: null,
            priceItemId: null,
            catalogueId: 1.2,
            name: 'coroană zirconiu',
            unit: 'dinte' as const,
            quantity: 1,
            unitPriceBani: 125_000,
            listPriceBani: null,
            priceReason: null,
            vatRateBp: null,
            discount: null,
            notes: '',
          },
        ],
      },
    ],
  };
  return {
    id: 'plan-1',
    patientId: 'p7',
    number: 1,
    title: 'Coroană',
    doctorId: 'u1',
    doctorName: 'Dr. Ana Popescu',
    status: 'propus',
    validUntil: '2099-01-01',
    notes: '',
    priceDay: '2026-03-12',
    version: 1,
    revision: 1,
    alternatives: [{ ...alternative, totals: alternativeTotals(alternative) }],
    acceptance: null,
    progress: null,
    links: [],
    rejectedReason: null,
    createdAt: '2026-03-12T09:00:00.000Z',
    updatedAt: '2026-03-12T09:00:00.000Z',
    ...overrides,
  };
}

function summary(source: Plan): PlanSummary {
  return {
    ...source,
    alternatives: source.alternatives.map((a) => ({
      label: a.label,
      title: a.title,
      totalBani: a.totals.totalBani,
    })),
    acceptedAlternative: null,
  };
}

describe('the chart page toggle "stare actuală" / "plan"', () => {
  it("overlays the newest proposed plan's first alternative only in the plan view", async () => {
    const proposed = plan({});
    const { calls } = mockApi({
      'GET /api/setup': NO_SETUP,
      'GET /api/check-login': { body: sessionFor(['medic']) },
      'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7' }) },
      'GET /api/pacienti': { body: listPage(1, 0) },
      'GET /api/plans/p7': { body: [summary(proposed)] },
      'GET /api/plan/plan-1': { body: proposed },
      ...REFERENCE_DATA,
    });
    renderRoutes(routes, '/pacienti/schita/p7');
    await screen.findByRole('heading', { name: 'Schiță dentară', level: 1 }, { timeout: 15_000 });
    expect(screen.queryByTestId('plan-overlay')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/plans/'))).toBe(false);
    await userEvent.setup().click(screen.getByText('plan'));
    await waitFor(() => expect(document.querySelector('[data-planned-tooth="3.6"]')).not.toBeNull());
    expect(screen.getByTestId('plan-caption').textContent).toContain('Plan nr. 1 — Coroană (propus)');
  });
});
