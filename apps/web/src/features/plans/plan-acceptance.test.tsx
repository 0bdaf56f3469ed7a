import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planAcceptanceContent } from '@odonto/domain/contracts/plans';
import type { SignatureRecord } from '@odonto/domain/contracts/signatures';
import { CurrentUserContext } from '../../lib/current-user';
import { sessionFor } from '../../test/fixtures';
import { apiError, mockApi } from '../../test/mock-api';
import { SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { ACCEPTANCE_B, makePlan } from './acceptance-test-data';
import { planKeys } from './api';
import { PlanAcceptance } from './plan-acceptance';

/** jsdom has no canvas: signature_pad is played by this stand-in, where `draw()` ends a stroke. */
const pad = vi.hoisted(() => {
  class FakePad {
    static last: FakePad | null = null;
    private onEnd: (() => void) | null = null;
    private drawn = false;
    constructor() {
      FakePad.last = this;
    }
    addEventListener(_type: string, listener: () => void) {
      this.onEnd = listener;
    }
    removeEventListener() {
      this.onEnd = null;
    }
    isEmpty() {
      return !this.drawn;
    }
    clear() {
      this.drawn = false;
    }
    toData() {
      return [];
    }
    fromData() {}
    off() {}
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
    draw() {
      this.drawn = true;
      this.onEnd?.();
    }
  }
  return FakePad;
});
vi.mock('signature_pad', () => ({ default: pad }));

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PLAN = makePlan();
const SNAPSHOT = planAcceptanceContent(PLAN, 'B');
if (!SNAPSHOT) throw new Error('the test plan has an alternative B');
/** The signature record POST /api/signature answers for the acceptance. */
const PLAN_SIGNATURE: SignatureRecord = {
  id: 'sig-9',
  kind: 'plan',
  patientId: 'p7',
  entryId: null,
  image: 'semnatura-plan.png',
  signedAt: '2026-03-12T10:00:00.000Z',
  signedBy: 'Dr. Ana Popescu',
  via: 'direct',
  sha256: 'b'.repeat(64),
  snapshot: SNAPSHOT,
  matches: true,
  changed: [],
};

function renderAs(roles: string[], ui: ReactElement) {
  return renderWithProviders(
    <CurrentUserContext.Provider value={sessionFor(roles)}>{ui}</CurrentUserContext.Provider>,
  );
}

async function openAlternativeB(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Acceptă varianta B' }));
  return screen.findByRole('dialog', { name: 'Acceptă varianta B' });
}

describe('plan acceptance', () => {
  it('shows the alternative as signed, and accepts it with a signature drawn here', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/signature': { status: 201, body: { signature: PLAN_SIGNATURE, entry: null } },
    });
    const { queryClient } = renderAs(['medic'], <PlanAcceptance plan={PLAN} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByRole('button', { name: 'Acceptă varianta A' })).toBeTruthy();

    const dialog = await openAlternativeB(user);
    // What the patient reads before signing: the items with teeth and amounts, the total and the validity.
    const items = within(dialog).getByRole('table', { name: 'Lucrările variantei' });
    expect(within(items).getByRole('row', { name: /coroană zirconiu/ }).textContent).toContain('1.6');
    expect(within(items).getByRole('row', { name: /coroană zirconiu/ }).textContent).toContain(
      '1.250,00 lei',
    );
    expect(within(dialog).getByTestId('plan-signed-total').textContent).toBe('1.550,00 lei');
    expect(within(dialog).getByTestId('plan-signed-validity').textContent).toContain('30 Apr. 2026');

    act(() => pad.last?.draw());
    await user.click(within(dialog).getByRole('button', { name: 'Semnează și acceptă' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.url === '/api/signature')?.body).toEqual({
      kind: 'plan',
      patientId: 'p7',
      planId: 'plan-4',
      alternative: 'B',
      revision: 2,
      image: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: planKeys.all });
  });

  it('sends the alternative to the signature station and closes once the patient signed there', async () => {
    const user = userEvent.setup();
    const pending = {
      id: 'req-5',
      kind: 'plan',
      patientId: 'p7',
      entryId: null,
      createdAt: '2026-03-12T10:00:00.000Z',
      expiresAt: '2026-03-12T10:15:00.000Z',
    };
    let polls = 0;
    const api = mockApi({
      'POST /api/signature-requests': {
        status: 201,
        body: { ...pending, status: 'pending', signature: null },
      },
      'GET /api/signature-requests/req-5': () => {
        polls += 1;
        return polls === 1
          ? { body: { ...pending, status: 'pending', signature: null } }
          : { body: { ...pending, status: 'signed', signature: { ...PLAN_SIGNATURE, via: 'station' } } };
      },
    });
    renderAs(['asistent'], <PlanAcceptance plan={PLAN} />);
    const dialog = await openAlternativeB(user);
    await user.click(within(dialog).getByRole('button', { name: 'Trimite la stația de semnare' }));
    expect(await within(dialog).findByTestId('station-waiting')).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/api/signature-requests')?.body).toEqual({
      kind: 'plan',
      patientId: 'p7',
      planId: 'plan-4',
      alternative: 'B',
      revision: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(polls).toBe(2);
  });

  it("alerts 'Eroare activare semnatura digitala.' when the server refuses the acceptance", async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    mockApi({
      'POST /api/signature': apiError(409, 'conflict', 'Doar un plan propus, în termen, poate fi acceptat.'),
    });
    renderAs(['medic'], <PlanAcceptance plan={PLAN} />);
    const dialog = await openAlternativeB(user);
    act(() => pad.last?.draw());
    await user.click(within(dialog).getByRole('button', { name: 'Semnează și acceptă' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Eroare activare semnatura digitala.'));
    expect(screen.getByRole('dialog', { name: 'Acceptă varianta B' })).toBeTruthy();
  });

  it('once accepted: the alternative, who collected the signature, when, and the signature image', () => {
    renderAs(['medic'], <PlanAcceptance plan={makePlan({ status: 'acceptat', acceptance: ACCEPTANCE_B })} />);
    const accepted = screen.getByTestId('plan-accepted');
    expect(accepted.textContent).toContain('Varianta B acceptată');
    expect(accepted.textContent).toContain(
      '12.03.2026 12:00:00 pe stația de semnare, în prezența: Ioana Marin',
    );
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Semnătura pacientului' }).src).toContain(
      '/history-imgs/p7/semnatura-plan.png',
    );
    expect(screen.queryByRole('button', { name: /Acceptă varianta/ })).toBeNull();
    expect(screen.queryByTestId('plan-signature-mismatch')).toBeNull();
  });

  it('says when the plan changed after signing and offers to sign the new version', async () => {
    const user = userEvent.setup();
    mockApi({});
    const changed = makePlan({
      status: 'în lucru',
      revision: 3,
      acceptance: { ...ACCEPTANCE_B, matches: false },
    });
    renderAs(['asistent'], <PlanAcceptance plan={changed} />);
    expect(screen.getByTestId('plan-signature-mismatch').textContent).toContain(
      'Semnătura se referă la versiunea 2 a planului; planul a fost modificat după semnare.',
    );
    await user.click(screen.getByRole('button', { name: 'Semnează versiunea 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acceptă varianta B' });
    expect(within(dialog).getByTestId('plan-signed-validity').textContent).toContain('versiunea 3');
  });

  it('offers nothing to sign on an expired or rejected plan, and shows nothing to sterilisation staff', () => {
    const { unmount } = renderAs(['medic'], <PlanAcceptance plan={makePlan({ status: 'expirat' })} />);
    expect(screen.getByText(/Oferta a expirat la 30 Apr\. 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Acceptă varianta/ })).toBeNull();
    unmount();

    const rejected = makePlan({ status: 'respins', rejectedReason: 'costul' });
    const second = renderAs(['medic'], <PlanAcceptance plan={rejected} />);
    expect(screen.getByText('Planul a fost respins: costul')).toBeTruthy();
    second.unmount();

    renderAs(['sterilizare'], <PlanAcceptance plan={PLAN} />);
    expect(screen.queryByTestId('plan-acceptance')).toBeNull();
  });
});
