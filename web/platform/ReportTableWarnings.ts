import { useEffect, useId, useState, useSyncExternalStore, type RefObject } from 'react';
import type { TableColumn } from './ReportTableColumns';

/*
 * The table library's warnings (spec §8) besides the server's answers and the sort data: a second
 * table keeping its state under a name already in use, a table wider than its space, and data that
 * is not a table.
 */

/** The mounted tables by saved-state name, in the order they were mounted. */
const mounted = new Map<string, string[]>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether another table on the page already keeps its state under `stateId` ("initialised twice"):
 * the two would overwrite each other's saved sorting, search and paging. The first one mounted
 * keeps the name; each later one warns until the first goes away.
 */
export function useSharedStateWarning(stateId: string): boolean {
  const instance = useId();
  useEffect(() => {
    mounted.set(stateId, [...(mounted.get(stateId) ?? []), instance]);
    changed();
    return () => {
      const rest = (mounted.get(stateId) ?? []).filter((id) => id !== instance);
      if (rest.length) mounted.set(stateId, rest);
      else mounted.delete(stateId);
      changed();
    };
  }, [stateId, instance]);
  const shared = useSyncExternalStore(
    subscribe,
    () => (mounted.get(stateId)?.indexOf(instance) ?? 0) > 0,
    () => false,
  );
  useEffect(() => {
    if (shared) console.warn(`Report table: another table on this page keeps its state as "${stateId}".`);
  }, [shared, stateId]);
  return shared;
}

/**
 * Whether the table is wider than its scrolling container ("table cannot fit its container"),
 * followed as either changes size. It then scrolls sideways; the warning says so and points to
 * hiding columns.
 */
export function useFitWarning(container: RefObject<HTMLElement | null>, table: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = container.current;
    const inner = table.current;
    if (!box || !inner || typeof ResizeObserver === 'undefined') return undefined;
    // A pixel of rounding is not overflow.
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [container, table]);
  useEffect(() => {
    if (overflows) console.warn('Report table: the table cannot fit its container and scrolls sideways.');
  }, [overflows]);
  return overflows;
}

/** Data that cannot make a table ("used on a non-table node"): no columns, or rows that are not records. */
export function notATable<R>(columns: ReadonlyArray<TableColumn<R>>, rows: readonly unknown[]): boolean {
  return columns.length === 0 || rows.some((row) => row === null || typeof row !== 'object');
}
