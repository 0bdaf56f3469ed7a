export interface ShutdownSteps {
  drain(signal: NodeJS.Signals): void;
  ignore(signal: NodeJS.Signals): void;
  force(signal: NodeJS.Signals): void;
}

export interface SignalHandler {
  (signal: NodeJS.Signals): void;
  /** Starts the drain unless a signal already did (the launcher is gone). */
  once(signal: NodeJS.Signals): void;
}

/**
 * What each SIGINT or SIGTERM does: the first drains; a second while draining is ignored (a terminal's
 * Ctrl-C can arrive twice, from the terminal and from a launcher); a third forces the exit.
 */
export function shutdownSignals(steps: ShutdownSteps): SignalHandler {
  let received = 0;
  const handle = (signal: NodeJS.Signals): void => {
    received += 1;
    if (received === 1) steps.drain(signal);
    else if (received === 2) steps.ignore(signal);
    else steps.force(signal);
  };
  return Object.assign(handle, {
    once(signal: NodeJS.Signals) {
      if (received === 0) handle(signal);
    },
  });
}
