import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chartState } from '@odonto/domain/chart-state';
import { renderWithProviders } from '../../test/render';
import { makeEntry } from './chart-test-data';
import { DentalChart } from './dental-chart';
import { toothView } from './tooth-view';

const CROWN = makeEntry({ id: 1, denumire: 'coroană zirconiu monolitic', mapID: 1.2, dinte: '1.6' });
const BRIDGE = makeEntry({
  id: 2,
  type: 'punte',
  denumire: 'punte metalo-ceramică',
  mapID: 0.1,
  dinte: '4.7',
  dinteStart: '4.7',
  dinteDestinatie: '4.5',
  side: 'bottom',
});
const EXTRACTION_UNDER_BRIDGE = makeEntry({ id: 3, denumire: 'extracție dentară', mapID: 3, dinte: '4.6' });
const EXTRACTION = makeEntry({ id: 4, denumire: 'extracție dentară', mapID: 3, dinte: '3.8' });
const IMPLANT = makeEntry({ id: 5, denumire: 'implant dentar', mapID: 4, dinte: '3.6' });
const ROOT_CANAL = makeEntry({
  id: 6,
  denumire: 'tratament endodontic pluriradicular',
  mapID: 5.2,
  dinte: '2.6',
});
const FILLING = makeEntry({ id: 7, denumire: 'obturație compozit o suprafață', mapID: 301, dinte: '1.7' });
const CONSULTATION = makeEntry({ id: 8, denumire: 'consultație', mapID: 101, dinte: null });

// Oldest first by date: the extraction under the bridge comes before the bridge.
const HISTORY = [
  { ...EXTRACTION_UNDER_BRIDGE, createdAt: '2026-03-01' },
  { ...BRIDGE, createdAt: '2026-03-02' },
  CROWN,
  EXTRACTION,
  IMPLANT,
  ROOT_CANAL,
  FILLING,
  CONSULTATION,
];

function tooth(id: string): Element {
  const element = document.querySelector(`[data-tooth="${id}"]`);
  if (!element) throw new Error(`no tooth ${id}`);
  return element;
}

