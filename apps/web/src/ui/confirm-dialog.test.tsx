import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmHost, askConfirmation } from './confirm-host';
import { ModalHost } from './modal-host';
import { openModal } from './modals';

const QUESTION = 'Sunteți sigur că doriți să ștergeți această programare?';

describe('NU/DA confirmation', () => {
  it('answers true for DA and false for NU', async () => {
    const user = userEvent.setup();
    const handleAnswer = vi.fn();
    renderWithProviders(<ConfirmDialog opened message={QUESTION} onAnswer={handleAnswer} />);
    expect(screen.getByRole('dialog', { name: 'Confirmare' })).toBeTruthy();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'DA' }));
    expect(handleAnswer).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'NU' }));
    expect(handleAnswer).toHaveBeenLastCalledWith(false);
  });

  it('askConfirmation resolves true on DA', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = askConfirmation(QUESTION);
    });
    await user.click(screen.getByRole('button', { name: 'DA' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('askConfirmation resolves false on NU and on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = askConfirmation(QUESTION);
    });
    await user.click(screen.getByRole('button', { name: 'NU' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = askConfirmation('Sunteți sigur că doriți să ștergeți acest tratament?');
    });
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('opens by name through the modal host; the backdrop answers NU', async () => {
    const user = userEvent.setup();
    const handleAnswer = vi.fn();
    renderWithProviders(<ModalHost />);
    act(() => openModal('confirmation', { message: QUESTION, onAnswer: handleAnswer }));
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (!overlay) throw new Error('no backdrop');
    await user.click(overlay);
    expect(handleAnswer).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
