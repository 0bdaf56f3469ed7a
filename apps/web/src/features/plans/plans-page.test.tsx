import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC } from '@odonto/domain/contracts/clinic';
import { NO_ACCESS_TITLE } from '../../app/no-access-page';
import { routes } from '../../app/router';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { ACCEPTANCE_B, makePlan } from './acceptance-test-data';
import { plansApi, summaryOf } from './plans-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

afterEach(() => vi.unstubAllGlobals());

const PLAN = makePlan();
const IN_PROGRESS = makePlan({
  id: 'plan-5',
  number: 5,
  title: 'Protetică',
  status: 'în lucru',
  acceptance: ACCEPTANCE_B,
  links: [{ alternative: 'B', itemId: 'b2', entryId: 11, doneAt: '2026-03-20T09:00:00.000Z' }],
  progress: {
    itemsDone: 1,
    itemsTotal: 2,
    amountDoneBani: 30_000,
    amountRemainingBani: 125_000,
    percentByAmountBp: 1935,
    percentByItemsBp: 5000,
  },
});

async function openPlans(path = '/pacienti/plan/p7') {
  renderRoutes(routes, path);
  await screen.findByRole('heading', { name: 'Plan de tratament', level: 1 }, { timeout: 15_000 });
}

describe('the patient plans page', () => {
  it('lists the plans with number, title, doctor, status, validity, totals and progress', async () => {
    plansApi(['medic'], { 'GET /api/plans/p7': { body: [summaryOf(IN_PROGRESS), summaryOf(PLAN)] } });
    await openPlans();
    const rows = await screen.findAllByTestId('plan-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Plan nr. 5 — Protetică')).toBeTruthy();
    expect(first.getByText('în lucru')).toBeTruthy();
    expect(first.getByText(/Dr\. Ana Popescu · valabil până la 30\.04\.2026/)).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Varianta B (acceptată): 1.550,00 lei');
    expect(rows[0]!.textContent).toContain('19,35% · 1/2 lucrări');
    expect(rows[1]!.textContent).toContain('Varianta A: 600,00 lei');
    expect(within(rows[1]!).getByText('propus')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plan nou' })).toBeTruthy();
    // The sixth icon of the side menu is highlighted on its own screen.
    const icon = screen.getByRole('link', { name: 'Plan de tratament' });
    expect(icon.getAttribute('aria-current')).toBe('page');
    expect(icon.getAttribute('data-highlighted')).toBe('true');
  });

  it('shows a plan: alternatives as tabs, done items, progress by amount and items, remaining amount', async () => {
    plansApi(['medic'], {
      'GET /api/plans/p7': { body: [summaryOf(IN_PROGRESS)] },
      'GET /api/plan/plan-5': { body: IN_PROGRESS },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    await openPlans();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deschide planul nr. 5' }));
    expect(await screen.findByRole('heading', { name: 'Plan nr. 5 — Protetică' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Varianta B (acceptată)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const progress = screen.getByTestId('plan-progress');
    expect(progress.textContent).toContain('Efectuat: 19,35% din valoare, 50% din lucrări (1 din 2)');
    expect(progress.textContent).toContain('Valoare efectuată: 300,00 lei');
    expect(progress.textContent).toContain('Rest de efectuat: 1.250,00 lei');
    const done = document.querySelector('[data-item="b2"]');
    expect(done?.getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('totals-B').textContent).toContain('Total: 1.550,00 lei');
    expect(screen.getByRole('button', { name: 'Editează' })).toBeTruthy();
    // Only a proposed plan can be rejected.
    expect(screen.queryByRole('button', { name: 'Respinge planul' })).toBeNull();
  });

  it('rejects a proposed plan with a reason', async () => {
    const rejected = makePlan({
      status: 'respins',
      rejectedReason: 'Pacientul a ales altă clinică.',
      version: 3,
    });
    const { calls } = plansApi(['medic'], {
      'GET /api/plan/plan-4': { body: PLAN },
      'POST /api/plan/plan-4/reject': { body: rejected },
      'GET /api/plans/p7': { body: [summaryOf(rejected)] },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    await openPlans('/pacienti/plan/p7?plan=plan-4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Respinge planul' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Respinge' }));
    expect(await within(dialog).findByText('Scrieți motivul respingerii.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Motivul respingerii/), 'Pacientul a ales altă clinică.');
    await user.click(within(dialog).getByRole('button', { name: 'Respinge' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/plan/plan-4/reject')?.body).toEqual({
        version: 2,
        reason: 'Pacientul a ales altă clinică.',
      }),
    );
    expect(await screen.findByText('Pacientul a ales altă clinică.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editează' })).toBeNull();
  });

  it('an assistant sees and prints a plan, without edit controls', async () => {
    plansApi(['asistent'], {
      'GET /api/plans/p7': { body: [summaryOf(PLAN)] },
      'GET /api/plan/plan-4': { body: PLAN },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    await openPlans();
    expect(await screen.findByTestId('plan-row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Plan nou' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Deschide planul nr. 4' }));
    expect(await screen.findByRole('heading', { name: 'Plan nr. 4 — Reabilitare molari' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tipărește planul' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('button', { name: 'Editează' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Respinge planul' })).toBeNull();
  });

  it('never shows plans to the sterilisation staff', async () => {
    const { calls } = plansApi(['sterilizare'], { 'GET /api/plans/p7': { body: [summaryOf(PLAN)] } });
    renderRoutes(routes, '/pacienti/plan/p7');
    expect(await screen.findByText(NO_ACCESS_TITLE, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plan de tratament', level: 1 })).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/plans/'))).toBe(false);
  });
});
