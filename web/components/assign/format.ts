import { formatNumber } from '../../platform/intl';
import type { StringLookup } from '../../platform/useStrings';

/** Bytes as "500 KB" or "2 MB", with the units from the mod_assign pack and the page's number format. */
export function formatSize(bytes: number, s: StringLookup): string {
  if (bytes >= 1_048_576) return s('sizemb', formatNumber(bytes / 1_048_576, 1, false));
  if (bytes >= 1_024) return s('sizekb', formatNumber(Math.round(bytes / 1_024)));
  return s('sizeb', formatNumber(bytes));
}
