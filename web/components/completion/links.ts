import type { ActionsMenuItem } from '../../platform/ActionsMenu';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

/** The course page's "⋮" entry for bulk editing activity completion, for those who may edit the course. */
export function useCompletionMenuItems(courseid: number, canedit: boolean): ActionsMenuItem[] {
  const s = useStrings('core_completion', ['bulkcompletion']);
  return canedit ? [{ id: 'bulkcompletion', label: s('bulkcompletion'), href: relativeUrl('/course/bulkcompletion.php', { id: courseid }) }] : [];
}
