import { GRADING_FILTERS, type GradingFilter } from '../../../../api/assign';

/** The `filter` URL parameter (as the grading table writes it): chosen filters, comma-separated. */
export function parseFilters(raw: string | null): GradingFilter[] {
  const chosen = new Set((raw ?? '').split(','));
  return GRADING_FILTERS.filter((f) => chosen.has(f));
}

interface Status {
  submitted: boolean;
  requiregrading: boolean;
}

/** Whether a participant meets every chosen filter (no filters: everyone does). */
export function meetsFilters(participant: Status, filters: readonly GradingFilter[]): boolean {
  return filters.every((filter) => {
    if (filter === 'submitted') return participant.submitted;
    if (filter === 'notsubmitted') return !participant.submitted;
    return participant.requiregrading;
  });
}

/**
 * The user before (-1) or after (+1) the current one in the list, wrapping around at either end. A
 * current user outside the list (chosen with the selector) steps to the list's first or last user.
 */
export function neighbour(ids: readonly number[], current: number, step: 1 | -1): number | undefined {
  if (ids.length === 0) return undefined;
  const at = ids.indexOf(current);
  if (at < 0) return step === 1 ? ids[0] : ids[ids.length - 1];
  return ids[(at + step + ids.length) % ids.length];
}
