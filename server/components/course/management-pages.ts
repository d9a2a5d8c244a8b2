import type { PageDefinition } from '../../platform/component';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { courseContext, getCourse } from './access';
import { categoryContext, getCategory } from './categories';

/** A positive integer query parameter, or undefined when absent; anything else is refused. */
function idParam(query: Record<string, string | undefined>, name: string): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 0) throw new AppError('invalidparameter', { debuginfo: `${name}=${raw}`, status: 400 });
  return id;
}

/** Management opens for those who may manage categories or create courses at the top of the tree. */
async function requireManagement(ctx: CallContext): Promise<void> {
  const system = await getSystemContext(ctx.db);
  if (await ctx.access.hasCapability('moodle/category:manage', system)) return;
  await ctx.access.requireCapability('moodle/course:create', system);
}

export const managementPages: PageDefinition[] = [
  { path: '/course/management.php', guard: requireManagement },
  {
    path: '/course/editcategory.php',
    guard: async (ctx, query) => {
      const id = idParam(query, 'id');
      if (id !== undefined) {
        await getCategory(ctx.db, id);
        await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, id));
        return;
      }
      await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, idParam(query, 'parent') ?? 0));
    },
  },
  {
    path: '/course/edit.php',
    guard: async (ctx, query) => {
      const id = idParam(query, 'id');
      if (id !== undefined) {
        await getCourse(ctx.db, id);
        await ctx.access.requireCapability('moodle/course:update', await courseContext(ctx.db, id));
        return;
      }
      await ctx.access.requireCapability('moodle/course:create', await categoryContext(ctx.db, idParam(query, 'category') ?? 0));
    },
  },
];
