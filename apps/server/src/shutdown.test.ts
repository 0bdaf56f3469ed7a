import { describe, expect, it } from 'vitest';
import { shutdownSignals } from './shutdown';

describe('shutdownSignals', () => {
  const run = (signals: readonly NodeJS.Signals[], onceAfter?: number) => {
    const steps: string[] = [];
    const handle = shutdownSignals({
      drain: (signal) => steps.push(`drain ${signal}`),
      ignore: (signal) => steps.push(`ignore ${signal}`),
      force: (signal) => steps.push(`force ${signal}`),
    });
    signals.forEach((signal, index) => {
      if (index === onceAfter) handle.once('SIGTERM');
      handle(signal);
    });
    if (onceAfter === signals.length) handle.once('SIGTERM');
    return steps;
  };

  it.each([
    { signals: ['SIGTERM'], steps: ['drain SIGTERM'] },
    { signals: ['SIGINT', 'SIGINT'], steps: ['drain SIGINT', 'ignore SIGINT'] },
    {
      signals: ['SIGINT', 'SIGTERM', 'SIGINT', 'SIGINT'],
      steps: ['drain SIGINT', 'ignore SIGTERM', 'force SIGINT', 'force SIGINT'],
    },
  ] as const)('$signals → $steps', ({ signals, steps }) => {
    expect(run(signals)).toEqual(steps);
  });

  it('starts the drain when the launcher is gone, once, and never after a signal did', () => {
    expect(run([], 0)).toEqual(['drain SIGTERM']);
    expect(run(['SIGINT'], 1)).toEqual(['drain SIGINT']);
  });
});
