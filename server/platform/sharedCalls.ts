/**
 * Identical read-only work asked for while the same work is already running joins it instead of
 * starting again (a "single flight"): fifty people opening the same report search at once cause one
 * scan, not fifty. A joiner gets an answer computed from the moment the first caller started, which is
 * no older than one run of the work. Only for work whose answer depends on nothing but its key:
 * check permissions before, per caller, and treat the shared answer as read-only.
 */
export class SharedCalls<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** `work()`'s answer, or the answer of the same key's run in progress. */
  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** How many distinct runs are in progress. */
  get size(): number {
    return this.running.size;
  }
}
