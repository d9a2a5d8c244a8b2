import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { requireModuleAccess } from '../courseformat/access';

/** `/grade/grading/form/guide/edit.php?cmid=<cmid>`: the marking-guide editor, for those who manage grading forms in the module. */
export const guideEditPage: PageDefinition = {
  path: '/grade/grading/form/guide/edit.php',
  guard: async (ctx, query) => {
    const cmid = Number(query.cmid);
    if (!Number.isInteger(cmid) || cmid <= 0) throw new AppError('invalidcoursemodule', { component: 'core_courseformat', status: 400 });
    const { modcontext } = await requireModuleAccess(ctx, cmid);
    await ctx.access.requireCapability('moodle/grade:managegradingforms', modcontext);
  },
};
