import type { ActionsMenuItem } from '../../platform/ActionsMenu';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

/** The course page's "⋮" entry for the course's own external tools, for those who may edit the course (the server checks mod/lti:addcoursetool). */
export function useCourseToolMenuItems(courseid: number, canedit: boolean): ActionsMenuItem[] {
  const s = useStrings('mod_lti', ['coursetools']);
  return canedit ? [{ id: 'coursetools', label: s('coursetools'), href: relativeUrl('/mod/lti/coursetools.php', { id: courseid }) }] : [];
}
