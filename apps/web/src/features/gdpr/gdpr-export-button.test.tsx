import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import { NO_SETUP, sessionFor } from '../../test/fixtures';
import { mockApi, type MockCall } from '../../test/mock-api';
import { listPage, makePatient, REFERENCE_DATA, SLOW_SCREEN } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { formatMegabytes } from './gdpr-export-button';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const EXPORT_URL = '/api/pacienti/p7/export-gdpr';

function patientApi(roles: string[]): { calls: MockCall[] } {
  return mockApi({
    'GET /api/setup': NO_SETUP,
    'GET /api/check-login': { body: sessionFor(roles) },
    'GET /api/get-pacient/p7': { body: makePatient({ _id: 'p7' }) },
    'GET /api/pacienti': { body: listPage(1, 0) },
    ...REFERENCE_DATA,
  });
}

/** Answers the export with `answer`, every other call through the mocked API. */
function answerExport(answer: () => Response): void {
  const api = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === EXPORT_URL ? Promise.resolve(answer()) : api(input, init),
    ),
  );
}

async function openPatient() {
  renderRoutes(routes, '/pacienti/history/p7');
  await screen.findByTestId('patient-name');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Export date (GDPR)', () => {
  it('downloads the ZIP showing how much has arrived, then saves it under the server’s name', async () => {
    patientApi(['medic']);
    let sendRest: () => void = () => {};
    answerExport(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(1_500_000));
              sendRest = () => {
                controller.enqueue(new Uint8Array(500_000));
                controller.close();
              };
            },
          }),
          {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="date-pacient-7-popescu-ana.zip"',
            },
          },
        ),
    );
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await openPatient();

    await userEvent.click(screen.getByRole('button', { name: 'Export date (GDPR)' }));
    expect((await screen.findByTestId('gdpr-export-progress')).textContent).toBe('1,5 MB descărcați');
    expect(screen.getByRole('progressbar', { name: 'Progresul exportului' })).toBeTruthy();
    expect(saved).toEqual([]);

    sendRest();
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:export-1', download: 'date-pacient-7-popescu-ana.zip' }]),
    );
    const blob = createUrl.mock.calls[0]?.[0] as Blob;
    expect(blob.size).toBe(2_000_000);
    expect(blob.type).toBe('application/zip');
    // The save and the last progress render are separate updates: on a busy machine the text follows later.
    await waitFor(() =>
      expect(screen.getByTestId('gdpr-export-progress').textContent).toBe('Descărcat: 2,0 MB'),
    );
  });

  it('shows the server’s message when the export is refused', async () => {
    patientApi(['admin']);
    answerExport(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'not_found', message: 'Pacientul nu a fost găsit.' } }),
          {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    await openPatient();
    await userEvent.click(screen.getByRole('button', { name: 'Export date (GDPR)' }));
    expect(await screen.findByText('Pacientul nu a fost găsit.')).toBeTruthy();
  });

  it('is not offered to an assistant', async () => {
    patientApi(['asistent']);
    await openPatient();
    expect(screen.queryByRole('button', { name: 'Export date (GDPR)' })).toBeNull();
  });

  it('writes sizes in megabytes the Romanian way', () => {
    expect(formatMegabytes(0)).toBe('0,0 MB');
    expect(formatMegabytes(1_234_567)).toBe('1,2 MB');
    expect(formatMegabytes(250_000_000)).toBe('250,0 MB');
  });
});
