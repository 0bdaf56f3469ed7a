import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLINIC } from '@odonto/domain/contracts/clinic';
import type { Letter } from '@odonto/domain/contracts/letters';
import type { Patient } from '@odonto/domain/contracts/patients';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { resetPrintJob } from '../print/print-store';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const CLINIC = { ...DEFAULT_CLINIC, nume: 'Clinica Zâmbet', stampila: 'Cod parafă A123', version: 1 };

const PATIENT: Patient = makePatient({
  history: [
    {
      id: 2,
      type: 'tratament',
      denumire: 'Obturație compozit',
      createdAt: '2026-03-05T10:00:00.000Z',
      updated_at: null,
      dinte: '1.6',
      dinteStart: null,
      dinteDestinatie: null,
      side: 'top',
      start: null,
      end: null,
      direction: null,
      fill: null,
      mapID: null,
      pics: [],
      deleted: [],
      sterilizari: [],
      detalii: '',
      signature: null,
      medic: 'Dr. Ana Popescu',
      version: 1,
    } as Patient['history'][number],
  ],
});

const EARLIER: Letter = {
  id: 'l1',
  patientId: 'p7',
  text: 'Scrisoare veche\nRecomandări: periaj.',
  authorId: 'u1',
  authorName: 'Dr. Ana Popescu',
  authorTitle: 'Medic primar',
  createdAt: '2026-02-01T09:00:00.000Z',
};

function lettersApi(extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['medic']) },
    'GET /api/get-pacient/p7': { body: PATIENT },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/clinic': { body: CLINIC },
    'GET /api/scrisori/p7': { body: [EARLIER] },
    ...REFERENCE_DATA,
    ...extra,
  });
}

async function openLetterModal() {
  const user = userEvent.setup();
  renderRoutes(routes, '/pacienti/edit/p7');
  await user.click(await screen.findByRole('button', { name: 'Scrisoare medicală' }));
  const modal = await screen.findByRole('dialog', { name: 'Scrisoare medicală' });
  return { user, modal };
}

function printArea(): HTMLElement {
  const area = document.querySelector<HTMLElement>('[data-testid="print-area"]');
  if (!area) throw new Error('nothing in the print area');
  return area;
}

describe('the medical letter', () => {
  const print = vi.fn();
  beforeEach(() => {
    print.mockReset();
    window.print = print;
  });
  afterEach(() => resetPrintJob());

  it('prefills the template, saves the edited text and prints it with the letterhead, date, author and signature line', async () => {
    const saved: Letter = {
      ...EARLIER,
      id: 'l2',
      text: 'Text final',
      createdAt: '2026-03-10T08:00:00.000Z',
    };
    const { calls } = lettersApi({
      'POST /api/save-scrisoare': { status: 201, body: { ...PATIENT, scrisoare: saved } },
    });
    const { user, modal } = await openLetterModal();
    const editor = within(modal).getByRole<HTMLTextAreaElement>('textbox', { name: 'Textul scrisorii' });
    expect(editor.value).toContain('pacientul/pacienta Popescu Ana, născut(ă) la 04.05.1980');
    expect(editor.value).toContain('- 5 Mart. 2026 — Obturație compozit, dinte 1.6');
    expect(editor.value).toContain('Recomandări:');

    await user.clear(editor);
    await user.type(editor, 'Text final');
    await user.click(within(modal).getByRole('button', { name: 'Salvează și tipărește' }));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.url === '/api/save-scrisoare')?.body).toEqual({
      id: 'p7',
      text: 'Text final',
    });
    const sheet = within(printArea());
    expect(printArea().getAttribute('data-print-kind')).toBe('medical-letter');
    expect(sheet.getByTestId('letterhead').textContent).toContain('Clinica Zâmbet');
    expect(sheet.getByText('Data: 10.03.2026')).toBeTruthy();
    expect(sheet.getByText('Text final')).toBeTruthy();
    expect(sheet.getByText('Dr. Ana Popescu')).toBeTruthy();
    expect(sheet.getByText('Medic primar')).toBeTruthy();
    expect(sheet.getByText('Semnătura și parafa medicului')).toBeTruthy();
    expect(sheet.getByText('Cod parafă A123')).toBeTruthy();
    // The list of earlier letters is read again after the save.
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/scrisori/p7')).toHaveLength(2));
  });

  it('lists earlier letters and prints one again, recording the reprint', async () => {
    const { calls } = lettersApi({
      'POST /api/print-scrisoare/p7/l1': { body: { printedAt: '2026-03-10T09:00:00.000Z' } },
    });
    const { user, modal } = await openLetterModal();
    const list = await within(modal).findByRole('list', { name: 'Scrisori anterioare' });
    expect(within(list).getByText('Scrisoare veche')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: /^Tipărește scrisoarea din 01\.02\.2026/ }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.some((call) => call.url === '/api/print-scrisoare/p7/l1' && call.method === 'POST')).toBe(
      true,
    );
    expect(within(printArea()).getByText(/Recomandări: periaj\./)).toBeTruthy();
  });

  it('does not save an empty letter and shows a refused save', async () => {
    lettersApi({ 'POST /api/save-scrisoare': apiError(404, 'not_found', 'Pacientul nu a fost găsit.') });
    const { user, modal } = await openLetterModal();
    const editor = within(modal).getByRole('textbox', { name: 'Textul scrisorii' });
    const save = within(modal).getByRole<HTMLButtonElement>('button', { name: 'Salvează și tipărește' });
    await user.clear(editor);
    expect(within(modal).getByText('Scrisoarea nu poate fi goală.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.type(editor, 'Ceva');
    await user.click(save);
    expect((await within(modal).findByRole('alert')).textContent).toContain('Pacientul nu a fost găsit.');
    expect(print).not.toHaveBeenCalled();
  });
});
