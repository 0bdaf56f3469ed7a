import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function patientApi(
  roles: string[],
  anonymise: MockAnswer = { status: 500 },
  anonimizatLa: string | null = null,
) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: { ...makePatient({ _id: 'p7' }), anonimizatLa } },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'POST /api/pacienti/p7/anonimizare': anonymise,
    ...REFERENCE_DATA,
  });
}

async function openPatient() {
  renderRoutes(routes, '/pacienti/history/p7');
  // The first render of the file loads the patient screen's modules: slow on a busy machine.
  await screen.findByTestId('patient-name', {}, { timeout: 15_000 });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Anonimizează (GDPR erasure) in the patient header', () => {
  it('states what is removed and what is kept, then anonymises on confirmation', async () => {
    const { calls } = patientApi(['admin'], {
      body: { _id: 'p7', anonimizatLa: '2036-03-05T10:00:00.000Z', fisiereSterse: 3 },
    });
    await openPatient();
    await userEvent.click(screen.getByRole('button', { name: 'Anonimizează' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizare pacient (GDPR)' });
    expect(dialog.textContent).toContain('Se șterg:');
    expect(dialog.textContent).toContain('fișierele sunt șterse de pe disc');
    expect(dialog.textContent).toContain('facturile emise rămân neschimbate');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Anonimizează definitiv' }));
    expect(await screen.findByText(/a fost anonimizat\.$/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/pacienti/p7/anonimizare',
    ]);
  });

  it('shows the server’s refusal with the day it becomes possible', async () => {
    const message =
      'Pacientul poate fi anonimizat începând cu 05.03.2036: perioada de păstrare este de 10 ani de la ultima vizită (05.03.2026).';
    patientApi(['admin'], { status: 422, body: { error: { code: 'unprocessable', message } } });
    await openPatient();
    await userEvent.click(screen.getByRole('button', { name: 'Anonimizează' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizare pacient (GDPR)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anonimizează definitiv' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('is not offered to a medic', async () => {
    patientApi(['medic']);
    await openPatient();
    expect(screen.getByRole('button', { name: 'Export date (GDPR)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anonimizează' })).toBeNull();
  });

  it('marks an anonymised patient and offers the action no more', async () => {
    patientApi(['admin'], { status: 500 }, '2036-03-05T10:00:00.000Z');
    await openPatient();
    expect(screen.getByTestId('patient-anonymised').textContent).toBe('Anonimizat la 05.03.2036');
    expect(screen.queryByRole('button', { name: 'Anonimizează' })).toBeNull();
  });
});
