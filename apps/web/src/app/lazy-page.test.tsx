import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, withTimeout } from './lazy-page';

function Loaded() {
  return <h1>Pagina încărcată</h1>;
}

describe('lazy pages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a chunk after 120 seconds', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = withTimeout(new Promise<never>(() => {}), CHUNK_TIMEOUT_MS);
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).isTimeout).toBe(true);
  });

  it('shows the page once its code arrives', async () => {
    const Page = lazyPage(() => Promise.resolve(Loaded));
    renderWithProviders(<Page />);
    expect(await screen.findByRole('heading', { name: 'Pagina încărcată' })).toBeTruthy();
  });

  it('explains a failed chunk and loads it again on retry', async () => {
    // React reports the caught error on the console; the test looks at the screen instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const Page = lazyPage(load);
    renderWithProviders(<Page />);
    expect(await screen.findByText('Pagina nu a putut fi încărcată')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('heading', { name: 'Pagina încărcată' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('explains a chunk that took too long', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage(() => new Promise<typeof Loaded>(() => {}), 20);
    renderWithProviders(<Page />);
    expect(await screen.findByText('Pagina se încarcă prea greu')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reîncearcă' })).toBeTruthy();
  });

  it('loads the code once when it was preloaded before the first render', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Page = lazyPage(load);
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    renderWithProviders(<Page />);
    expect(await screen.findByRole('heading', { name: 'Pagina încărcată' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sets the loading flag while the chunk loads', async () => {
    let finish: (page: typeof Loaded) => void = () => {};
    const Page = lazyPage(() => new Promise<typeof Loaded>((resolve) => (finish = resolve)));
    renderWithProviders(<Page />);
    expect(await screen.findByRole('status', { name: 'Se încarcă' })).toBeTruthy();
    finish(Loaded);
    expect(await screen.findByRole('heading', { name: 'Pagina încărcată' })).toBeTruthy();
    // The flag is cleared by the fallback's effect clean-up, which React runs after the page is drawn.
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Se încarcă' })).toBeNull());
  });
});
