import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clinicLogoUrl, DEFAULT_CLINIC, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Patient } from '@odonto/domain/contracts/patients';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockAnswer } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { resetPrintJob } from './print-store';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const CLINIC: ClinicSettings = {
  ...DEFAULT_CLINIC,
  nume: 'Clinica Zâmbet',
  adresa: 'Str. Lungă 5, Brașov',
  telefon: '0268123456',
  email: 'contact@zambet.ro',
  cui: 'RO14399840',
  stampila: 'Cod parafă A123',
  logo: 'logo-0a1b2c3d4e5f6a7b.png',
  version: 2,
};

type Entry = Patient['history'][number];

function entry(overrides: Partial<Entry>): Entry {
  return {
    id: 1,
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
    detalii: 'fața ocluzală',
    signature: null,
    medic: 'Dr. Mihai Ionescu',
    version: 1,
    ...overrides,
  } as Entry;
}

const PRINTED_PATIENT = makePatient({
  antecedente: { alergii: { val: true, text: 'penicilină' }, diabet: { val: true } },
  history: [entry({ id: 2 }), entry({ id: 3, denumire: 'Detartraj', dinte: null, detalii: '' })],
});

function printApi(roles: string[], extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: PRINTED_PATIENT },
    'GET /api/pacienti': { body: listPage(1, 0) },
    'GET /api/clinic': { body: CLINIC },
    ...REFERENCE_DATA,
    ...extra,
  });
}

async function openPatient() {
  renderRoutes(routes, '/pacienti/edit/p7');
  await screen.findByTestId('patient-name');
}

function printArea(): HTMLElement {
  const area = document.querySelector<HTMLElement>('[data-testid="print-area"]');
  if (!area) throw new Error('nothing in the print area');
  return area;
}

describe('printing the patient file', () => {
  const print = vi.fn();
  beforeEach(() => {
    print.mockReset();
    window.print = print;
  });
  afterEach(() => resetPrintJob());

  it('has no print or letter button for an assistant', async () => {
    printApi(['asistent']);
    await openPatient();
    expect(screen.queryByRole('button', { name: 'Tipărește fișa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scrisoare medicală' })).toBeNull();
  });

  it('previews the file, records the print and prints the sheet with letterhead, data, chart and tables', async () => {
    const { calls } = printApi(['medic'], {
      'GET /api/get-programari/p7': {
        body: [
          {
            _id: 'a1',
            patientId: 'p7',
            createdAt: '2026-03-12',
            deLa: { ora: 9, minute: 30 },
            panaLa: { ora: 10, minute: 0 },
            start: '2026-03-12T07:30:00.000Z',
            end: '2026-03-12T08:00:00.000Z',
            medicId: 'd1',
            medic: 'Dr. Mihai Ionescu',
            nota: 'Control',
            trimite_sms: true,
            reminder: null,
            version: 1,
            locationId: 'l1',
            locationName: 'Sediul principal',
            chairId: null,
            chairName: null,
          },
        ],
      },
      'GET /api/signatures/p7': { body: [] },
      'POST /api/print-pacient/p7': { body: { printedAt: '2026-03-10T08:05:00.000Z' } },
    });
    const user = userEvent.setup();
    await openPatient();
    await user.click(screen.getByRole('button', { name: 'Tipărește fișa' }));
    const modal = await screen.findByRole('dialog', { name: 'Fișa pacientului' });
    expect(await within(modal).findByText('Clinica Zâmbet')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Tipărește' }));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.url === '/api/print-pacient/p7')).toHaveLength(1);
    const area = printArea();
    expect(area.getAttribute('data-print-kind')).toBe('patient-file');
    const sheet = within(area);
    expect(sheet.getByTestId('letterhead').textContent).toContain('Clinica Zâmbet');
    expect(sheet.getByTestId('letterhead').textContent).toContain('CUI RO14399840');
    expect(sheet.getByTestId('letterhead').textContent).toContain(
      'Tel. 0268123456 · Email contact@zambet.ro',
    );
    expect(sheet.getByTestId('letterhead').textContent).toContain('Str. Lungă 5, Brașov');
    expect(sheet.getByRole('img', { name: 'Sigla clinicii' }).getAttribute('src')).toBe(
      clinicLogoUrl('logo-0a1b2c3d4e5f6a7b.png'),
    );
    expect(sheet.getByText('Popescu Ana')).toBeTruthy();
    expect(sheet.getByText('penicilină')).toBeTruthy();
    expect(sheet.getByText('Diabet zaharat')).toBeTruthy();
    expect(area.querySelector('[data-testid="dental-chart"] svg')).toBeTruthy();
    const treatments = within(sheet.getByRole('region', { name: 'Istoric tratamente' }));
    expect(treatments.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DataDinteTratamentMedicDetalii',
      '5 Mart. 20261.6Obturație compozitDr. Mihai Ionescufața ocluzală',
      '5 Mart. 2026—DetartrajDr. Mihai Ionescu',
    ]);
    const appointments = within(sheet.getByRole('region', { name: 'Programări' }));
    expect(appointments.getByText('09:30–10:00')).toBeTruthy();
    expect(sheet.getByText('Pacientul nu a semnat electronic niciun document.')).toBeTruthy();
    const pageSetup = area.querySelector('style')?.textContent ?? '';
    expect(pageSetup).toContain('Tipărit la 10.03.2026, 10:05');
    // Pages after the first (which has the letterhead) carry the clinic's name and the document at the top.
    expect(pageSetup).toContain('@top-left { content: "Clinica Zâmbet"');
    expect(pageSetup).toContain('@top-right { content: "Fișa pacientului Popescu Ana"');
    expect(pageSetup).toMatch(
      /@page :first \{ @top-left \{ content: none; \} @top-right \{ content: none; \} \}/,
    );
    expect(document.body.classList.contains('odonto-print')).toBe(true);
  });

  it('shows a signature that no longer matches next to what was signed', async () => {
    printApi(['medic'], {
      'GET /api/get-programari/p7': { body: [] },
      'GET /api/signatures/p7': {
        body: [
          {
            id: 's1',
            kind: 'entry',
            patientId: 'p7',
            entryId: 2,
            image: 'signature-1.png',
            signedAt: '2026-03-05T10:10:00.000Z',
            signedBy: 'Dr. Mihai Ionescu',
            via: 'direct',
            sha256: 'a'.repeat(64),
            snapshot: {
              kind: 'entry',
              patientId: 'p7',
              entryId: 2,
              fields: {
                createdAt: '2026-03-05T10:00:00.000Z',
                denumire: 'Obturație compozit',
                dinte: '1.6',
                dinteStart: null,
                dinteDestinatie: null,
                medic: 'Dr. Mihai Ionescu',
                detalii: 'fața distală',
              },
            },
            matches: false,
            changed: ['detalii'],
          },
        ],
      },
      'POST /api/print-pacient/p7': { body: { printedAt: '2026-03-10T08:05:00.000Z' } },
    });
    const user = userEvent.setup();
    await openPatient();
    await user.click(screen.getByRole('button', { name: 'Tipărește fișa' }));
    const modal = await screen.findByRole('dialog', { name: 'Fișa pacientului' });
    await user.click(await within(modal).findByRole('button', { name: 'Tipărește' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    const signatures = within(within(printArea()).getByRole('region', { name: 'Semnăturile pacientului' }));
    expect(signatures.getByText('semnătura nu mai corespunde')).toBeTruthy();
    expect(signatures.getByText(/detalii: fața distală/)).toBeTruthy();
    expect(signatures.getByRole('img').getAttribute('src')).toBe('/history-imgs/p7/signature-1.png');
  });
});
