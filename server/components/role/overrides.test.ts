import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW, CAP_PREVENT, CAP_PROHIBIT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createOverrideSite, type OverrideSite } from './override-fixtures';

type PageAnswer = Array<{ error: boolean; data?: { capabilities: Array<{ name: string; allowed: number[]; prohibited: Array<{ roleid: number; removable: boolean }> }> } }>;

const VIEW = 'moodle/course:viewparticipants';

describe.each(testDialects)('permission changes (§3.3) through /admin/roles/ajax.php on %s', (dialect) => {
  let s: OverrideSite;
  beforeAll(async () => {
    s = await createOverrideSite(dialect);
  });
  afterAll(async () => {
    await s.site.close();
  });

  const change = (contextid: number, roleid: number, capability: string, action: string) => s.ajax({ contextid, roleid, capability, action, sesskey: s.admin.sesskey }, s.admin);

  async function row(contextid: number, capability: string) {
    const { json } = await s.site.ajax([{ methodname: 'core_role_get_permission_overrides', args: { contextid, search: capability } }], s.admin);
    const capabilities = (json as PageAnswer)[0]?.data?.capabilities ?? [];
    const found = capabilities.find((c) => c.name === capability);
    if (!found) throw new Error(`${capability} is not on the page of context ${contextid}`);
    return found;
  }

  it('answers the action name as a JSON string', async () => {
    const { status, json } = await change(s.course.id, s.roles.student, 'moodle/course:update', 'allow');
    expect(status).toBe(200);
    expect(json).toBe('allow');
    expect(await s.stored(s.roles.student, s.course.id, 'moodle/course:update')).toBe(CAP_ALLOW);
    await change(s.course.id, s.roles.student, 'moodle/course:update', 'prevent');
  });

  it('allow when the nearest value already allows changes nothing', async () => {
    // Students are allowed to view participants at the system context (archetype default).
    expect(await change(s.course.id, s.roles.student, VIEW, 'allow')).toMatchObject({ json: 'allow' });
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBeUndefined();
  });

  it('prevent stores PREVENT here, and allowing again deletes the row because the parent allows', async () => {
    await change(s.course.id, s.roles.student, VIEW, 'prevent');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBe(CAP_PREVENT);
    expect((await row(s.course.id, VIEW)).allowed).not.toContain(s.roles.student);
    await change(s.course.id, s.roles.student, VIEW, 'allow');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBeUndefined();
    expect((await row(s.course.id, VIEW)).allowed).toContain(s.roles.student);
  });

  it('allow below a parent that prevents, under a grandparent that allows, stores ALLOW here and takes effect', async () => {
    const system = (await getSystemContext(s.site.platform.db)).id;
    await setRolePermission(s.site.platform.db, s.roles.student, system, 'moodle/course:viewhiddensections', CAP_ALLOW);
    await setRolePermission(s.site.platform.db, s.roles.student, s.category.id, 'moodle/course:viewhiddensections', CAP_PREVENT);
    expect((await row(s.course.id, 'moodle/course:viewhiddensections')).allowed).not.toContain(s.roles.student);
    await change(s.course.id, s.roles.student, 'moodle/course:viewhiddensections', 'allow');
    expect(await s.stored(s.roles.student, s.course.id, 'moodle/course:viewhiddensections')).toBe(CAP_ALLOW);
    expect((await row(s.course.id, 'moodle/course:viewhiddensections')).allowed).toContain(s.roles.student);
    await setRolePermission(s.site.platform.db, s.roles.student, system, 'moodle/course:viewhiddensections', 0);
    await setRolePermission(s.site.platform.db, s.roles.student, s.category.id, 'moodle/course:viewhiddensections', 0);
    await setRolePermission(s.site.platform.db, s.roles.student, s.course.id, 'moodle/course:viewhiddensections', 0);
  });

  it('prevent without any value on the path stores nothing', async () => {
    expect(await s.stored(s.roles.student, (await getSystemContext(s.site.platform.db)).id, 'moodle/course:visibility')).toBeUndefined();
    await change(s.course.id, s.roles.student, 'moodle/course:visibility', 'prevent');
    expect(await s.stored(s.roles.student, s.course.id, 'moodle/course:visibility')).toBeUndefined();
  });

  it('prohibit removes the role from the allowed list, blocks later allows, and unprohibit brings the inherited allow back', async () => {
    await change(s.course.id, s.roles.student, VIEW, 'prohibit');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBe(CAP_PROHIBIT);
    const prohibited = await row(s.course.id, VIEW);
    expect(prohibited.allowed).not.toContain(s.roles.student);
    expect(prohibited.prohibited).toContainEqual({ roleid: s.roles.student, removable: true });
    expect(prohibited.allowed).toContain(s.roles.editingteacher);

    await change(s.course.id, s.roles.student, VIEW, 'allow');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBe(CAP_PROHIBIT);
    await change(s.course.id, s.roles.student, VIEW, 'prevent');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBe(CAP_PROHIBIT);

    expect(await change(s.course.id, s.roles.student, VIEW, 'unprohibit')).toMatchObject({ json: 'unprohibit' });
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBeUndefined();
    const back = await row(s.course.id, VIEW);
    expect(back.allowed).toContain(s.roles.student);
    expect(back.prohibited).toEqual([]);
  });

  it('unprohibit removes only this context’s row: a prohibit in a parent context stays, and is not removable below', async () => {
    await change(s.category.id, s.roles.student, VIEW, 'prohibit');
    await change(s.course.id, s.roles.student, VIEW, 'unprohibit');
    expect(await s.stored(s.roles.student, s.category.id, VIEW)).toBe(CAP_PROHIBIT);
    expect((await row(s.course.id, VIEW)).prohibited).toContainEqual({ roleid: s.roles.student, removable: false });
    expect((await row(s.category.id, VIEW)).prohibited).toContainEqual({ roleid: s.roles.student, removable: true });
    // Prohibiting again below a prohibit changes nothing.
    await change(s.course.id, s.roles.student, VIEW, 'prohibit');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBeUndefined();
    await change(s.category.id, s.roles.student, VIEW, 'unprohibit');
    expect(await s.stored(s.roles.student, s.category.id, VIEW)).toBeUndefined();
  });

  it('two prohibits on the path: neither is removable from the lower context', async () => {
    await setRolePermission(s.site.platform.db, s.roles.teacher, s.category.id, VIEW, CAP_PROHIBIT);
    await setRolePermission(s.site.platform.db, s.roles.teacher, s.course.id, VIEW, CAP_PROHIBIT);
    expect((await row(s.course.id, VIEW)).prohibited).toContainEqual({ roleid: s.roles.teacher, removable: false });
    await change(s.course.id, s.roles.teacher, VIEW, 'unprohibit');
    await change(s.category.id, s.roles.teacher, VIEW, 'unprohibit');
    expect((await row(s.course.id, VIEW)).prohibited).toEqual([]);
  });

  it('works in an activity: the row is stored at the module context and the page lists activity-level capabilities only', async () => {
    await change(s.module.id, s.roles.student, 'moodle/site:accessallgroups', 'allow');
    expect(await s.stored(s.roles.student, s.module.id, 'moodle/site:accessallgroups')).toBe(CAP_ALLOW);
    const { json } = await s.site.ajax([{ methodname: 'core_role_get_permission_overrides', args: { contextid: s.module.id } }], s.admin);
    const names = ((json as PageAnswer)[0]?.data?.capabilities ?? []).map((c) => c.name);
    expect(names).toContain('moodle/course:manageactivities');
    expect(names).not.toContain('moodle/course:update');
    expect(names).not.toContain('moodle/site:config');
    // The module's own ALLOW is the only value on the path, so prevent stores PREVENT (it differs).
    await change(s.module.id, s.roles.student, 'moodle/site:accessallgroups', 'prevent');
    expect(await s.stored(s.roles.student, s.module.id, 'moodle/site:accessallgroups')).toBe(CAP_PREVENT);
    await change(s.module.id, s.roles.student, 'moodle/site:accessallgroups', 'unprohibit');
    expect(await s.stored(s.roles.student, s.module.id, 'moodle/site:accessallgroups')).toBeUndefined();
  });

  it('writes each change to the event log with who, role, capability, context and old → new', async () => {
    await change(s.course.id, s.roles.student, VIEW, 'prohibit');
    await change(s.course.id, s.roles.student, VIEW, 'unprohibit');
    const events = await s.site.platform.db
      .selectFrom('logstore_standard_log')
      .selectAll()
      .where('eventname', '=', '\\core\\event\\role_capabilities_updated')
      .where('contextid', '=', s.course.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(events.map((e) => JSON.parse(e.other) as unknown)).toEqual([
      { capability: VIEW, action: 'unprohibit', oldpermission: CAP_PROHIBIT, newpermission: 0 },
      { capability: VIEW, action: 'prohibit', oldpermission: 0, newpermission: CAP_PROHIBIT },
    ]);
    expect(events[0]).toMatchObject({ userid: s.site.adminId, objectid: s.roles.student, objecttable: 'role', courseid: s.courseid, crud: 'u' });
  });

  it('takes effect at once for the student: the server refuses them the participants list while prohibited', async () => {
    const list = () => s.site.ajax([{ methodname: 'core_enrol_list_participants', args: { courseid: s.courseid } }], s.student);
    expect(((await list()).json as Array<{ error: boolean }>)[0]?.error).toBe(false);
    await change(s.course.id, s.roles.student, VIEW, 'prohibit');
    expect((await list()).json).toMatchObject([{ error: true, exception: { errorcode: 'nopermissions' } }]);
    await change(s.course.id, s.roles.student, VIEW, 'unprohibit');
    expect(((await list()).json as Array<{ error: boolean }>)[0]?.error).toBe(false);
  });
});
