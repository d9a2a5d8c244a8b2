import type { Platform } from './platform';
import { writesOf } from './writes';

/**
 * Identical read-only work asked for while the same work is already running joins it instead of
 * starting again (a "single flight"): fifty people opening the same report search at once cause one
 * scan, not fifty. A joiner gets an answer computed from the moment the first caller started. Only
 * for work whose answer depends on nothing but its key: check permissions before, per caller, and
 * treat the shared answer as read-only.
 *
 * Given `keepMs`, a finished run's answer also stays joinable that long: on SQLite, whose queries
 * run to their end without yielding, runs never overlap, so only a kept answer can be shared.
 *
 * Nobody joins a run that started before their own latest change committed (the write counts of
 * server/platform/writes.ts): a grader who has just saved a grade and reads the list again sees the
 * grade. Others may get an answer as old as one run plus `keepMs`.
 */
export class SharedCalls<T> {
  private readonly running = new Map<string, Run<T>>();

  constructor(
    private readonly writes: () => number = () => 0,
    private readonly keepMs = 0,
  ) {}

  /**
   * `work()`'s answer, or the answer of the same key's run in progress (or kept), unless that run
   * started before `callerLastWrite` (the write count just after the caller's latest change).
   */
  run(key: string, work: () => Promise<T>, callerLastWrite = 0): Promise<T> {
    const current = this.running.get(key);
    if (current && callerLastWrite <= current.writes && (current.doneAt === null || performance.now() - current.doneAt <= this.keepMs)) return current.promise;
    const entry: Run<T> = { writes: this.writes(), doneAt: null, promise: work() };
    this.running.set(key, entry);
    // A newer run of the same key may have taken the place since; only this run's entry is removed.
    const forget = () => {
      if (this.running.get(key) === entry) this.running.delete(key);
    };
    void entry.promise.then(() => {
      if (this.keepMs <= 0) return forget();
      entry.doneAt = performance.now();
      setTimeout(forget, this.keepMs).unref();
    }, forget);
    return entry.promise;
  }

  /** How many distinct runs are in progress or kept. */
  get size(): number {
    return this.running.size;
  }
}

interface Run<T> {
  promise: Promise<T>;
  /** The site's write count when the run started. */
  writes: number;
  /** When it finished (performance.now()), or null while it runs. */
  doneAt: number | null;
}

const perSite = new WeakMap<Platform, Map<string, SharedCalls<unknown>>>();

/**
 * The site's runs of one kind of work (a process may serve several sites, as the tests do), watching
 * the site's committed changes; `keepMs` counts for the kind's first use.
 */
export function sharedCallsFor<T>(platform: Platform, kind: string, keepMs = 0): SharedCalls<T> {
  let kinds = perSite.get(platform);
  if (!kinds) perSite.set(platform, (kinds = new Map<string, SharedCalls<unknown>>()));
  let calls = kinds.get(kind);
  if (!calls) kinds.set(kind, (calls = new SharedCalls<unknown>(() => writesOf(platform), keepMs)));
  return calls as SharedCalls<T>;
}
