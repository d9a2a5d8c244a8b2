import { coreRoleGetReviewAccess } from '../../../api/roleoverride';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

export interface RoleMenuItem {
  id: string;
  label: string;
  href: string;
}

/**
 * "Permissions" and "Check permissions" for a course, activity or category menu — only for people
 * with moodle/role:review there — and, when asked for, "Assign roles" for people with
 * moodle/role:assign there (the pages check again).
 */
export function useRoleMenuItems(contextlevel: 'coursecat' | 'course' | 'module', instanceid: number, withAssign = false): RoleMenuItem[] {
  const s = useStrings('core_role', ['permissions', 'checkpermissions', 'assignroles']);
  const access = useWsQuery(coreRoleGetReviewAccess, { contextlevel, instanceid }, { meta: { quiet: true } });
  if (!access.data) return [];
  const { contextid, canreview, canassign } = access.data;
  return [
    ...(withAssign && canassign ? [{ id: 'assignroles', label: s('assignroles'), href: relativeUrl('/admin/roles/assign.php', { contextid }) }] : []),
    ...(canreview
      ? [
          { id: 'permissions', label: s('permissions'), href: relativeUrl('/admin/roles/permissions.php', { contextid }) },
          { id: 'checkpermissions', label: s('checkpermissions'), href: relativeUrl('/admin/roles/check.php', { contextid }) },
        ]
      : []),
  ];
}
