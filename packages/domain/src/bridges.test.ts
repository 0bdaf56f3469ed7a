import { describe, expect, it } from 'vitest';
import { bridge, entry } from './__fixtures__/history-entries';
import {
  BRIDGE_PROBLEM_MESSAGES,
  bridgeDirection,
  bridgeGeometry,
  bridgeProblem,
  bridgeSpan,
  crownCandidates,
  destinationCandidates,
  type BridgeProblem,
} from './bridges';
import { chartState, type ChartHistoryEntry } from './chart-state';
import { TOOTH_IDS, TOP_ROW, type ToothId } from './teeth';

const CROWN = 'coroană metalo-ceramică';
const EXTRACTION = 'extracție dentară';
const IMPLANT = 'implant dentar';
const BRIDGE = 'punte zirconiu';

const without = (row: readonly ToothId[], ...teeth: ToothId[]) => row.filter((id) => !teeth.includes(id));

describe('bridgeDirection (SPEC.md §4: right when the start index is lower)', () => {
  it.each([
    // TOP_ROW is drawn 1.8 … 1.1 2.1 … 2.8, so 1.3 (index 5) lies right of 1.5 (index 3).
    ['1.3', '1.5', 'left'],
    ['1.5', '1.3', 'right'],
    ['1.8', '1.6', 'right'],
    ['1.1', '2.1', 'right'],
    ['2.1', '1.1', 'left'],
    ['2.3', '2.6', 'right'],
    ['2.6', '2.3', 'left'],
    ['4.8', '4.6', 'right'],
    ['4.1', '3.1', 'right'],
    ['3.5', '3.3', 'left'],
    ['4.4', '3.4', 'right'],
  ] as const)('%s → %s is %s', (start, destination, direction) => {
    expect(bridgeDirection(start, destination)).toBe(direction);
  });
});

describe('bridgeSpan', () => {
  it.each([
    ['1.3', '1.5', ['1.5', '1.4', '1.3']],
    ['1.5', '1.3', ['1.5', '1.4', '1.3']],
    ['1.4', '1.3', ['1.4', '1.3']],
    ['1.2', '2.2', ['1.2', '1.1', '2.1', '2.2']],
    ['3.3', '4.2', ['4.2', '4.1', '3.1', '3.2', '3.3']],
    ['1.8', '2.8', [...TOP_ROW]],
  ] as const)('%s → %s covers %j', (start, destination, teeth) => {
    expect(bridgeSpan(start, destination)).toEqual(teeth);
  });

  it.each([
    ['1.3', '4.3', 'the two rows'],
    ['2.8', '3.8', 'the two rows, at the back'],
    ['1.1', '4.1', 'the two rows, at the front'],
    ['1.3', '1.3', 'one tooth'],
    ['1.3', '1.9', 'an unknown destination'],
    ['', '1.3', 'no start'],
  ])('%s → %s is no bridge (%s)', (start, destination) => {
    expect(bridgeSpan(start, destination)).toBeNull();
    expect(bridgeGeometry(start, destination)).toBeNull();
  });
});

describe('bridgeGeometry (the save-punte fields)', () => {
  it.each([
    ['1.3', '1.5', { side: 'top', start: 5, end: 3, direction: 'left' }],
    ['1.5', '1.3', { side: 'top', start: 3, end: 5, direction: 'right' }],
    ['3.4', '3.7', { side: 'bottom', start: 11, end: 14, direction: 'right' }],
    ['4.1', '4.4', { side: 'bottom', start: 7, end: 4, direction: 'left' }],
  ] as const)('%s → %s', (start, destination, expected) => {
    expect(bridgeGeometry(start, destination)).toEqual({
      dinte: start,
      dinteStart: start,
      dinteDestinatie: destination,
      ...expected,
    });
  });
});

type Case = [name: string, history: () => ChartHistoryEntry[], dintiStersi: ToothId[], expected: ToothId[]];

