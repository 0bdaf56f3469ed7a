import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatTreatmentDate } from '@odonto/domain/dates';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import * as modals from '../../ui/modals';
import { EMPTY_HISTORY, entryToothText, NO_MATCHING_ENTRIES } from './history-page';
import { filterHistory, historyTeeth } from './history-filters';
import { makeEntry } from './history-test-data';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const CROWN = makeEntry({
  id: 1767225600001,
  createdAt: '2026-03-12',
  pics: [
    { name: '1767225600001-12-inainte.jpg', w: 800, h: 600, index: 0 },
    { name: '1767225600001-34-dupa.jpg', w: 800, h: 600, index: 1 },
  ],
  sterilizari: [{ name: 'Freză', id_sterilizare: 'S-12', used_at: 1 }],
  signature: 'semnatura.png',
  signed: {
    id: 'sig-1',
    kind: 'entry',
    patientId: 'p1',
    entryId: 1767225600001,
    image: 'semnatura.png',
    signedAt: '2026-03-12T10:00:00.000Z',
    signedBy: 'Dr. Ana Pop',
    via: 'direct',
    sha256: 'a'.repeat(64),
    snapshot: {
      kind: 'entry',
      patientId: 'p1',
      entryId: 1767225600001,
      fields: {
        createdAt: '2026-03-12',
        denumire: 'coroană',
        dinte: null,
        dinteStart: null,
        dinteDestinatie: null,
        medic: '',
        detalii: '',
      },
    },
    matches: true,
    changed: [],
  },
  detalii: 'Coroană ceramică',
});
const BRIDGE = makeEntry({
  id: 1767225600002,
  type: 'punte',
  denumire: 'punte metalo-ceramică',
  createdAt: '2026-03-11',
  dinte: '1.3',
  dinteStart: '1.3',
  dinteDestinatie: '1.5',
  medic: 'Dr. Mihai Ionescu',
});
const EXTRACTION = makeEntry({
  id: 1767225600003,
  denumire: 'extracție',
  createdAt: '2026-03-10',
  dinte: '3.8',
  side: 'bottom',
  mapID: 3,
});

function historyApi(history: PatientHistoryEntry[]) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7', history }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    ...REFERENCE_DATA,
  });
}

async function openHistory() {
  renderRoutes(routes, '/pacienti/history/p7');
  await screen.findByRole('heading', { name: 'Istoric tratamente' });
}

describe('history helpers', () => {
  it('shows a bridge as its span and other entries by their tooth', () => {
    expect(entryToothText(BRIDGE)).toBe('1.3 → 1.5');
    expect(entryToothText(CROWN)).toBe('1.6');
    expect(entryToothText(makeEntry({ dinte: null }))).toBe('');
  });

  it('filters by tooth (both ends of a bridge) and lists the teeth in tooth-number order', () => {
    const all = [CROWN, BRIDGE, EXTRACTION];
    expect(filterHistory(all, { medic: null, dinte: '1.5' })).toEqual([BRIDGE]);
    expect(filterHistory(all, { medic: 'Dr. Ioana Stănescu', dinte: null })).toEqual([CROWN, EXTRACTION]);
    expect(historyTeeth(all)).toEqual(['1.3', '1.5', '1.6', '3.8']);
  });
});

describe('history screen', () => {
  it('lists the entries as the server orders them, with date, tooth, name, doctor and extras', async () => {
    historyApi([CROWN, BRIDGE, EXTRACTION]);
    await openHistory();
    const rows = await screen.findAllByTestId('history-entry');
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => within(row).getByTestId('history-name').textContent)).toEqual([
      'adaugă coroană',
      'punte metalo-ceramică',
      'extracție',
    ]);
    const first = rows[0]!;
    expect(within(first).getByTestId('history-date').textContent).toBe(formatTreatmentDate('2026-03-12'));
    expect(within(first).getByTestId('history-tooth').textContent).toBe('1.6');
    expect(within(first).getByTestId('history-doctor').textContent).toBe('Dr. Ioana Stănescu');
    expect(within(first).getByTestId('history-details').textContent).toBe('Coroană ceramică');
    expect(within(first).getByTestId('history-signed')).toBeTruthy();
    expect(within(first).getByTestId('history-instruments').textContent).toContain('Freză (S-12)');
    const before = within(first).getByAltText('Înainte 1767225600001-12-inainte.jpg');
    expect(before.getAttribute('src')).toBe('/history-imgs/p7/thumb-1767225600001-12-inainte.jpg.png');
    expect(within(first).getByAltText('După 1767225600001-34-dupa.jpg')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('history-tooth').textContent).toBe('1.3 → 1.5');
    expect(within(rows[1]!).queryByTestId('history-signed')).toBeNull();
  });

  it('says when there is no treatment yet', async () => {
    historyApi([]);
    await openHistory();
    expect(await screen.findByText(EMPTY_HISTORY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adaugă tratament' })).toBeTruthy();
  });

  it('a doctor filter disables the tooth filter; clearing the filters shows everything again', async () => {
    historyApi([CROWN, BRIDGE, EXTRACTION]);
    await openHistory();
    await screen.findAllByTestId('history-entry');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Filtru medic' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Mihai Ionescu' }));
    expect(screen.getAllByTestId('history-entry')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Filtru dinte' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Șterge filtrele' }));
    expect(screen.getAllByTestId('history-entry')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Filtru dinte' }).hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Filtru dinte' }));
    await user.click(await screen.findByRole('option', { name: /^3\.8/ }));
    const rows = screen.getAllByTestId('history-entry');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('history-name').textContent).toBe('extracție');
    expect(screen.getByRole('combobox', { name: 'Filtru medic' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(NO_MATCHING_ENTRIES)).toBeNull();
  });

  it('opens an entry in the treatment modal by click or Enter, and a new one from the button', async () => {
    const open = vi.spyOn(modals, 'openModal').mockImplementation(() => undefined);
    historyApi([CROWN, BRIDGE]);
    await openHistory();
    const rows = await screen.findAllByTestId('history-entry');
    const user = userEvent.setup();
    await user.click(rows[1]!);
    expect(open).toHaveBeenLastCalledWith(
      'add-treatment',
      expect.objectContaining({ entryId: BRIDGE.id, defaultMedic: 'Dr. Ana Popescu' }),
    );
    within(rows[0]!)
      .getByRole('button', { name: /adaugă coroană/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith('add-treatment', expect.objectContaining({ entryId: CROWN.id }));
    expect(open).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Adaugă tratament' }));
    expect(open).toHaveBeenLastCalledWith('add-treatment', expect.objectContaining({ entryId: null }));
    open.mockRestore();
  });
});
