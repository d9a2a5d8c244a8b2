import { CAP_COMPETENCY_MANAGE } from '../../../api/competency';
import type { PageDefinition } from '../../platform/component';
import { getContextById } from '../../platform/access/contexts';
import { AppError, invalidRecord } from '../../platform/errors';
import { frameworkById, frameworkContext, requireRead } from './access';

function idParam(query: Record<string, string | undefined>, name: string): number {
  const id = Number(query[name]);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('missingparam', { a: name, status: 400 });
  return id;
}

/** `/admin/tool/lp/competencyframeworks.php?pagecontextid=…`: frameworks of a context, for those who may view them there. */
export const frameworksPage: PageDefinition = {
  path: '/admin/tool/lp/competencyframeworks.php',
  guard: async (ctx, query) => {
    const context = await getContextById(ctx.db, idParam(query, 'pagecontextid'));
    if (!context) throw invalidRecord('context');
    await requireRead(ctx, context);
  },
};

/** `/admin/tool/lp/competencies.php?competencyframeworkid=…&pagecontextid=…`: a framework's tree. */
export const competenciesPage: PageDefinition = {
  path: '/admin/tool/lp/competencies.php',
  guard: async (ctx, query) => {
    const framework = await frameworkById(ctx, idParam(query, 'competencyframeworkid'));
    await requireRead(ctx, await frameworkContext(ctx, framework));
  },
};

/** `/admin/tool/lp/editcompetency.php?competencyframeworkid=…&pagecontextid=…[&parentid=…|&id=…]`: add or edit, for managers. */
export const editCompetencyPage: PageDefinition = {
  path: '/admin/tool/lp/editcompetency.php',
  guard: async (ctx, query) => {
    const framework = await frameworkById(ctx, idParam(query, 'competencyframeworkid'));
    await ctx.access.requireCapability(CAP_COMPETENCY_MANAGE, await frameworkContext(ctx, framework));
  },
};
