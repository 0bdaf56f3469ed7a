import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { apiError, mockApi, type MockAnswer } from '../../test/mock-api';
import { PLACES, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import type { PlacesResponse } from '@odonto/domain/contracts/places';
import { editionLabel, importSummary, registerText } from './siruta-settings';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

function settingsApi(answer: MockAnswer, places: MockAnswer = PLACES) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(['admin']) },
    'GET /api/places': places,
    'POST /api/places/import': answer,
  });
}

async function openSettings() {
  const view = renderRoutes(routes, '/setari');
  await screen.findByRole('heading', { name: 'Setări' });
  return view;
}

function csvInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('Setări → Localități (SIRUTA)', () => {
  it('shows the localities per county', async () => {
    settingsApi({ body: { counties: 42, localities: 13850 } });
    await openSettings();
    const section = screen.getByRole('region', { name: 'Localități (SIRUTA)' });
    expect(await within(section).findByText('Brașov (BV)')).toBeTruthy();
    expect(within(section).getByText('În total: 1 județ, 4 localități.')).toBeTruthy();
  });

  it('names the register built into the app and credits INS, as the CC BY 4.0 licence asks', async () => {
    const body = PLACES.body as PlacesResponse;
    settingsApi(
      { body: { counties: 42, localities: 13850 } },
      {
        body: { ...body, registru: { inclus: true, editie: '2025_S1', incarcatLa: '2026-11-24T22:30:00Z' } },
      },
    );
    await openSettings();
    const section = screen.getByRole('region', { name: 'Localități (SIRUTA)' });
    // 22:30 UTC is already 25 November in Bucharest.
    expect(
      await within(section).findByText(
        'Registrul SIRUTA inclus în aplicație (ediția 2025, semestrul 1), încărcat la 25.11.2026.',
      ),
    ).toBeTruthy();
    expect(within(section).getByText(/^Sursa: Institutul Naţional de Statistică, SIRUTA\./)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/deed.ro',
    );
  });

  it('names an imported register by its day', () => {
    expect(registerText({ inclus: false, incarcatLa: '2027-02-03T10:00:00Z' })).toBe(
      'Registrul SIRUTA importat la 03.02.2027.',
    );
    expect(editionLabel('2026_S1')).toBe('2026, semestrul 1');
    expect(editionLabel('ediția a II-a')).toBe('ediția a II-a');
  });

  it('imports a SIRUTA CSV and tells the counts', async () => {
    const { calls } = settingsApi({ body: { counties: 42, localities: 13850 } });
    const user = userEvent.setup();
    await openSettings();
    await user.upload(csvInput(), new File(['SIRUTA;DENLOC'], 'siruta-2025.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Importă' }));
    expect(await screen.findByText('Import reușit: 42 de județe, 13.850 de localități.')).toBeTruthy();
    const form = calls.find((call) => call.url === '/api/places/import')?.body as FormData;
    expect((form.get('file') as File).name).toBe('siruta-2025.csv');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/places')).toHaveLength(2));
  });

  it("shows the server's reason when the file is refused", async () => {
    settingsApi(apiError(422, 'unprocessable', 'Fișierul nu are coloanele registrului SIRUTA.'));
    const user = userEvent.setup();
    await openSettings();
    await user.upload(csvInput(), new File(['x'], 'altceva.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Importă' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Fișierul nu are coloanele registrului SIRUTA.',
    );
  });

  it('accepts only CSV files', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    settingsApi({ body: { counties: 0, localities: 0 } });
    const user = userEvent.setup({ applyAccept: false });
    await openSettings();
    await user.upload(csvInput(), new File(['x'], 'siruta.xlsx'));
    expect(alert).toHaveBeenCalledWith('Format fisier nesuportat.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Importă' }).disabled).toBe(true);
  });

  it.each([
    [42, 13850, '42 de județe, 13.850 de localități'],
    [1, 6, '1 județ, 6 localități'],
    [0, 0, '0 județe, 0 localități'],
  ])('summarises %i counties and %i localities', (counties, localities, text) => {
    expect(importSummary(counties, localities)).toBe(text);
  });
});
