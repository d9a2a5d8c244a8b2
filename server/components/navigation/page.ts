import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess, SITEID, type CourseRow } from '../course/access';
import { getModuleRecord, requireModuleAccess, type ModuleRecord } from '../courseformat/access';

/** The course and activity of the page the blocks sit on, when the caller may enter them. */
export interface PageTarget {
  course?: { row: CourseRow; context: Context };
  cm?: { record: ModuleRecord; context: Context };
}

export interface PageArgs {
  courseid: number;
  cmid: number;
  contextid: number;
}

/** Runs an access check; a refusal (or a record that is not there) answers undefined. */
async function unlessRefused<T>(check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * Works out the page's course and activity from what the client knows of it (an activity id, a course
 * id, or a context id). Whatever the caller may not enter is left out, so the trees never show a
 * hidden activity or a course closed to them as the current one.
 */
export async function resolvePage(ctx: CallContext, args: PageArgs): Promise<PageTarget> {
  let { courseid, cmid } = args;
  if (args.contextid > 0 && cmid <= 0 && courseid <= 0) {
    const context = await getContextById(ctx.db, args.contextid);
    if (context?.contextlevel === CONTEXT_MODULE) cmid = context.instanceid;
    else if (context?.contextlevel === CONTEXT_COURSE) courseid = context.instanceid;
  }
  if (cmid > 0) {
    const entered = await unlessRefused(() => requireModuleAccess(ctx, cmid));
    if (entered) return { course: { row: entered.course, context: entered.context }, cm: { record: entered.cm, context: entered.modcontext } };
    // A hidden activity still leaves its course as the page's course, when that may be entered.
    courseid = courseid > 0 ? courseid : ((await unlessRefused(() => getModuleRecord(ctx, cmid)))?.course ?? 0);
  }
  if (courseid > 0 && courseid !== SITEID) {
    const entered = await unlessRefused(() => requireCourseAccess(ctx, courseid));
    if (entered) return { course: { row: entered.course, context: entered.context } };
  }
  return {};
}
