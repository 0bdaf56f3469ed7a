/**
 * The clinic's signature stations listening to this app instance for requests (server-sent events). A change
 * of the pending request wakes them all and each reads the pending request again from the database
 * (docs/decisions/0016). The listeners live in memory; with several instances on one PostgreSQL database,
 * `announce` tells the others (station-relay.ts, docs/decisions/0045).
 */
export class StationHub {
  private readonly listeners = new Set<() => void>();
  private readonly streams = new Set<() => void>();

  constructor(private readonly announce: () => void = () => {}) {}

  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The pending request may have changed (here): wakes this instance's stations and tells the others. */
  notify(): void {
    this.notifyHere();
    this.announce();
  }

  /** Wakes this instance's stations only (another instance announced a change). */
  notifyHere(): void {
    for (const listener of this.listeners) listener();
  }

  /** Remembers how to end an open stream, until it ends (answers the function that forgets it). */
  addStream(end: () => void): () => void {
    this.streams.add(end);
    return () => {
      this.streams.delete(end);
    };
  }

  /** Ends every open stream (the server is closing: an open stream would keep it waiting for ever). */
  closeAll(): void {
    for (const end of [...this.streams]) end();
  }

  get size(): number {
    return this.listeners.size;
  }
}
