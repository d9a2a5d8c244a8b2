import type { StringLookup } from '../../platform/useStrings';

/** Bytes as "500 KB" or "2 MB", with the units from the mod_assign pack. */
export function formatSize(bytes: number, s: StringLookup): string {
  if (bytes >= 1_048_576) return s('sizemb', Math.round((bytes / 1_048_576) * 10) / 10);
  if (bytes >= 1_024) return s('sizekb', Math.round(bytes / 1_024));
  return s('sizeb', bytes);
}
