import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { startLoading } from '../lib/loading';
import { PageError } from './page-error';
import { reportError } from './sentry';

/** SPEC.md §8/§9: a page's code that has not arrived after 120 seconds is given up on. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded (network failure, a new deploy, or the time-out). */
export class ChunkLoadError extends Error {
  readonly isTimeout: boolean;
  constructor(isTimeout: boolean, options?: { cause?: unknown }) {
    super(isTimeout ? 'Page chunk load timed out' : 'Page chunk failed to load', options);
    this.name = 'ChunkLoadError';
    this.isTimeout = isTimeout;
  }
}

/** Rejects with a time-out ChunkLoadError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, { cause: error }));
      },
    );
  });
}

/** Sets the global loading flag while a page's code loads. */
export function PageLoading() {
  useEffect(() => startLoading(), []);
  return null;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/** Catches a page that failed to load or to render and offers to try again. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (!(error instanceof ChunkLoadError)) reportError(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const kind = error instanceof ChunkLoadError ? (error.isTimeout ? 'timeout' : 'chunk') : 'render';
    return <PageError kind={kind} onRetry={this.props.onRetry} />;
  }
}

/** A lazily loaded route component whose code can be asked for ahead of its first render. */
export type LazyPageComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the page's code (and, through Vite, its chunks' modulepreloads) without rendering it. */
  preload: () => void;
};

/**
 * A route component whose code is loaded on first use, or earlier by `preload` (the router calls it when
 * a navigation starts, beside the screen's data: issue 20), within the 120-second time-out. A preload and
 * the first render share one load. After a failure the retry button loads it again (React.lazy remembers
 * a failure, so a new one is made, and the failed load is forgotten).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): LazyPageComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const makeLazy = () => lazy(() => withTimeout(loadOnce(), timeoutMs).then((Page) => ({ default: Page })));
  const attempts = [makeLazy()];

  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Page = attempts[attempt] ?? attempts[0];

    function handleRetry() {
      attempts.push(makeLazy());
      setAttempt(attempts.length - 1);
    }

    if (Page === undefined) return null;
    return (
      <PageErrorBoundary key={attempt} onRetry={handleRetry}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  LazyPage.preload = () => {
    // A failure here is shown by the page itself when it renders (and retried from there).
    loadOnce().catch(() => undefined);
  };
  return LazyPage;
}
