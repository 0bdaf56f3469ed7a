import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { startLoading, withLoading } from '../lib/loading';
import { renderWithProviders } from '../test/render';

describe('loading overlay', () => {
  it('shows while the flag is set and hides when every use is cleared', () => {
    // The providers mount the one overlay the app has.
    renderWithProviders(<main />);
    expect(screen.queryByRole('status', { name: 'Se încarcă' })).toBeNull();
    let stopFirst = () => {};
    let stopSecond = () => {};
    act(() => {
      stopFirst = startLoading();
      stopSecond = startLoading();
    });
    expect(screen.getByRole('status', { name: 'Se încarcă' })).toBeTruthy();
    act(() => {
      stopFirst();
      stopFirst();
    });
    expect(screen.getByRole('status', { name: 'Se încarcă' })).toBeTruthy();
    act(() => stopSecond());
    expect(screen.queryByRole('status', { name: 'Se încarcă' })).toBeNull();
  });

  it('is cleared after a failure too', async () => {
    // The providers mount the one overlay the app has.
    renderWithProviders(<main />);
    await act(async () => {
      await expect(withLoading(() => Promise.reject(new Error('server')))).rejects.toThrow('server');
    });
    expect(screen.queryByRole('status', { name: 'Se încarcă' })).toBeNull();
  });
});
