import { modLtiDeleteCourseToolType, modLtiGetCourseToolTypes, modLtiGetCourseToolTypeSettings, modLtiSaveCourseToolType } from '../../../api/lti';
import { AppError } from '../../platform/errors';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess, type CourseRow } from '../course/access';
import { CAP_ADDCOURSETOOL, COMPONENT } from './access';
import { storeToolType, toolTypeSettings } from './toolstore';
import { deleteToolType, getToolType, type ToolTypeRow } from './tooltypes';

/** The site course holds the site tools; course tools belong to a real course. */
const SITE_COURSE = 1;

/** The course, after login to it and mod/lti:addcoursetool in its context. */
async function requireCourseTools(ctx: CallContext, courseid: number): Promise<CourseRow> {
  if (courseid === SITE_COURSE) throw new AppError('invalidrecord', { a: 'course', status: 404 });
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability(CAP_ADDCOURSETOOL, context);
  return course;
}

/** One of this course's tools; a site tool or another course's tool is refused. */
async function courseTool(ctx: CallContext, courseid: number, id: number): Promise<ToolTypeRow> {
  const type = await getToolType(ctx.db, id);
  if (type.course !== courseid) throw new AppError('toolnotincourse', { component: COMPONENT, status: 403 });
  return type;
}

async function summaries(ctx: CallContext, types: readonly ToolTypeRow[]) {
  const ids = types.map((t) => t.id);
  const counts = ids.length ? await ctx.db.selectFrom('lti').select(['typeid', (eb) => eb.fn.countAll<number>().as('n')]).where('typeid', 'in', ids).groupBy('typeid').execute() : [];
  const count = new Map(counts.map((c) => [c.typeid, Number(c.n)]));
  return types.map((t) => ({
    id: t.id,
    name: formatString(t.name),
    description: formatString(t.description),
    ltiversion: t.ltiversion,
    baseurl: t.baseurl,
    instancecount: count.get(t.id) ?? 0,
    timemodified: t.timemodified,
  }));
}

const getCourseToolTypes = defineMethod(modLtiGetCourseToolTypes, async (ctx, { courseid }) => {
  await requireCourseTools(ctx, courseid);
  const types = await ctx.db.selectFrom('lti_types').selectAll().where('course', '=', courseid).orderBy('name').orderBy('id').execute();
  return summaries(ctx, types);
});

const saveCourseToolType = defineMethod(modLtiSaveCourseToolType, async (ctx, { courseid, id, ...settings }) => {
  await requireCourseTools(ctx, courseid);
  const existing = id ? await courseTool(ctx, courseid, id) : undefined;
  const row = await storeToolType(ctx, existing, settings, courseid);
  return (await summaries(ctx, [row]))[0]!;
});

const getCourseToolTypeSettings = defineMethod(modLtiGetCourseToolTypeSettings, async (ctx, { courseid, id }) => {
  await requireCourseTools(ctx, courseid);
  return toolTypeSettings(ctx, await courseTool(ctx, courseid, id));
});

const deleteCourseToolType = defineMethod(modLtiDeleteCourseToolType, async (ctx, { tooltypeid }) => {
  const type = await getToolType(ctx.db, tooltypeid);
  // Site tools are managed on the site's tool page only.
  if (type.course === SITE_COURSE) throw new AppError('toolnotincourse', { component: COMPONENT, status: 403 });
  await requireCourseTools(ctx, type.course);
  await deleteToolType(ctx.db, type.id);
  return true;
});

export const courseToolMethods = [getCourseToolTypes, saveCourseToolType, getCourseToolTypeSettings, deleteCourseToolType];

const positive = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : 0);

/** `/mod/lti/coursetools.php?id=<course>`: the course's tools, for those who may add course tools there. */
export async function courseToolsPageGuard(ctx: CallContext, query: Record<string, string | undefined>): Promise<void> {
  await requireCourseTools(ctx, positive(query.id));
}

/** `/mod/lti/coursetooledit.php?course=&typeid=`: a new tool of the course, or one of its own tools. */
export async function courseToolEditPageGuard(ctx: CallContext, query: Record<string, string | undefined>): Promise<void> {
  const courseid = positive(query.course);
  await requireCourseTools(ctx, courseid);
  if (positive(query.typeid)) await courseTool(ctx, courseid, positive(query.typeid));
}
