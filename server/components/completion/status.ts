import { sql, type Kysely } from 'kysely';
import { COMPLETION_TRACKING_AUTOMATIC, COMPLETION_TRACKING_NONE, type ActivityCompletionStatus } from '../../../api/completion';
import type { DB } from '../../db/schema';
import type { StringManager } from '../../platform/strings';
import { automaticRules, isCompleteState, ownRuleMet, type CompletionModule, type OwnRule } from './conditions';
import { COMPONENT } from './access';

/** An activity of a course with its completion settings, its name and where it stands on the page. */
export interface CourseActivity extends CompletionModule {
  name: string;
  section: number;
  sectionname: string;
  visible: number;
  sectionvisible: number;
}

/** The course's activities in course-page order (section, then the section's sequence). */
export async function courseActivities(db: Kysely<DB>, courseid: number): Promise<CourseActivity[]> {
  const rows = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('course_sections as s', 's.id', 'cm.section')
    .select(['cm.id', 'cm.course', 'cm.instance', 'm.name as modname', 'cm.completion', 'cm.completionview', 'cm.visible', 's.section', 's.name as sectionname', 's.visible as sectionvisible', 's.sequence'])
    .where('cm.course', '=', courseid)
    .execute();
  const position = (r: (typeof rows)[number]) => {
    const index = r.sequence.split(',').indexOf(String(r.id));
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  rows.sort((a, b) => a.section - b.section || position(a) - position(b) || a.id - b.id);
  const names = await activityNames(db, rows);
  return rows.map(({ sequence: _sequence, ...r }) => ({ ...r, name: names.get(r.id) ?? '' }));
}

/**
 * The names of the activities, one query per module type. Every activity table has `id` and `name`
 * (Moodle's convention) and module names come from the `modules` table, which only components fill.
 */
export async function activityNames(db: Kysely<DB>, cms: ReadonlyArray<{ id: number; modname: string; instance: number }>): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const byType = new Map<string, Array<(typeof cms)[number]>>();
  for (const cm of cms) byType.set(cm.modname, [...(byType.get(cm.modname) ?? []), cm]);
  for (const [modname, group] of byType) {
    const ids = group.map((cm) => cm.instance);
    const rows = await sql<{ id: number; name: string }>`select id, name from ${sql.table(modname)} where id in (${sql.join(ids)})`.execute(db);
    const byInstance = new Map(rows.rows.map((r) => [Number(r.id), r.name]));
    for (const cm of group) names.set(cm.id, byInstance.get(cm.instance) ?? '');
  }
  return names;
}

const ruleString: Record<'completionview' | OwnRule, (modname: string) => string> = {
  completionview: () => 'detail_desc:view',
  completionsubmit: (modname) => (modname === 'feedback' ? 'detail_desc:submitfeedback' : 'detail_desc:submit'),
  completionattempt: () => 'detail_desc:attempt',
};

/** One activity's completion for a user, in Moodle's answer shape. */
export async function activityStatus(
  db: Kysely<DB>,
  strings: StringManager,
  lang: string,
  cm: CourseActivity,
  userid: number,
  row: { completionstate: number; viewed: number; overrideby: number | null; timemodified: number } | undefined,
  tracked: boolean,
): Promise<ActivityCompletionStatus> {
  const automatic = cm.completion === COMPLETION_TRACKING_AUTOMATIC;
  const rules = automatic ? await automaticRules(db, cm) : [];
  const details = [];
  for (const rule of rules) {
    const met = rule === 'completionview' ? row?.viewed === 1 : tracked && (await ownRuleMet(db, cm, userid));
    details.push({ rulename: rule, rulevalue: { status: met ? 1 : 0, description: strings.get(ruleString[rule](cm.modname), COMPONENT, undefined, lang) } });
  }
  const state = row?.completionstate ?? 0;
  return {
    cmid: cm.id,
    modname: cm.modname,
    instance: cm.instance,
    state,
    timecompleted: row && isCompleteState(state) ? row.timemodified : 0,
    tracking: cm.completion,
    overrideby: row?.overrideby ?? null,
    valueused: false,
    hascompletion: cm.completion !== COMPLETION_TRACKING_NONE,
    isautomatic: automatic,
    istrackeduser: tracked,
    uservisible: true,
    details,
  };
}