describe('DentalChart', () => {
  it('draws the 32 teeth in two rows as the dentist faces the patient', () => {
    renderWithProviders(<DentalChart history={[]} dintiStersi={[]} />);
    const rows = [...document.querySelectorAll('[data-row]')];
    expect(rows.map((row) => row.getAttribute('data-row'))).toEqual(['top', 'bottom']);
    const ids = (row: Element) =>
      [...row.querySelectorAll('[data-tooth]')].map((g) => g.getAttribute('data-tooth'));
    expect(ids(rows[0]!)).toEqual([
      '1.8',
      '1.7',
      '1.6',
      '1.5',
      '1.4',
      '1.3',
      '1.2',
      '1.1',
      '2.1',
      '2.2',
      '2.3',
      '2.4',
      '2.5',
      '2.6',
      '2.7',
      '2.8',
    ]);
    expect(ids(rows[1]!)).toEqual([
      '4.8',
      '4.7',
      '4.6',
      '4.5',
      '4.4',
      '4.3',
      '4.2',
      '4.1',
      '3.1',
      '3.2',
      '3.3',
      '3.4',
      '3.5',
      '3.6',
      '3.7',
      '3.8',
    ]);
    expect(document.querySelectorAll('[data-state="present"]')).toHaveLength(32);
    // Scales to any size: one viewBox, no fixed pixel size.
    const svg = screen.getByRole('group', { name: 'Schiță dentară' });
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(svg.getAttribute('width')).toBeNull();
  });

  it('shows each tooth state in its data attributes and its Romanian label', () => {
    renderWithProviders(<DentalChart history={HISTORY} dintiStersi={['2.8']} onToothClick={() => {}} />);
    expect(tooth('1.6').getAttribute('data-state')).toBe('crown');
    expect(tooth('1.6').getAttribute('data-fill')).toBe('#2F80C8');
    expect(tooth('1.6').getAttribute('aria-label')).toBe('Dinte 1.6 — coroană zirconiu monolitic');

    for (const id of ['4.7', '4.5']) expect(tooth(id).getAttribute('data-state')).toBe('bridge-pillar');
    expect(tooth('4.6').getAttribute('data-state')).toBe('bridge-pontic');
    expect(tooth('4.6').getAttribute('data-fill')).toBe('#E0A526');
    const span = document.querySelector('[data-bridge="4.7-4.5"]');
    expect(span?.getAttribute('data-direction')).toBe('right');
    expect(span?.getAttribute('data-teeth')).toBe('4.7 4.6 4.5');
    expect(tooth('4.7').getAttribute('aria-label')).toBe(
      'Dinte 4.7 — stâlp de punte (punte metalo-ceramică 4.7 → 4.5)',
    );

    expect(tooth('3.8').getAttribute('data-state')).toBe('absent');
    expect(tooth('3.8').getAttribute('data-absence')).toBe('extracted');
    expect(tooth('2.8').getAttribute('data-state')).toBe('absent');
    expect(tooth('2.8').getAttribute('data-absence')).toBe('removed');
    expect(tooth('2.8').getAttribute('aria-label')).toBe('Dinte 2.8 — marcat lipsă');

    expect(tooth('3.6').getAttribute('data-state')).toBe('implant');
    expect(tooth('3.6').getAttribute('data-implant')).toBe('true');
    expect(tooth('2.6').getAttribute('data-endo')).toBe('true');
    expect(tooth('2.6').getAttribute('data-state')).toBe('present');
    expect(tooth('1.7').getAttribute('data-others')).toBe('1');
    expect(tooth('1.7').getAttribute('aria-label')).toBe(
      'Dinte 1.7 — alte tratamente: obturație compozit o suprafață',
    );
    expect(tooth('1.1').getAttribute('data-state')).toBe('present');
    expect(tooth('1.1').getAttribute('aria-label')).toBe('Dinte 1.1 — fără tratamente');
  });

  it('makes every tooth a focusable button that a click, Enter or Space choose', async () => {
    const onToothClick = vi.fn();
    renderWithProviders(
      <DentalChart history={HISTORY} dintiStersi={[]} onToothClick={onToothClick} selectedTooth="2.6" />,
    );
    const crown = screen.getByRole('button', { name: 'Dinte 1.6 — coroană zirconiu monolitic' });
    // One tab stop for the whole chart: the chosen tooth.
    expect(crown.getAttribute('tabindex')).toBe('-1');
    expect(tooth('2.6').getAttribute('tabindex')).toBe('0');
    expect(document.querySelectorAll('[data-tooth][tabindex="0"]')).toHaveLength(1);
    await userEvent.setup().click(crown);
    expect(onToothClick).toHaveBeenLastCalledWith('1.6');
    fireEvent.keyDown(tooth('3.8'), { key: 'Enter' });
    expect(onToothClick).toHaveBeenLastCalledWith('3.8');
    fireEvent.keyDown(tooth('2.1'), { key: ' ' });
    expect(onToothClick).toHaveBeenLastCalledWith('2.1');
    expect(tooth('2.6').getAttribute('data-selected')).toBe('true');
    expect(tooth('2.6').getAttribute('aria-pressed')).toBe('true');
  });

  it('moves the focus between teeth with the arrows, Home and End; Enter chooses the focused tooth', async () => {
    const user = userEvent.setup();
    const onToothClick = vi.fn();
    renderWithProviders(<DentalChart history={HISTORY} dintiStersi={[]} onToothClick={onToothClick} />);
    const chart = screen.getByRole('group', { name: 'Schiță dentară' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    // Without a chosen tooth the tab stop is the first one drawn.
    await user.tab();
    expect(document.activeElement).toBe(tooth('1.8'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tooth('1.6'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tooth('4.6'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tooth('3.8'));
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(tooth('1.8'));
    await user.keyboard('{Control>}{End}{/Control}{Enter}');
    expect(onToothClick).toHaveBeenLastCalledWith('3.8');
    // The tooth moved to is now the chart's only tab stop.
    expect(tooth('3.8').getAttribute('tabindex')).toBe('0');
    expect(tooth('1.8').getAttribute('tabindex')).toBe('-1');
    expect(onToothClick).toHaveBeenCalledTimes(1);
  });

  it('dims the teeth without a treatment of the chosen kind', () => {
    renderWithProviders(<DentalChart history={HISTORY} dintiStersi={[]} kind="extraction" />);
    expect(tooth('3.8').getAttribute('data-match')).toBe('true');
    // The extraction under the bridge is in that tooth's history too.
    expect(tooth('4.6').getAttribute('data-match')).toBe('true');
    expect(tooth('1.6').getAttribute('data-match')).toBe('false');
  });

  it('printable: a picture, not buttons; the legend explains the marks', () => {
    renderWithProviders(<DentalChart history={HISTORY} dintiStersi={[]} onToothClick={() => {}} printable />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(tooth('1.6').getAttribute('role')).toBe('img');
    expect(tooth('1.6').getAttribute('tabindex')).toBeNull();
    const legend = screen.getByRole('list', { name: 'Legendă' });
    for (const text of ['coroană zirconiu', 'extras', 'implant', 'tratament endodontic', 'alte tratamente'])
      expect(legend.textContent).toContain(text);
  });

  it('can leave the legend out', () => {
    renderWithProviders(<DentalChart history={[]} dintiStersi={[]} legend={false} />);
    expect(screen.queryByRole('list', { name: 'Legendă' })).toBeNull();
  });
});

describe('toothView', () => {
  const state = chartState(HISTORY, ['2.8']);

  it('a bridge wins over absence: a pontic is drawn as part of the bridge', () => {
    expect(toothView(state.teeth['4.6']).state).toBe('bridge-pontic');
    expect(toothView(state.teeth['4.6']).summary).toBe(
      'element intermediar de punte (punte metalo-ceramică 4.7 → 4.5), extras',
    );
  });

  it('a crown on an implant is a crown with an implant under it', () => {
    const crowned = chartState([
      IMPLANT,
      makeEntry({ id: 10, denumire: 'coroană zirconiu pe implant', mapID: 1.8, dinte: '3.6' }),
    ]);
    const view = toothView(crowned.teeth['3.6']);
    expect(view).toMatchObject({ state: 'crown', hasImplant: true, fill: '#2F80C8' });
    expect(view.label).toBe('Dinte 3.6 — coroană zirconiu pe implant, implant');
  });

  it('without a kind filter, no tooth matches or misses', () => {
    expect(toothView(state.teeth['1.6']).matchesKind).toBeNull();
    expect(toothView(state.teeth['2.6'], 'endodontic').matchesKind).toBe(true);
    expect(toothView(state.teeth['2.6'], 'crown').matchesKind).toBe(false);
  });
});