// prettier-ignore
const CROWN_CASES: Case[] = [
  ['an untreated mouth: every tooth', () => [], [], [...TOOTH_IDS]],
  ['a removed tooth (dintiStersi) is left out', () => [], ['2.4'], without(TOOTH_IDS, '2.4')],
  ['an extracted tooth is left out', () => [entry(EXTRACTION, '3.8')], [], without(TOOTH_IDS, '3.8')],
  ['the teeth of a bridge are left out', () => [bridge(BRIDGE, '1.3', '1.5')], [], without(TOOTH_IDS, '1.3', '1.4', '1.5')],
  ['a crowned tooth stays (its crown can be redone)', () => [entry(CROWN, '1.6')], [], [...TOOTH_IDS]],
  ['an implant can carry a crown', () => [entry(EXTRACTION, '4.6'), entry(IMPLANT, '4.6')], [], [...TOOTH_IDS]],
  ['an implant where dintiStersi lists the tooth can carry a crown', () => [entry(IMPLANT, '4.6')], ['4.6'], [...TOOTH_IDS]],
  ['a deleted extraction no longer counts', () => [entry(EXTRACTION, '3.8', { deletedAt: '2026-02-01' })], [], [...TOOTH_IDS]],
  ['all at once', () => [entry(EXTRACTION, '3.8'), bridge(BRIDGE, '2.4', '2.6'), entry(CROWN, '1.6')], ['1.1'],
    without(TOOTH_IDS, '3.8', '2.4', '2.5', '2.6', '1.1')],
];

describe('crownCandidates (SPEC.md §4)', () => {
  it.each(CROWN_CASES)('%s', (_name, history, dintiStersi, expected) => {
    expect(crownCandidates(chartState(history(), dintiStersi))).toEqual(expected);
  });

  it('offers the teeth of the bridge being edited', () => {
    const edited = bridge(BRIDGE, '1.3', '1.5');
    const state = chartState([edited]);
    expect(crownCandidates(state, { ignoreEntryId: edited.id })).toEqual([...TOOTH_IDS]);
  });
});

