import type { DraftArea } from '../../../api/assign';
import { config } from '../../platform/config';

/** A refusal from the draft-file route (too large, too many, not allowed), to show next to the field. */
export class DraftRefused extends Error {}

function isDraftArea(value: unknown): value is DraftArea {
  return typeof value === 'object' && value !== null && typeof (value as DraftArea).itemid === 'number' && Array.isArray((value as DraftArea).files);
}

/**
 * `POST /repository/draftfiles.php` (multipart): uploads a file into the caller's draft area, or
 * deletes one by name; answers the draft area as it now is.
 */
export async function changeDraftArea(itemid: number, change: { upload: File } | { delete: string }): Promise<DraftArea> {
  const form = new FormData();
  form.append('sesskey', config().sesskey);
  form.append('itemid', String(itemid));
  if ('upload' in change) {
    form.append('action', 'upload');
    form.append('file', change.upload, change.upload.name);
  } else {
    form.append('action', 'delete');
    form.append('filename', change.delete);
  }
  const response = await fetch('/repository/draftfiles.php', { method: 'POST', body: form, credentials: 'same-origin' });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isDraftArea(answer)) return answer;
  const failure = answer as { error?: string; message?: string } | null;
  throw new DraftRefused(failure?.error ?? failure?.message ?? response.statusText);
}
