import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { ToothId } from '@odonto/domain/teeth';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import * as modals from '../../ui/modals';
import { CHOOSE_TOOTH_HINT, toggleQuestion } from './chart-page';
import { makeEntry } from './chart-test-data';
import { EMPTY_TIMELINE } from './tooth-timeline';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const ROOT_CANAL = makeEntry({
  id: 1767225600001,
  denumire: 'tratament endodontic pluriradicular',
  mapID: 5.2,
  createdAt: '2026-02-01',
  detalii: 'Trei canale.',
});
const CROWN = makeEntry({
  id: 1767225600002,
  denumire: 'coroană zirconiu monolitic',
  mapID: 1.2,
  createdAt: '2026-03-01',
  pics: [
    { name: '1767225600002-12-inainte.jpg', w: 800, h: 600, index: 0 },
    { name: '1767225600002-34-dupa.jpg', w: 800, h: 600, index: 1 },
  ],
});

function chartApi(history: PatientHistoryEntry[], dintiStersi: ToothId[] = []) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7', history, dintiStersi }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'POST /api/sterge-dinte/p7': { body: makePatient({ _id: 'p7', history, dintiStersi }) },
    ...REFERENCE_DATA,
  });
}

async function openChart() {
  renderRoutes(routes, '/pacienti/schita/p7');
  // The first render loads the lazy screen: on a busy machine that takes longer than a click.
  await screen.findByRole('heading', { name: 'Schiță dentară', level: 1 }, { timeout: 15_000 });
  await screen.findByRole('group', { name: 'Schiță dentară' });
}

function toothButton(id: string) {
  return screen.getByRole('button', { name: new RegExp(`^Dinte ${id.replace('.', '\\.')} — `) });
}

describe('dental chart screen', () => {
  it("a tooth's timeline lists its entries oldest first, with pictures, and closes", async () => {
    chartApi([CROWN, ROOT_CANAL]);
    await openChart();
    expect(screen.getByText(CHOOSE_TOOTH_HINT)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(toothButton('1.6'));
    const timeline = screen.getByRole('region', { name: 'Dinte 1.6 — molar 1 superior dreapta' });
    expect(
      within(timeline).getByText(
        'coroană zirconiu monolitic, tratament endodontic (tratament endodontic pluriradicular)',
      ),
    ).toBeTruthy();
    const entries = within(timeline).getAllByTestId('timeline-entry');
    // Each entry is a list item opened by its own button, named by its date and treatment.
    expect(entries.map((entry) => within(entry).getByRole('button').textContent)).toEqual([
      expect.stringContaining('tratament endodontic pluriradicular'),
      expect.stringContaining('coroană zirconiu monolitic'),
    ]);
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    const before = within(entries[1]!).getByAltText('Înainte 1767225600002-12-inainte.jpg');
    expect(before.getAttribute('src')).toBe('/history-imgs/p7/thumb-1767225600002-12-inainte.jpg.png');
    expect(before.closest('a')?.getAttribute('href')).toBe('/history-imgs/p7/1767225600002-12-inainte.jpg');
    expect(within(entries[1]!).getByAltText('După 1767225600002-34-dupa.jpg')).toBeTruthy();

    await user.click(within(timeline).getByRole('button', { name: 'Închide istoricul dintelui' }));
    expect(screen.queryByRole('region', { name: /^Dinte 1\.6/ })).toBeNull();

    await user.click(toothButton('2.1'));
    expect(screen.getByText(EMPTY_TIMELINE)).toBeTruthy();
  });

  it('opens the treatment modal with the tooth and the kind filter chosen, and an entry from the timeline', async () => {
    const open = vi.spyOn(modals, 'openModal').mockImplementation(() => undefined);
    chartApi([CROWN]);
    await openChart();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'adaugă coroană' }));
    expect(screen.getByRole('button', { name: 'adaugă coroană' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(toothButton('1.6'), { key: 'Enter' });
    await user.click(screen.getByRole('button', { name: 'Adaugă tratament pe 1.6' }));
    expect(open).toHaveBeenLastCalledWith(
      'add-treatment',
      expect.objectContaining({
        entryId: null,
        dinte: '1.6',
        kind: 'crown',
        defaultMedic: 'Dr. Ana Popescu',
      }),
    );
    await user.click(screen.getByTestId('timeline-entry'));
    expect(open).toHaveBeenLastCalledWith('add-treatment', expect.objectContaining({ entryId: CROWN.id }));
    open.mockRestore();
  });

  it('marks a tooth missing after DA, and asks nothing of the server after NU', async () => {
    const api = chartApi([]);
    await openChart();
    const user = userEvent.setup();
    await user.click(toothButton('2.8'));
    await user.click(screen.getByRole('button', { name: 'Marchează dintele ca lipsă' }));
    expect(await screen.findByText(toggleQuestion('2.8', false))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'NU' }));
    expect(api.calls.some((call) => call.url.includes('sterge-dinte'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Marchează dintele ca lipsă' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.url === '/api/sterge-dinte/p7')).toMatchObject({
        method: 'POST',
        body: { dinte: '2.8' },
      }),
    );
  });

  it('offers to mark a removed tooth present again', async () => {
    chartApi([], ['2.8']);
    await openChart();
    const user = userEvent.setup();
    const removed = toothButton('2.8');
    expect(removed.getAttribute('data-state')).toBe('absent');
    await user.click(removed);
    expect(screen.getByRole('button', { name: 'Marchează dintele ca prezent' })).toBeTruthy();
    expect(toggleQuestion('2.8', true)).toBe('Sunteți sigur că doriți să marcați dintele 2.8 ca prezent?');
  });
});
