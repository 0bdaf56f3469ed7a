import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_CLINIC, type ClinicSettings } from '@odonto/domain/contracts/clinic';
import type { Location, LocationsAnswer } from '@odonto/domain/contracts/locations';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { Letterhead } from './letterhead';

const CLINIC: ClinicSettings = {
  ...DEFAULT_CLINIC,
  nume: 'Clinica Zâmbet',
  adresa: 'Str. Mării 5, Iași',
  telefon: '0232111222',
  cui: 'RO14399840',
};

const place = (id: string, name: string, address = '', phone = ''): Location => ({
  id,
  name,
  address,
  phone,
  opensAt: null,
  closesAt: null,
  position: 1,
  archived: false,
  version: 1,
  chairs: [],
});

const GROUP: LocationsAnswer = {
  locations: [
    place('main', 'Sediul principal'),
    place('nord', 'Sediul Nord', 'Str. Nordului 1, Cluj-Napoca', '0264000111'),
  ],
  mine: ['nord'],
};

// Issue 14: in a clinic group a printed document's letterhead is its location's.
describe('Letterhead', () => {
  it('shows the clinic’s own address for a single-location clinic', async () => {
    const { calls } = mockApi({
      'GET /api/locations': { body: { locations: [place('main', 'Sediul principal')], mine: [] } },
    });
    renderWithProviders(<Letterhead clinic={CLINIC} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    const letterhead = screen.getByTestId('letterhead');
    expect(letterhead.textContent).toContain('Str. Mării 5, Iași');
    expect(letterhead.textContent).toContain('Tel. 0232111222');
    expect(letterhead.textContent).not.toContain('Sediul principal');
  });

  it('names the user’s location in a group, with its own address and phone', async () => {
    mockApi({ 'GET /api/locations': { body: GROUP } });
    renderWithProviders(<Letterhead clinic={CLINIC} />);
    const letterhead = await screen.findByTestId('letterhead');
    await waitFor(() => expect(letterhead.textContent).toContain('Sediul Nord'));
    expect(letterhead.textContent).toContain('Str. Nordului 1, Cluj-Napoca');
    expect(letterhead.textContent).toContain('Tel. 0264000111');
    expect(letterhead.textContent).not.toContain('Str. Mării 5');
    expect(letterhead.textContent).toContain('CUI RO14399840');
  });

  it('takes the location asked for, with the clinic’s address where it has none; null keeps the clinic’s', async () => {
    const { calls } = mockApi({ 'GET /api/locations': { body: GROUP } });
    renderWithProviders(
      <>
        <Letterhead clinic={CLINIC} locationId="main" />
        <Letterhead clinic={CLINIC} locationId={null} />
      </>,
    );
    const [asked, invoice] = screen.getAllByTestId('letterhead');
    await waitFor(() => expect(asked?.textContent).toContain('Sediul principal'));
    expect(asked?.textContent).toContain('Str. Mării 5, Iași');
    expect(calls.length).toBeGreaterThan(0);
    expect(invoice?.textContent).not.toContain('Sediul');
    expect(invoice?.textContent).toContain('Str. Mării 5, Iași');
  });
});
