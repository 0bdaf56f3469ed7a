import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { FakeSignaturePad } from './signature-pad.mock';
import { makeSignature, PLAN_REQUEST, STATION_REQUEST } from './signatures-test-data';
import { SignatureStationPage, STATION_THANKS, STATION_WAITING } from './station-page';

vi.mock('signature_pad', async () => ({ default: (await import('./signature-pad.mock')).FakeSignaturePad }));

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

/** The browser's EventSource, played by the test: `emit` delivers a server-sent event. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (message: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('signature station', () => {
  it('waits, shows a request pushed by the server, and signs it for the patient', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/signature-station/pending': { body: { request: null } },
      'POST /api/signature': {
        status: 201,
        body: { signature: makeSignature({ via: 'station' }), entry: null },
      },
    });
    renderWithProviders(<SignatureStationPage />);
    expect((await screen.findByTestId('station-idle')).textContent).toBe(STATION_WAITING);
    expect(FakeEventSource.last?.url).toBe('/api/signature-station/events');

    act(() => {
      FakeEventSource.last?.onopen?.();
      FakeEventSource.last?.emit('request', STATION_REQUEST);
    });
    expect((await screen.findByTestId('station-patient')).textContent).toBe('Popescu Ana');
    expect(screen.getByText('coroană metalo-ceramică')).toBeTruthy();
    expect(screen.getByText('conectat')).toBeTruthy();

    act(() => FakeSignaturePad.last?.draw());
    await user.click(screen.getByRole('button', { name: 'Semnez' }));
    expect((await screen.findByTestId('station-idle')).textContent).toBe(STATION_THANKS);
    expect(api.calls.find((call) => call.url === '/api/signature')?.body).toMatchObject({
      kind: 'request',
      requestId: 'req-1',
    });
  });

  it('keeps a request pushed while its first read was on its way, whose answer was still "none"', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answerRead: (body: unknown) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerRead = (body) =>
              resolve(
                new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
              );
          }),
      ),
    );
    renderWithProviders(<SignatureStationPage />);
    expect((await screen.findByTestId('station-idle')).textContent).toBe(STATION_WAITING);

    // The read left before the request was sent; the event announcing it comes first.
    act(() => FakeEventSource.last?.emit('request', STATION_REQUEST));
    expect((await screen.findByTestId('station-patient')).textContent).toBe('Popescu Ana');
    await act(async () => {
      answerRead({ request: null });
      // The query settles and notifies on later ticks.
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    // A later event still wins over the earlier state: the station empties when the request goes.
    expect(screen.getByTestId('station-patient').textContent).toBe('Popescu Ana');
    act(() => FakeEventSource.last?.emit('request', { request: null }));
    expect((await screen.findByTestId('station-idle')).textContent).toBe(STATION_WAITING);
  });

  it('shows a plan acceptance: title, alternative, items with teeth and amounts, total and validity', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = mockApi({
      'GET /api/signature-station/pending': { body: { request: PLAN_REQUEST } },
      'POST /api/signature': {
        status: 201,
        body: { signature: makeSignature({ kind: 'plan', entryId: null, via: 'station' }), entry: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignatureStationPage />);
    expect((await screen.findByTestId('station-patient')).textContent).toBe('Popescu Ana');
    expect(screen.getByText('Acceptați planul de tratament:')).toBeTruthy();
    expect(screen.getByTestId('plan-signed-title').textContent).toBe('Reabilitare molari');
    expect(screen.getByTestId('plan-signed-alternative').textContent).toBe('Varianta B');
    const crown = screen.getByRole('row', { name: /coroană zirconiu/ });
    expect(crown.textContent).toContain('1.6');
    expect(crown.textContent).toContain('1.209,68 lei');
    expect(screen.getByTestId('plan-signed-discount').textContent).toContain(
      'reducerea pe variantă de 50,00 lei',
    );
    expect(screen.getByTestId('plan-signed-total').textContent).toBe('1.500,00 lei');
    expect(screen.getByTestId('plan-signed-validity').textContent).toContain('30 Apr. 2026');

    act(() => FakeSignaturePad.last?.draw());
    await user.click(screen.getByRole('button', { name: 'Semnez' }));
    expect((await screen.findByTestId('station-idle')).textContent).toBe(STATION_THANKS);
    expect(api.calls.find((call) => call.url === '/api/signature')?.body).toMatchObject({
      kind: 'request',
      requestId: 'req-3',
    });
  });

  it('shows a consent request with its text', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({
      'GET /api/signature-station/pending': {
        body: {
          request: {
            id: 'req-2',
            patientName: 'Ionescu Dan',
            content: { kind: 'consent', patientId: 'p7', text: 'Îmi dau acordul.' },
            expiresAt: '2026-03-12T10:15:00.000Z',
          },
        },
      },
    });
    renderWithProviders(<SignatureStationPage />);
    expect((await screen.findByTestId('station-patient')).textContent).toBe('Ionescu Dan');
    expect(screen.getByText('Acordul pacientului')).toBeTruthy();
    expect(screen.getByText('Îmi dau acordul.')).toBeTruthy();
  });
});
