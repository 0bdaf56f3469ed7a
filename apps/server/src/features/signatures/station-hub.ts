/**
 * The clinic's signature stations listening for requests (server-sent events). One process serves one
 * clinic, so the listeners live in memory; a change of the pending request wakes them all and each reads
 * the pending request again from the database (docs/decisions/0016).
 */
export class StationHub {
  private readonly listeners = new Set<() => void>();
  private readonly streams = new Set<() => void>();

  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The pending request may have changed. */
  notify(): void {
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
