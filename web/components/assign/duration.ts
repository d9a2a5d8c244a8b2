import type { StringLookup } from '../../platform/useStrings';
import { durationParts } from './dates';

/** A span of time in words from the mod_assign pack: "6 days 23 hours", "2 hours 5 mins", "1 min". */
export function formatDuration(seconds: number, s: StringLookup): string {
  return durationParts(Math.abs(seconds))
    .map(({ unit, count }) => s(count === 1 ? `duration${unit}` : `duration${unit}s`, count))
    .join(' ');
}
