import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { resetLoading } from '../lib/loading';
import { resetModals } from '../ui/modals';

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
