import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { DATE_PICKER_A11Y } from './date-labels';
import { OnDemandDateInput } from './on-demand-date-input';

describe('OnDemandDateInput', () => {
  it('is a labelled button until used; a click loads the picker with its calendar open, and a day picks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <OnDemandDateInput
        label="Creat de la"
        placeholder="Oricând"
        value={null}
        onChange={onChange}
        maxDate="2026-03-20"
        valueFormat="DD.MM.YYYY"
        {...DATE_PICKER_A11Y}
      />,
    );
    const button = screen.getByRole('button', { name: 'Creat de la' });
    expect(button.textContent).toBe('Oricând');
    expect(screen.queryByRole('button', { name: 'Luna anterioară' })).toBeNull();

    await user.click(button);
    // The calendar opens without a second click, in the month of maxDate.
    const day = await screen.findByRole('button', { name: '12 martie 2026' });
    await user.click(day);
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
  });

  it('is the picker from the start when it has a value, shown and not opened', async () => {
    renderWithProviders(
      <OnDemandDateInput
        label="Creat până la"
        placeholder="Oricând"
        value="2026-03-05"
        onChange={vi.fn()}
        valueFormat="DD.MM.YYYY"
        {...DATE_PICKER_A11Y}
      />,
    );
    // The picker's code may still be on its way (the look-alike button stands in until it comes).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Creat până la' }).textContent).toContain('05.03.2026'),
    );
    expect(screen.queryByRole('button', { name: '5 martie 2026' })).toBeNull();
  });
});
