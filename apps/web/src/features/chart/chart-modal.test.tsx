import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueOfKind } from '@odonto/domain/catalogue';
import { mockApi } from '../../test/mock-api';
import { DOCTORS, makePatient, SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { TreatmentModal } from '../history/treatment-modal';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

describe('the treatment modal opened from the chart', () => {
  it('starts with the chosen tooth and offers only the treatments of the chosen kind', async () => {
    const api = mockApi({
      'GET /api/get-medici': DOCTORS,
      'POST /api/save-history/p7': { status: 201, body: makePatient({ _id: 'p7' }) },
    });
    const close = vi.fn();
    renderWithProviders(
      <TreatmentModal
        patient={makePatient({ _id: 'p7' })}
        entryId={null}
        defaultMedic="Dr. Ioana Stănescu"
        dinte="2.6"
        kind="endodontic"
        close={close}
      />,
    );
    const tooth = screen.getByRole<HTMLInputElement>('combobox', { name: 'Dinte' });
    expect(tooth.value).toMatch(/^2\.6 — /);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Tratament' }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(catalogueOfKind('endodontic').map((entry) => entry.name));
    await user.click(screen.getByRole('option', { name: 'tratament endodontic pluriradicular' }));
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const saved = api.calls.find((call) => call.url === '/api/save-history/p7');
    const obj = JSON.parse(String((saved?.body as FormData).get('obj'))) as Record<string, unknown>;
    expect(obj).toMatchObject({ dinte: '2.6', denumire: 'tratament endodontic pluriradicular', mapID: 5.2 });
  });
});
