import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNATURE_MESSAGES } from '@odonto/domain/contracts/signatures';
import { apiError, mockApi } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { EntrySignatureButton } from './entry-signature-button';
import { FakeSignaturePad } from './signature-pad.mock';
import { SignatureMark } from './signature-mark';
import { CROWN_ENTRY, makeSignature } from './signatures-test-data';

vi.mock('signature_pad', async () => ({ default: (await import('./signature-pad.mock')).FakeSignaturePad }));

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ENTRY = CROWN_ENTRY;

function draw() {
  act(() => FakeSignaturePad.last?.draw());
}

describe('history signature mark', () => {
  it('shows Semnat while the entry matches what was signed', () => {
    renderWithProviders(<SignatureMark signed={makeSignature()} />);
    expect(screen.getByTestId('history-signed').textContent).toBe('Semnat');
    expect(screen.queryByTestId('signature-mismatch')).toBeNull();
  });

  it('says clearly when it no longer matches and shows the signed snapshot, without opening the entry', async () => {
    const user = userEvent.setup();
    const openEntry = vi.fn();
    renderWithProviders(
      <div onClick={openEntry}>
        <SignatureMark signed={makeSignature({ matches: false, changed: ['detalii'] })} />
      </div>,
    );
    expect(screen.getByTestId('signature-mismatch').textContent).toBe('semnătura nu mai corespunde');
    await user.click(screen.getByRole('button', { name: 'Vezi ce s-a semnat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ce a semnat pacientul' });
    const details = within(dialog).getByRole('row', { name: /detalii/ });
    expect(details.textContent).toContain('culoare A2');
    expect(details.textContent).toContain('modificat după semnare');
    expect(within(dialog).getByRole('row', { name: /tratament/ }).textContent).not.toContain('modificat');
    expect(openEntry).not.toHaveBeenCalled();
  });
});

describe('treatment modal signature button', () => {
  it('waits for a new entry to be saved before it can be signed', () => {
    renderWithProviders(<EntrySignatureButton patientId="p7" entry={null} />);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Semnătură pacient (după salvare)' }).disabled,
    ).toBe(true);
  });

  it('signs on the pad through POST /api/signature and then shows semnatura activa', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/signature': { status: 201, body: { signature: makeSignature(), entry: null } },
    });
    renderWithProviders(<EntrySignatureButton patientId="p7" entry={ENTRY} />);
    await user.click(screen.getByRole('button', { name: 'Semnătură pacient' }));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Salvează semnătura' });
    expect(save.disabled).toBe(true);
    draw();
    await user.click(save);
    expect(await screen.findByRole('button', { name: SIGNATURE_MESSAGES.active })).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/api/signature')?.body).toEqual({
      kind: 'entry',
      patientId: 'p7',
      entryId: ENTRY.id,
      version: ENTRY.version,
      image: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });

  it("alerts 'Eroare activare semnatura digitala.' when the server refuses", async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    // happy-dom has no alert of its own.
    vi.stubGlobal('alert', alert);
    mockApi({ 'POST /api/signature': apiError(409, 'conflict', SIGNATURE_MESSAGES.entryChanged) });
    renderWithProviders(<EntrySignatureButton patientId="p7" entry={ENTRY} />);
    await user.click(screen.getByRole('button', { name: 'Semnătură pacient' }));
    draw();
    await user.click(screen.getByRole('button', { name: 'Salvează semnătura' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Eroare activare semnatura digitala.'));
    expect(screen.queryByRole('button', { name: SIGNATURE_MESSAGES.active })).toBeNull();
  });

  it('sends the request to the tablet and shows semnatura activa once the patient signed there', async () => {
    const user = userEvent.setup();
    const pending = {
      id: 'req-1',
      kind: 'entry',
      patientId: 'p7',
      entryId: ENTRY.id,
      createdAt: 'x',
      expiresAt: 'y',
    };
    const api = mockApi({
      'POST /api/signature-requests': {
        status: 201,
        body: { ...pending, status: 'pending', signature: null },
      },
      'GET /api/signature-requests/req-1': {
        body: { ...pending, status: 'signed', signature: makeSignature({ via: 'station' }) },
      },
    });
    renderWithProviders(<EntrySignatureButton patientId="p7" entry={ENTRY} />);
    await user.click(screen.getByRole('button', { name: 'Semnătură pacient' }));
    await user.click(screen.getByRole('button', { name: 'Trimite la tabletă' }));
    expect(await screen.findByRole('button', { name: SIGNATURE_MESSAGES.active })).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/api/signature-requests')?.body).toEqual({
      kind: 'entry',
      patientId: 'p7',
      entryId: ENTRY.id,
      version: ENTRY.version,
    });
  });
});
