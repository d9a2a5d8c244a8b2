import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';

function courseId(query: Record<string, string | undefined>): number {
  const id = Number(query.id);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('invalidcourseid', { component: 'core_grades', status: 400 });
  return id;
}

async function courseOf(ctx: CallContext, query: Record<string, string | undefined>) {
  return requireCourseAccess(ctx, courseId(query));
}

/** `/grade/report/user/index.php?id=<courseid>`: the learner's own grades (moodle/grade:view), or anyone's for those who see all grades. */
export const userReportPage: PageDefinition = {
  path: '/grade/report/user/index.php',
  guard: async (ctx, query) => {
    const { context } = await courseOf(ctx, query);
    if (await ctx.access.hasCapability('moodle/grade:viewall', context)) return;
    await ctx.access.requireCapability('moodle/grade:view', context);
    const userid = query.userid === undefined ? 0 : Number(query.userid);
    if (userid !== 0 && userid !== ctx.user?.id) await ctx.access.requireCapability('moodle/grade:viewall', context);
  },
};

/** `/grade/report/grader/index.php?id=<courseid>`: the course's grades table, for those who see all grades. */
export const graderReportPage: PageDefinition = {
  path: '/grade/report/grader/index.php',
  guard: async (ctx, query) => {
    const { context } = await courseOf(ctx, query);
    await ctx.access.requireCapability('moodle/grade:viewall', context);
  },
};
