import { coreGroupCopyGroups } from '../../../api/group';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod } from '../../ws/method';
import { COMPONENT, logGroupEvent, requireManage } from './access';

/**
 * Copies another course's groups into this one: same names, descriptions, and id numbers where this
 * course has not used them; no members (they are the other course's people). Names this course already
 * has (case-insensitively) are skipped.
 */
export const copyGroups = defineMethod(coreGroupCopyGroups, async (ctx, { courseid, fromcourseid }) => {
  if (courseid === fromcourseid) throw new AppError('copygroupssamecourse', { component: COMPONENT });
  const context = await requireManage(ctx, courseid);
  await requireManage(ctx, fromcourseid);
  const [source, existing] = await Promise.all([
    ctx.db.selectFrom('groups').select(['name', 'description', 'descriptionformat', 'idnumber']).where('courseid', '=', fromcourseid).orderBy('name').orderBy('id').execute(),
    ctx.db.selectFrom('groups').select(['name', 'idnumber']).where('courseid', '=', courseid).execute(),
  ]);
  const names = new Set(existing.map((g) => g.name.toLowerCase()));
  const idnumbers = new Set(existing.map((g) => g.idnumber).filter(Boolean));
  const created: Array<{ id: number; name: string }> = [];
  const skipped: string[] = [];
  const t = now();
  for (const group of source) {
    if (names.has(group.name.toLowerCase())) {
      skipped.push(group.name);
      continue;
    }
    const idnumber = group.idnumber && !idnumbers.has(group.idnumber) ? group.idnumber : '';
    const row = await ctx.db
      .insertInto('groups')
      .values({ courseid, name: group.name, description: group.description, descriptionformat: group.descriptionformat, idnumber, timecreated: t, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    names.add(group.name.toLowerCase());
    if (idnumber) idnumbers.add(idnumber);
    await logGroupEvent(ctx, context, { eventname: '\\core\\event\\group_created', action: 'created', crud: 'c', objectid: row.id, other: { copiedfrom: fromcourseid } });
    created.push({ id: row.id, name: group.name });
  }
  return { created, skipped };
});
