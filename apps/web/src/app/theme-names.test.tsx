import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Modal, PasswordInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { renderWithProviders } from '../test/render';

describe('the buttons Mantine draws itself are named in Romanian by the theme (issue 15)', () => {
  it('a modal close button, a password toggle and the date picker arrows', () => {
    renderWithProviders(
      <>
        <PasswordInput label="Secret client" />
        <DatePicker defaultDate="2026-11-01" />
        <Modal opened onClose={() => undefined} title="Fereastră">
          Conținut
        </Modal>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Închide fereastra' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Arată parola' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luna anterioară' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luna următoare' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alegeți luna' })).toBeTruthy();
  });
});
