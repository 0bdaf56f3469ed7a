import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { OpenPlanItem } from '@odonto/domain/contracts/plans';
import { apiError, mockApi } from '../../test/mock-api';
import { DOCTORS, makePatient, SLOW_SCREEN } from '../../test/patients';
import { renderWithProviders } from '../../test/render';
import { ConfirmHost } from '../../ui/confirm-host';
import { FORM_ERROR_SUMMARY_TITLE } from '../../ui/form-errors';
import { makeEntry } from './history-test-data';
import { PLAN_ITEM_LABEL } from './plan-item-field';
import {
  BRIDGE_TOOTH_PLACEHOLDER,
  DELETE_TREATMENT_QUESTION,
  SERVER_ERROR_ALERT,
  TreatmentModal,
} from './treatment-modal';

configure({ asyncUtilTimeout: SLOW_SCREEN.asyncUtilTimeout });
vi.setConfig({ testTimeout: SLOW_SCREEN.testTimeout });

const EXTRACTION = makeEntry({ id: 1767225600003, denumire: 'extracție dentară', dinte: '3.8', mapID: 3 });
const CROWN = makeEntry({ id: 1767225600001, denumire: 'coroană metalo-ceramică', dinte: '1.6', mapID: 1 });
const BRIDGE = makeEntry({
  id: 1767225600002,
  type: 'punte',
  denumire: 'punte metalo-ceramică',
  dinte: '1.3',
  dinteStart: '1.3',
  dinteDestinatie: '1.5',
  mapID: 0.1,
});

/** GET /api/plans/p7/open-items: plan 4's alternative B — a crown on 1.6, a filling on 2.6 and a bridge. */
const OPEN_ITEMS: OpenPlanItem[] = [
  { id: 'b1', name: 'coroană zirconiu', teeth: ['1.6'], span: null, catalogueId: 1.2, finalBani: 125_000 },
  {
    id: 'b2',
    name: 'obturație compozit o suprafață',
    teeth: ['2.6'],
    span: null,
    catalogueId: 301,
    finalBani: 30_000,
  },
  {
    id: 'b3',
    name: 'punte metalo-ceramică',
    teeth: ['1.3', '1.4', '1.5'],
    span: { start: '1.3', end: '1.5' },
    catalogueId: 0.1,
    finalBani: 270_000,
  },
].map(({ id, ...item }) => ({
  ...item,
  itemId: id,
  planId: 'plan-4',
  planNumber: 4,
  planTitle: 'Reabilitare',
  alternative: 'B' as const,
  phaseTitle: 'Vizita 1',
}));

function renderModal(history: PatientHistoryEntry[], entryId: number | null, close = vi.fn()) {
  renderWithProviders(
    <>
      <TreatmentModal
        patient={makePatient({ _id: 'p7', history })}
        entryId={entryId}
        defaultMedic="Dr. Ioana Stănescu"
        close={close}
      />
      <ConfirmHost />
    </>,
  );
  return close;
}

const combobox = (name: string) => screen.getByRole<HTMLInputElement>('combobox', { name });

