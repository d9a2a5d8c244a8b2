import { assignableRoles as assignableRolesIn } from '../../platform/access/allow';
import type { RoleRow } from '../../platform/access/install';
import type { Context } from '../../platform/access/types';
import { formatString } from '../../platform/sanitize';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';

export const COMPONENT = 'core_enrol';

/** Moodle's standard role names, by shortname, as string ids of this component. */
const standardNameKeys: Record<string, string> = {
  manager: 'role_manager',
  coursecreator: 'role_coursecreator',
  editingteacher: 'role_editingteacher',
  teacher: 'role_teacher',
  student: 'role_student',
  guest: 'role_guest',
  user: 'role_user',
  frontpage: 'role_frontpage',
};

/** A role's name as people see it: its own name when set, else Moodle's standard name for its shortname. */
export function roleDisplayName(platform: Platform, role: Pick<RoleRow, 'name' | 'shortname'>, lang: string): string {
  if (role.name.trim() !== '') return formatString(role.name);
  const key = standardNameKeys[role.shortname];
  return key ? platform.strings.get(key, COMPONENT, undefined, lang) : formatString(role.shortname);
}

/** The roles the caller may assign in a context (see the access layer's allow matrices). */
export function assignableRoles(ctx: CallContext, context: Context): Promise<RoleRow[]> {
  return assignableRolesIn(ctx.db, ctx.access, context);
}
