import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { USER_MESSAGES } from '@odonto/domain/contracts/users';
import { routes } from '../../app/router';
import { apiError } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { bodiesOf, makeUser, usersApi, type Handler } from './users-test-support';

const EMPTY_LIST = { body: { utilizatori: [], isNextPage: false } };

async function openAdd(user: UserEvent, extra: Record<string, Handler> = {}) {
  const api = usersApi(['admin'], EMPTY_LIST, extra);
  renderRoutes(routes, '/utilizatori');
  await user.click(await screen.findByRole('button', { name: 'Adaugă utilizator' }));
  return { ...api, dialog: await screen.findByRole('dialog', { name: 'Adaugă utilizator' }) };
}

async function openEdit(user: UserEvent, edited = makeUser(), extra: Record<string, Handler> = {}) {
  const api = usersApi(['admin'], { body: { utilizatori: [edited], isNextPage: false } }, extra);
  renderRoutes(routes, '/utilizatori');
  await user.click(await screen.findByRole('row', { name: `Utilizator ${edited.nume}` }));
  return { ...api, dialog: await screen.findByRole('dialog', { name: 'Editează utilizator' }) };
}

function textbox(dialog: HTMLElement, name: string): HTMLInputElement {
  return within(dialog).getByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${name}`) });
}

async function fillNewUser(user: UserEvent, dialog: HTMLElement, email = 'ana@clinica.ro') {
  await user.type(textbox(dialog, 'Nume'), 'Ana Vlad');
  await user.type(textbox(dialog, 'Email'), email);
  await user.type(textbox(dialog, 'Telefon'), '0744 123 456');
  await user.type(textbox(dialog, 'Funcție'), 'Asistentă');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Asistent' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Sterilizare' }));
}

describe('the add/edit user modal: validation', () => {
  it('asks for a name, an email and at least one role, and sends nothing until they are there', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText(USER_MESSAGES.noRole)).toBeTruthy();
    expect(within(dialog).getAllByText('Câmpul este obligatoriu.')).toHaveLength(2);
    await user.type(textbox(dialog, 'Email'), 'ana@');
    await user.tab();
    expect(await within(dialog).findByText('Adresa de email nu este validă.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/save-utilizator')).toBe(false);
  });

  it('lets the phone take digits and + only, and offers the four roles in Romanian', async () => {
    const user = userEvent.setup();
    const { dialog } = await openAdd(user);
    await user.type(textbox(dialog, 'Telefon'), '+40 (722) abc-123');
    expect(textbox(dialog, 'Telefon').value).toBe('+40722123');
    const roles = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('value'));
    expect(roles).toEqual(['medic', 'asistent', 'admin', 'sterilizare']);
    for (const label of ['Medic', 'Asistent', 'Admin', 'Sterilizare'])
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('switch', { name: /^Activ/ }).checked).toBe(true);
  });
});

describe('the add/edit user modal: saving', () => {
  it('creates the user with the form (no password) and closes', async () => {
    const user = userEvent.setup();
    const saved = makeUser({ nume: 'Ana Vlad', email: 'ana@clinica.ro', hasPassword: false });
    const { dialog, calls } = await openAdd(user, {
      'POST /api/save-utilizator': { status: 201, body: saved },
    });
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(calls, '/api/save-utilizator')).toEqual([
      {
        nume: 'Ana Vlad',
        email: 'ana@clinica.ro',
        telefon: '0744123456',
        functie: 'Asistentă',
        roles: ['asistent', 'sterilizare'],
        active: true,
      },
    ]);
    expect(await screen.findByText(/Invitația a fost trimisă pe ana@clinica.ro/)).toBeTruthy();
  });

  it('marks the user as existing on a 409 and keeps the modal open with the input (SPEC.md §8)', async () => {
    const user = userEvent.setup();
    const { dialog } = await openAdd(user, {
      'POST /api/save-utilizator': apiError(409, 'conflict', USER_MESSAGES.emailTaken, {
        email: USER_MESSAGES.emailTaken,
      }),
    });
    await fillNewUser(user, dialog, 'ana@clinica.ro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Utilizatorul există deja.')).toBeTruthy();
    const email = textbox(dialog, 'Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.value).toBe('ana@clinica.ro');
    expect(screen.getByRole('dialog', { name: 'Adaugă utilizator' })).toBeTruthy();
  });

  it('sends the loaded version on update; a stale form shows the server’s message', async () => {
    const user = userEvent.setup();
    const edited = makeUser({ version: 7 });
    const { dialog, calls } = await openEdit(user, edited, {
      [`POST /api/update-utilizator/${edited._id}`]: apiError(409, 'conflict', USER_MESSAGES.stale),
    });
    await user.clear(textbox(dialog, 'Funcție'));
    await user.type(textbox(dialog, 'Funcție'), 'Medic primar');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', USER_MESSAGES.stale);
    expect(bodiesOf(calls, `/api/update-utilizator/${edited._id}`)).toEqual([
      {
        nume: edited.nume,
        email: edited.email,
        telefon: edited.telefon,
        functie: 'Medic primar',
        roles: ['medic'],
        active: true,
        version: 7,
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'Editează utilizator' })).toBeTruthy();
  });
});

describe('the add/edit user modal: own account, invitation and delete', () => {
  it('locks the admin role and the active switch of one’s own account, with the reason', async () => {
    const user = userEvent.setup();
    const self = makeUser({ _id: 'u1', nume: 'Andreea Popescu', roles: ['admin', 'medic'] });
    const { dialog } = await openEdit(user, self);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /^Admin/ }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Medic' }).disabled).toBe(false);
    expect(within(dialog).getByRole<HTMLInputElement>('switch', { name: /^Activ/ }).disabled).toBe(true);
    expect(within(dialog).getByText(USER_MESSAGES.selfDemote)).toBeTruthy();
    expect(within(dialog).getByText(USER_MESSAGES.selfDeactivate)).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Șterge utilizatorul' }).disabled,
    ).toBe(true);
  });

  it('sends the invitation again for a pending account', async () => {
    const user = userEvent.setup();
    const pending = makeUser({ hasPassword: false });
    const { dialog, calls } = await openEdit(user, pending, {
      [`POST /api/resend-invitation/${pending._id}`]: { body: { ok: true } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Trimite din nou invitația' }));
    expect(await screen.findByText(`Invitația a fost trimisă din nou pe ${pending.email}.`)).toBeTruthy();
    expect(calls.filter((call) => call.url === `/api/resend-invitation/${pending._id}`)).toHaveLength(1);
  });

  it('deletes after DA (NU keeps the user), naming the user by email and id', async () => {
    const user = userEvent.setup();
    const edited = makeUser();
    const deleteUrl = `/api/delete-user/${encodeURIComponent(edited.email)}/${edited._id}`;
    const { dialog, calls } = await openEdit(user, edited, {
      [`GET /api/delete-user/${edited.email}/${edited._id}`]: { body: { id: edited._id } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Șterge utilizatorul' }));
    await user.click(await screen.findByRole('button', { name: 'NU' }));
    expect(calls.some((call) => call.url === deleteUrl)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Șterge utilizatorul' }));
    expect(
      await screen.findByText(`Sunteți sigur că doriți să ștergeți utilizatorul ${edited.nume}?`),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'DA' }));
    await waitFor(() => expect(calls.some((call) => call.url === deleteUrl)).toBe(true));
    expect(calls.find((call) => call.url === deleteUrl)?.headers['X-Requested-With']).toBe('odonto');
    expect(await screen.findByText(`Utilizatorul ${edited.nume} a fost șters.`)).toBeTruthy();
  });
});