async function pick(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(combobox(field));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('treatment modal', () => {
  it('create: defaults the doctor; a bridge name shows the destination and limits the teeth', async () => {
    mockApi({ 'GET /api/get-medici': DOCTORS });
    renderModal([EXTRACTION, CROWN], null);
    expect(combobox('Medic').value).toBe('Dr. Ioana Stănescu');
    expect(screen.queryByRole('combobox', { name: 'Dinte destinație' })).toBeNull();
    const user = userEvent.setup();

    await pick(user, 'Tratament', 'punte metalo-ceramică');
    expect(combobox('Dinte').getAttribute('placeholder')).toBe(BRIDGE_TOOTH_PLACEHOLDER);
    await user.click(combobox('Dinte'));
    expect(screen.queryByRole('option', { name: /^3\.8/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /^1\.3/ }));

    await user.click(combobox('Dinte destinație'));
    expect(await screen.findByRole('option', { name: /^1\.5/ })).toBeTruthy();
    // 1.6 carries a crown: no bridge ends there.
    expect(screen.queryByRole('option', { name: /^1\.6/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: /^1\.5/ }));
    expect(combobox('Dinte destinație').value).toMatch(/^1\.5/);

    await pick(user, 'Tratament', 'coroană metalo-ceramică');
    expect(screen.queryByRole('combobox', { name: 'Dinte destinație' })).toBeNull();
    await pick(user, 'Tratament', 'punte zirconiu');
    expect(combobox('Dinte destinație').value).toBe('');
  });

  it('create: saves through save-punte for a bridge, then closes', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS, 'POST /api/save-punte/p7': { body: {} } });
    const close = renderModal([], null);
    const user = userEvent.setup();
    await pick(user, 'Tratament', 'punte metalo-ceramică');
    await pick(user, 'Dinte', /^1\.3/);
    await pick(user, 'Dinte destinație', /^1\.5/);
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const call = api.calls.find((entry) => entry.url.includes('/api/save-punte/p7'));
    expect(call?.body).toMatchObject({
      type: 'punte',
      denumire: 'punte metalo-ceramică',
      dinte: '1.3',
      dinteStart: '1.3',
      dinteDestinatie: '1.5',
      medic: 'Dr. Ioana Stănescu',
    });
  });

  it('create: refuses to save without a treatment name', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS });
    renderModal([], null);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Câmpul este obligatoriu.')).toBeTruthy();
    expect(api.calls.some((entry) => entry.method === 'POST')).toBe(false);
  });

  it('create: a treatment on a tooth saved without one marks the tooth, shows why, focuses it and lists it', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS });
    renderModal([], null);
    const user = userEvent.setup();
    const toothLabel = () => screen.getByText('Dinte', { selector: 'label' });
    // A consultation needs no tooth: nothing marks it required.
    expect(toothLabel().textContent).toBe('Dinte');
    await pick(user, 'Tratament', 'extracție dentară');
    expect(toothLabel().textContent).toBe('Dinte *');

    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(FORM_ERROR_SUMMARY_TITLE);
    const listed = within(summary).getByRole('button', { name: 'Dinte: Câmpul este obligatoriu.' });
    const tooth = combobox('Dinte');
    await waitFor(() => expect(document.activeElement).toBe(tooth));
    expect(tooth.getAttribute('aria-invalid')).toBe('true');
    const describedBy = tooth.getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(describedBy.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent,
    ).toBe('Câmpul este obligatoriu.');
    expect(api.calls.some((entry) => entry.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('textbox', { name: 'Detalii' }));
    await user.click(listed);
    expect(document.activeElement).toBe(tooth);

    await pick(user, 'Dinte', /^3\.8/);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("create: the server's field messages land on their fields", async () => {
    vi.stubGlobal('alert', vi.fn());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/get-medici': DOCTORS,
      'POST /api/save-history/p7': apiError(400, 'invalid_input', 'Date invalide.', {
        dinte: 'Pe acest dinte nu se poate pune o coroană.',
      }),
    });
    const close = renderModal([], null);
    const user = userEvent.setup();
    await pick(user, 'Tratament', 'extracție dentară');
    await pick(user, 'Dinte', /^3\.8/);
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('button', { name: 'Dinte: Pe acest dinte nu se poate pune o coroană.' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(combobox('Dinte')));
    expect(window.alert).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('update of a bridge locks tooth, treatment and destination', async () => {
    mockApi({ 'GET /api/get-medici': DOCTORS });
    renderModal([BRIDGE], BRIDGE.id);
    expect(combobox('Dinte').disabled).toBe(true);
    expect(combobox('Tratament').disabled).toBe(true);
    expect(combobox('Dinte destinație').disabled).toBe(true);
    expect(combobox('Dinte destinație').value).toMatch(/^1\.5/);
    expect(screen.getByRole('button', { name: 'Șterge' })).toBeTruthy();
  });

  it('update of another treatment keeps tooth and name editable and shows no destination', async () => {
    mockApi({ 'GET /api/get-medici': DOCTORS });
    renderModal([CROWN], CROWN.id);
    expect(combobox('Dinte').disabled).toBe(false);
    expect(combobox('Tratament').disabled).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Dinte destinație' })).toBeNull();
  });

  it('delete asks NU/DA and alerts when the server fails', async () => {
    const alert = vi.fn();
    // happy-dom has no alert of its own.
    vi.stubGlobal('alert', alert);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /api/get-medici': DOCTORS,
      'POST /api/sterge-tratament/p7': apiError(500, 'server_error', 'boom'),
    });
    const close = renderModal([CROWN], CROWN.id);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Șterge' }));
    expect(await screen.findByText(DELETE_TREATMENT_QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'NU' }));
    expect(api.calls.some((entry) => entry.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Șterge' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(SERVER_ERROR_ALERT));
    expect(api.calls.find((entry) => entry.method === 'POST')?.body).toEqual({ id: CROWN.id });
    expect(close).not.toHaveBeenCalled();
  });

  it('create: saves a treatment through save-history as multipart `obj` with the placement', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS, 'POST /api/save-history/p7': { body: {} } });
    const close = renderModal([], null);
    const user = userEvent.setup();
    await pick(user, 'Tratament', 'extracție dentară');
    await pick(user, 'Dinte', /^3\.8/);
    await user.type(screen.getByRole('textbox', { name: 'Detalii' }), 'simplă');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.calls.find((entry) => entry.url.includes('/api/save-history/p7'))?.body;
    expect(body).toBeInstanceOf(FormData);
    const obj = JSON.parse(String((body as FormData).get('obj'))) as Record<string, unknown>;
    expect(obj).toMatchObject({
      type: 'tratament',
      denumire: 'extracție dentară',
      dinte: '3.8',
      side: 'bottom',
      mapID: 3,
      dinteDestinatie: null,
      detalii: 'simplă',
      medic: 'Dr. Ioana Stănescu',
      pics: [],
    });
  });

  it('update: sends the entry with its version through update-history', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS, 'POST /api/update-history/p7': { body: {} } });
    const close = renderModal([{ ...CROWN, version: 4 }], CROWN.id);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Detalii' }), 'refăcută');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.calls.find((entry) => entry.url.includes('/api/update-history/p7'))?.body;
    const obj = JSON.parse(String((body as FormData).get('obj'))) as Record<string, unknown>;
    expect(obj).toMatchObject({ id: CROWN.id, version: 4, dinte: '1.6', detalii: 'refăcută' });
    expect(obj).not.toHaveProperty('updated_at');
  });

  it('deletes a bridge through delete-punte', async () => {
    const api = mockApi({
      'GET /api/get-medici': DOCTORS,
      [`GET /api/delete-punte/p7/${BRIDGE.id}`]: { body: [] },
    });
    const close = renderModal([BRIDGE], BRIDGE.id);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Șterge' }));
    await user.click(await screen.findByRole('button', { name: 'DA' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.calls.some((entry) => entry.url.includes(`/api/delete-punte/p7/${BRIDGE.id}`))).toBe(true);
  });

  it('create: offers the open plan items of the chosen tooth; one chosen names the treatment and is linked on save', async () => {
    const api = mockApi({
      'GET /api/get-medici': DOCTORS,
      'GET /api/plans/p7/open-items': { body: OPEN_ITEMS },
      'POST /api/save-history/p7': { body: {} },
    });
    const close = renderModal([], null);
    const user = userEvent.setup();
    await pick(user, 'Dinte', /^1\.6/);
    await user.click(await screen.findByRole('combobox', { name: PLAN_ITEM_LABEL }));
    expect(await screen.findByRole('option', { name: /coroană zirconiu \(1\.6\)/ })).toBeTruthy();
    // Another tooth's item, and a bridge (saved through save-punte, which links nothing), are not offered.
    expect(screen.queryByRole('option', { name: /obturație/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /punte/ })).toBeNull();
    await user.click(
      screen.getByRole('option', { name: 'Plan nr. 4 · Varianta B · coroană zirconiu (1.6) · 1.250,00 lei' }),
    );
    expect(combobox('Tratament').value).toBe('coroană zirconiu monolitic');

    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.calls.find((entry) => entry.url.includes('/api/save-history/p7'))?.body;
    const obj = JSON.parse(String((body as FormData).get('obj'))) as Record<string, unknown>;
    expect(obj).toMatchObject({
      denumire: 'coroană zirconiu monolitic',
      dinte: '1.6',
      mapID: 1.2,
      planItem: { planId: 'plan-4', itemId: 'b1' },
    });
  });

  it('create: a plan item chosen before the tooth brings its tooth', async () => {
    mockApi({ 'GET /api/get-medici': DOCTORS, 'GET /api/plans/p7/open-items': { body: OPEN_ITEMS } });
    renderModal([], null);
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: PLAN_ITEM_LABEL });
    await pick(user, PLAN_ITEM_LABEL, /obturație compozit o suprafață \(2\.6\)/);
    expect(combobox('Dinte').value).toMatch(/^2\.6/);
    expect(combobox('Tratament').value).toBe('obturație compozit o suprafață');
  });

  it('update: an entry done for a plan item says so and keeps its link', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS, 'POST /api/update-history/p7': { body: {} } });
    const linked = { ...CROWN, planItem: { planId: 'plan-4', itemId: 'b1' } };
    const close = renderModal([linked], CROWN.id);
    const user = userEvent.setup();
    expect(screen.getByTestId('entry-plan-item').textContent).toBe('Lucrare din planul de tratament');
    expect(screen.queryByRole('combobox', { name: PLAN_ITEM_LABEL })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.calls.find((entry) => entry.url.includes('/api/update-history/p7'))?.body;
    const obj = JSON.parse(String((body as FormData).get('obj'))) as Record<string, unknown>;
    // Left out: the server keeps the link as it is.
    expect(obj).not.toHaveProperty('planItem');
    expect(api.calls.some((entry) => entry.url.includes('/open-items'))).toBe(false);
  });

  it('update: a saved picture removed in the modal is left out of pics and listed in deleted', async () => {
    const api = mockApi({ 'GET /api/get-medici': DOCTORS, 'POST /api/update-history/p7': { body: {} } });
    const pics = [
      { name: `${CROWN.id}-12-inainte.jpg`, w: 800, h: 600, index: 0 },
      { name: `${CROWN.id}-34-dupa.jpg`, w: 800, h: 600, index: 1 },
    ];
    const close = renderModal([{ ...CROWN, pics }], CROWN.id);
    const user = userEvent.setup();
    expect(screen.getByAltText(pics[0]!.name).getAttribute('src')).toBe(
      `/history-imgs/p7/thumb-${pics[0]!.name}.png`,
    );
    await user.click(screen.getByRole('button', { name: `Șterge imaginea ${pics[0]!.name}` }));
    expect(screen.queryByAltText(pics[0]!.name)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const body = api.calls.find((entry) => entry.url.includes('/api/update-history/p7'))?.body;
    const obj = JSON.parse(String((body as FormData).get('obj'))) as Record<string, unknown>;
    expect(obj).toMatchObject({ pics: [pics[1]], deleted: [pics[0]!.name] });
  });
});
