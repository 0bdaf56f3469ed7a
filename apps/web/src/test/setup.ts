import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { resetLoading } from '../lib/loading';
// The Romanian dates the screens load with their code (the app's shell does it in the browser).
import '../app/romanian-dates';
import { resetModals } from '../ui/modals';

// Lazy pages and query round-trips take longer than the default 1 s on a loaded 2-core CI machine (three
// times as long in CI, where two Node.js versions run the suite at once: decision 0046); a `findBy…` that
// times out still fails, just not because the machine was busy.
configure({ asyncUtilTimeout: process.env['CI'] ? 15_000 : 5_000 });

// happy-dom leaves out a few browser APIs Mantine's floating elements call.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = ResizeObserverStub;
}

// Mantine's autosizing Textarea listens for web fonts loading, through an API happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  cleanup();
  notifications.clean();
  resetLoading();
  resetModals();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