// prettier-ignore
const DESTINATION_CASES: [name: string, history: () => ChartHistoryEntry[], dintiStersi: ToothId[], start: ToothId, expected: ToothId[]][] = [
  ['an untreated mouth: every other tooth of the row', () => [], [], '1.3', without(TOP_ROW, '1.3')],
  ['never a tooth of the other row', () => [], [], '4.4',
    ['4.8', '4.7', '4.6', '4.5', '4.3', '4.2', '4.1', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8']],
  ['a removed tooth (dintiStersi) is left out, the teeth beyond it stay', () => [], ['1.5'], '1.3', without(TOP_ROW, '1.3', '1.5')],
  ['an extracted tooth is left out, the teeth beyond it stay', () => [entry(EXTRACTION, '1.4')], [], '1.3',
    without(TOP_ROW, '1.3', '1.4')],
  // The scenario: a crown on 1.6, then a bridge from 1.3.
  ['a crowned tooth is left out, and so are the teeth beyond it', () => [entry(CROWN, '1.6')], [], '1.3',
    ['1.5', '1.4', '1.2', '1.1', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8']],
  ['a tooth of another bridge is left out, and so are the teeth beyond it', () => [bridge(BRIDGE, '2.1', '2.3')], [], '1.3',
    ['1.8', '1.7', '1.6', '1.5', '1.4', '1.2', '1.1']],
  ['a bridge in the other row changes nothing', () => [bridge(BRIDGE, '4.3', '4.5')], [], '1.3', without(TOP_ROW, '1.3')],
  ['a crown in the other row changes nothing', () => [entry(CROWN, '4.4')], [], '1.4', without(TOP_ROW, '1.4')],
  ['an implant can be the destination', () => [entry(EXTRACTION, '1.5'), entry(IMPLANT, '1.5')], [], '1.3',
    without(TOP_ROW, '1.3')],
  ['a crowned start is allowed (the crown is redone as a pillar)', () => [entry(CROWN, '1.3')], [], '1.3',
    without(TOP_ROW, '1.3')],
  ['a removed start begins no bridge', () => [], ['1.3'], '1.3', []],
  ['an extracted start begins no bridge', () => [entry(EXTRACTION, '1.3')], [], '1.3', []],
  ['a start inside another bridge begins no bridge', () => [bridge(BRIDGE, '1.2', '1.4')], [], '1.3', []],
  ['both neighbours crowned: nothing to join', () => [entry(CROWN, '1.2'), entry(CROWN, '1.4')], [], '1.3', []],
];

describe('destinationCandidates (SPEC.md §4)', () => {
  it.each(DESTINATION_CASES)('%s', (_name, history, dintiStersi, start, expected) => {
    expect(destinationCandidates(start, chartState(history(), dintiStersi))).toEqual(expected);
  });

  it('the issue: with a crown on 1.6 and a bridge 1.3→1.5, 1.6 is never offered', () => {
    const state = chartState([entry(CROWN, '1.6'), bridge(BRIDGE, '1.3', '1.5')]);
    expect(crownCandidates(state)).not.toContain('1.3');
    for (const start of crownCandidates(state))
      expect(destinationCandidates(start, state)).not.toContain('1.6');
    expect(destinationCandidates('1.2', state)).toEqual([
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
    expect(destinationCandidates('1.8', state)).toEqual(['1.7']);
  });

  it('offers the teeth of the bridge being edited', () => {
    const edited = bridge(BRIDGE, '1.3', '1.5');
    const state = chartState([edited]);
    expect(destinationCandidates('1.3', state)).toEqual([]);
    expect(destinationCandidates('1.3', state, { ignoreEntryId: edited.id })).toEqual(
      without(TOP_ROW, '1.3'),
    );
  });
});

// prettier-ignore
const PROBLEM_CASES: [start: ToothId, destination: ToothId, problem: BridgeProblem | null, history: () => ChartHistoryEntry[], dintiStersi: ToothId[]][] = [
  ['1.3', '1.5', null, () => [], []],
  ['1.3', '1.3', 'same-tooth', () => [], []],
  ['1.3', '4.3', 'other-row', () => [], []],
  ['1.3', '1.5', 'start-unavailable', () => [], ['1.3']],
  ['1.3', '1.5', 'start-unavailable', () => [bridge(BRIDGE, '1.2', '1.4')], []],
  ['1.3', '1.5', 'destination-absent', () => [], ['1.5']],
  ['1.3', '1.5', 'destination-absent', () => [entry(EXTRACTION, '1.5')], []],
  ['1.3', '1.5', 'destination-crowned', () => [entry(CROWN, '1.5')], []],
  ['1.3', '1.5', 'destination-in-bridge', () => [bridge(BRIDGE, '1.5', '1.7')], []],
  ['1.3', '1.5', 'span-crosses-crown', () => [entry(CROWN, '1.4')], []],
  ['1.3', '2.5', 'span-crosses-bridge', () => [bridge(BRIDGE, '2.1', '2.3')], []],
  ['1.3', '1.5', null, () => [entry(EXTRACTION, '1.4')], ['1.4']],
];

describe('bridgeProblem', () => {
  it.each(PROBLEM_CASES)('%s → %s: %s (case %#)', (start, destination, problem, history, dintiStersi) => {
    expect(bridgeProblem(start, destination, chartState(history(), dintiStersi))).toBe(problem);
  });

  it('has a Romanian message for every problem', () => {
    for (const message of Object.values(BRIDGE_PROBLEM_MESSAGES))
      expect(message).toMatch(/^[A-ZȘȚĂÎÂ].+\.$/u);
    expect(Object.keys(BRIDGE_PROBLEM_MESSAGES)).toHaveLength(8);
  });
});
