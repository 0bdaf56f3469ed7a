import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { ModalHost } from './modal-host';
import { MODAL_NAMES, closeModal, openModal, registerModal } from './modals';

// 'add-note' is the documents feature's modal; this stand-in takes the same props (DocumentModalProps).
function NoteModal({ patientId, close }: { patientId?: unknown; close: () => void }) {
  const [text, setText] = useState('');
  return (
    <div>
      <p>Notă pentru {String(patientId)}</p>
      <TextInput label="Text notă" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <button type="button" onClick={close}>
        Gata
      </button>
    </div>
  );
}

registerModal('add-note', { component: NoteModal, title: 'Adaugă notă' });

function backdrop(): Element {
  const overlay = document.querySelector('.mantine-Modal-overlay');
  if (!overlay) throw new Error('no backdrop');
  return overlay;
}

describe('modal host', () => {
  it('knows every modal name of the spec', () => {
    expect(MODAL_NAMES).toHaveLength(20);
    expect(MODAL_NAMES).toContain('add-punte');
    expect(MODAL_NAMES).toContain('medical-letter');
  });

  it('opens a modal by name with its props', () => {
    renderWithProviders(<ModalHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openModal('add-note', { patientId: 'Popescu Ion', kind: 'nota', document: null }));
    const dialog = screen.getByRole('dialog', { name: 'Adaugă notă' });
    expect(within(dialog).getByText('Notă pentru Popescu Ion')).toBeTruthy();
  });

  it('closes on a backdrop click and starts clean the next time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHost />);
    act(() => openModal('add-note', { patientId: 'Popescu Ion', kind: 'nota', document: null }));
    await user.type(screen.getByRole('textbox', { name: 'Text notă' }), 'control peste o lună');
    await user.click(backdrop());
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => openModal('add-note', { patientId: 'Ionescu Maria', kind: 'nota', document: null }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Text notă' }).value).toBe('');
    expect(screen.getByText('Notă pentru Ionescu Maria')).toBeTruthy();
  });

  it('lets the content close itself, and closeModal close it from anywhere', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHost />);
    act(() => openModal('add-note', { patientId: 'A', kind: 'nota', document: null }));
    await user.click(screen.getByRole('button', { name: 'Gata' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openModal('add-note', { patientId: 'B', kind: 'nota', document: null }));
    act(() => closeModal());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
