import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import { alternativeTotals } from '@odonto/domain/plans';
import { routes } from '../../app/router';
import { makePatient, SLOW_SCREEN } from '../../test/patients';
import { mockApi } from '../../test/mock-api';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { resetPrintJob } from '../print/print-store';
import { ACCEPTANCE_B, makePlan } from './acceptance-test-data';
import { PLAN_SHEET_TITLE, PlanSheet } from './plan-sheet';
import { plansApi, VAT } from './plans-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const CLINIC: ClinicSettings = { ...DEFAULT_CLINIC, nume: 'Clinica Zâmbet', cui: 'RO14399840', version: 2 };

/** Accepted (B) at revision 2, changed since: now at revision 3. */
const CHANGED = makePlan({
  status: 'acceptat',
  revision: 3,
  version: 4,
  acceptance: { ...ACCEPTANCE_B, matches: false },
});

describe('the printed plan and estimate', () => {
  const print = vi.fn();
  beforeEach(() => {
    print.mockReset();
    window.print = print;
  });
  afterEach(() => {
    resetPrintJob();
    vi.unstubAllGlobals();
  });

  it('records the print, then prints the sheet: letterhead, facts, alternatives side by side, VAT, signature', async () => {
    const { calls } = plansApi(['asistent'], {
      'GET /api/plan/plan-4': { body: CHANGED },
      'GET /api/clinic': { body: CLINIC },
      'POST /api/plan/plan-4/print': { body: { printedAt: '2026-03-20T08:05:00.000Z' } },
    });
    renderRoutes(routes, '/pacienti/plan/p7?plan=plan-4');
    const button = await screen.findByRole('button', { name: 'Tipărește planul' }, { timeout: 15_000 });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.setup().click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(
      calls.filter((call) => call.url === '/api/plan/plan-4/print' && call.method === 'POST'),
    ).toHaveLength(1);

    const area = document.querySelector<HTMLElement>('[data-testid="print-area"]');
    expect(area?.getAttribute('data-print-kind')).toBe('treatment-plan');
    const sheet = within(area!);
    expect(sheet.getByTestId('letterhead').textContent).toContain('Clinica Zâmbet');
    expect(sheet.getByRole('heading', { level: 1 }).textContent).toBe(PLAN_SHEET_TITLE);
    const text = area!.textContent ?? '';
    expect(text).toContain('PacientPopescu Ana');
    expect(text).toContain('Plan nr.4 (versiunea 3)');
    expect(text).toContain('Valabil până la30.04.2026');
    expect(text).toContain('Tipărit la 20.03.2026, 10:05');
    expect(sheet.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Varianta A — Obturații',
      'Varianta B — Coroană',
    ]);
    expect(sheet.getByRole('region', { name: 'Varianta A' }).parentElement?.className).toMatch(/columns/);
    expect(text).toContain('Total Varianta A: 600,00 lei');
    expect(text).toContain('Total Varianta B: 1.550,00 lei');
    expect(text).toContain(VAT.exemptionText);
    expect(sheet.getByAltText('Semnătura pacientului').getAttribute('src')).toBe(
      '/history-imgs/p7/semnatura-plan.png',
    );
    expect(text).toContain('Semnătura se referă la versiunea 2 a planului.');
    expect(text).toContain('semnătură colectată de Ioana Marin');
  });

  it('puts three alternatives one per page, leaves lines to sign, and names the VAT rate of taxed items', () => {
    const base = makePlan();
    const [first] = base.alternatives;
    const taxed = {
      ...first!,
      phases: first!.phases.map((phase) => ({
        ...phase,
        items: phase.items.map((item) => ({ ...item, vatRateBp: 2100 })),
      })),
    };
    const third = { ...taxed, label: 'C' as const, title: 'Implant', totals: alternativeTotals(taxed) };
    const plan = makePlan({ alternatives: [...base.alternatives, third] });
    mockApi({ 'GET /api/locations': { body: { locations: [], mine: [] } } });
    renderWithProviders(
      <PlanSheet
        plan={plan}
        patient={makePatient()}
        clinic={CLINIC}
        vat={VAT}
        printedAt="2026-03-20T08:05:00.000Z"
      />,
    );
    const sections = screen
      .getAllByRole('region')
      .filter((s) => s.getAttribute('aria-label')?.startsWith('Varianta'));
    expect(sections).toHaveLength(3);
    expect(sections[0]?.parentElement?.className).toMatch(/pages/);
    expect(screen.getByText('Semnătura pacientului')).toBeTruthy();
    expect(screen.getByText('Prețurile includ TVA 21%.')).toBeTruthy();
    expect(screen.getByText(VAT.exemptionText)).toBeTruthy();
  });
});
