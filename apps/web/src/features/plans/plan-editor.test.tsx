import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC } from '@odonto/domain/contracts/clinic';
import { PLAN_MESSAGES, type PlanContentInput } from '@odonto/domain/contracts/plans';
import { routes } from '../../app/router';
import { apiError } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { makePlan } from './acceptance-test-data';
import { PRICE_REASON_LABEL } from './item-editor';
import { plansApi, summaryOf } from './plans-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => vi.unstubAllGlobals());

const SAVED = makePlan({ id: 'plan-9', number: 9, title: 'Coroane' });

async function openEditor(path: string) {
  renderRoutes(routes, path);
  await screen.findByRole('heading', { name: 'Plan de tratament', level: 1 }, { timeout: 15_000 });
  return screen.findByRole('form');
}

function toothButton(id: string) {
  return screen.getByRole('button', { name: new RegExp(`^Dinte ${id.replace('.', '\\.')} — `) });
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function onlyItem(): HTMLElement {
  const items = screen.getAllByTestId('plan-item');
  expect(items).toHaveLength(1);
  return items[0]!;
}

describe('the plan editor', () => {
  it('plans crowns on two teeth from the chart, shows the totals, asks a reason for another price, and saves', async () => {
    const { calls } = plansApi(['medic'], {
      'POST /api/plans/p7': { status: 201, body: SAVED },
      'GET /api/plan/plan-9': { body: SAVED },
      'GET /api/plans/p7': { body: [summaryOf(SAVED)] },
      'GET /api/clinic': { body: DEFAULT_CLINIC },
    });
    await openEditor('/pacienti/plan/p7?plan=nou');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Titlul planului/ }), 'Coroane');
    await pick(user, /Medic/, 'Dr. Ioana Stănescu');

    await user.click(toothButton('2.6'));
    await user.click(toothButton('1.6'));
    expect(toothButton('1.6').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selected-teeth').textContent).toBe('Dinți aleși: 1.6, 2.6');
    await pick(user, 'Lucrare din lista de prețuri', 'coroană zirconiu monolitic — 1.250,00 lei per dinte');
    await user.click(screen.getByRole('button', { name: 'Adaugă în etapă' }));

    const item = onlyItem();
    expect(item.textContent).toContain('1.6, 2.6');
    expect(within(item).getByRole('textbox', { name: 'Cantitate' })).toHaveProperty('value', '2');
    expect(within(item).getByTestId('item-amount').textContent).toBe('2.500,00 lei');
    expect(screen.getByTestId('phase-total').textContent).toBe('Total etapă: 2.500,00 lei');
    expect(screen.getByTestId('editor-totals-A').textContent).toContain('Total varianta A: 2.500,00 lei');
    // Planned work is drawn hatched on the chart.
    expect(document.querySelector('[data-planned-tooth="2.6"]')).not.toBeNull();
    expect(screen.queryByLabelText(new RegExp(PRICE_REASON_LABEL))).toBeNull();

    const price = within(item).getByRole('textbox', { name: 'Preț unitar' });
    await user.clear(price);
    await user.type(price, '1100');
    expect(within(item).getByTestId('item-amount').textContent).toBe('2.200,00 lei');
    expect(within(item).getByLabelText(new RegExp(PRICE_REASON_LABEL))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvează planul' }));
    expect(await screen.findByText(PLAN_MESSAGES.priceReason)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(item).getByLabelText(new RegExp(PRICE_REASON_LABEL)), 'Reducere de fidelitate');
    await user.click(screen.getByRole('button', { name: 'Salvează planul' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/plans/p7' && call.method === 'POST')).toBe(true),
    );
    const body = calls.find((call) => call.method === 'POST')?.body as PlanContentInput;
    expect(body.title).toBe('Coroane');
    expect(body.doctorId).toBe('u2');
    expect(body.alternatives[0]?.phases[0]?.items[0]).toMatchObject({
      teeth: ['1.6', '2.6'],
      span: null,
      priceItemId: 'pi-zr',
      catalogueId: 1.2,
      quantity: 2,
      unitPriceBani: 110_000,
      listPriceBani: 125_000,
      priceReason: 'Reducere de fidelitate',
    });
    expect(await screen.findByRole('heading', { name: 'Plan nr. 9 — Coroane' })).toBeTruthy();
  });

  it('makes one span item for a bridge, and copies an alternative', async () => {
    plansApi(['medic']);
    await openEditor('/pacienti/plan/p7?plan=nou');
    const user = userEvent.setup();
    await user.click(toothButton('1.4'));
    await user.click(toothButton('1.6'));
    await pick(user, 'Lucrare din lista de prețuri', 'punte metalo-ceramică — 900,00 lei per dinte');
    await user.click(screen.getByRole('button', { name: 'Adaugă în etapă' }));
    const item = onlyItem();
    expect(item.textContent).toContain('1.6–1.4');
    expect(within(item).getByRole('textbox', { name: 'Cantitate' })).toHaveProperty('value', '3');
    expect(document.querySelector('[data-planned-span="1.6-1.4"]')).not.toBeNull();
    expect(screen.getByTestId('editor-totals-A').textContent).toContain('2.700,00 lei');

    await user.click(screen.getByRole('button', { name: 'Copiază varianta A' }));
    expect(screen.getByRole('tab', { name: 'Varianta B' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('editor-totals-B').textContent).toContain('Total varianta B: 2.700,00 lei');
  });

  it('a bridge across both jaws is refused before it reaches the plan', async () => {
    plansApi(['medic']);
    await openEditor('/pacienti/plan/p7?plan=nou');
    const user = userEvent.setup();
    await user.click(toothButton('1.4'));
    await user.click(toothButton('4.4'));
    await pick(user, 'Lucrare din lista de prețuri', 'punte metalo-ceramică — 900,00 lei per dinte');
    await user.click(screen.getByRole('button', { name: 'Adaugă în etapă' }));
    expect(
      await screen.findByText('Pentru o punte alegeți cel puțin doi dinți de pe aceeași arcadă.'),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('plan-item')).toHaveLength(0);
  });

  it('a stale save (409) shows the message and keeps what was typed', async () => {
    const plan = makePlan();
    const { calls } = plansApi(['medic'], {
      'GET /api/plan/plan-4': { body: plan },
      'PUT /api/plan/plan-4': apiError(409, 'conflict', PLAN_MESSAGES.stale),
    });
    await openEditor('/pacienti/plan/p7?plan=plan-4&edit=1');
    const user = userEvent.setup();
    const title = screen.getByRole('textbox', { name: /Titlul planului/ });
    await user.clear(title);
    await user.type(title, 'Reabilitare completă');
    await user.click(screen.getByRole('button', { name: 'Salvează planul' }));
    expect(await screen.findByText(PLAN_MESSAGES.stale)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ version: 2, content: { title: 'Reabilitare completă' } });
    expect(screen.getByRole('textbox', { name: /Titlul planului/ })).toHaveProperty(
      'value',
      'Reabilitare completă',
    );
    expect(screen.getByRole('button', { name: /Reîncarcă planul salvat/ })).toBeTruthy();
  });
});
