import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { addNotification } from '../../platform/notifications';
import { sendShell } from '../../platform/pages';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { createCollection, deleteCollection, moveCollection } from './collections';
import { addStandardTags, combineTags, COMPONENT, deleteTags, renameCombine } from './service';

type Form = Record<string, unknown>;

function text(form: Form, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
}

function int(form: Form, name: string): number {
  const raw = text(form, name);
  if (raw === undefined || !/^\d+$/.test(raw.trim())) throw new AppError('invalidparameter', { debuginfo: `${name}=${raw ?? ''}` });
  return Number(raw);
}

/** `tagschecked[]` arrives as one string or a list, depending on how many boxes were checked. */
function ids(form: Form, name: string): number[] {
  const value = form[`${name}[]`] ?? form[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => {
    if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new AppError('invalidparameter', { debuginfo: `${name}=${String(v)}` });
    return Number(v);
  });
}

/** Runs one management action; answers the notification to show and where to go back to. */
async function perform(ctx: CallContext, form: Form): Promise<{ message: string; back: string }> {
  const s = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const tc = text(form, 'tc') && /^\d+$/.test(text(form, 'tc') ?? '') ? Number(text(form, 'tc')) : 0;
  const back = tc ? `/tag/manage.php?tc=${tc}` : '/tag/manage.php';
  switch (text(form, 'action')) {
    case 'delete':
      await deleteTags(ctx.db, [int(form, 'tagid')]);
      return { message: s('deleted'), back };
    case 'bulk': {
      const checked = ids(form, 'tagschecked');
      if (form.bulkcombine !== undefined) {
        if (checked.length < 2) throw new AppError('selectmultipletags', { component: COMPONENT });
        const maintag = text(form, 'maintag');
        await combineTags(ctx.db, checked, maintag && /^\d+$/.test(maintag) ? Number(maintag) : undefined);
        return { message: s('combined'), back };
      }
      if (checked.length === 0) return { message: '', back };
      await deleteTags(ctx.db, checked);
      return { message: s('deleted'), back };
    }
    case 'renamecombine': {
      const result = await renameCombine(ctx.db, int(form, 'tagid'), text(form, 'newname') ?? '');
      return { message: s(result.combined ? 'combined' : 'changessaved'), back };
    }
    case 'addstandardtag':
      await addStandardTags(ctx.db, int(form, 'tc'), text(form, 'tagslist') ?? '', ctx.access.userid);
      return { message: s('added'), back };
    case 'colladd':
      await createCollection(ctx.db, text(form, 'name') ?? '', text(form, 'searchable') !== '0');
      return { message: s('added'), back: '/tag/manage.php' };
    case 'colldelete':
      await deleteCollection(ctx.db, int(form, 'tc'));
      return { message: s('deleted'), back: '/tag/manage.php' };
    case 'collmoveup':
    case 'collmovedown':
      await moveCollection(ctx.db, int(form, 'tc'), text(form, 'action') === 'collmoveup' ? 'up' : 'down');
      return { message: s('changessaved'), back: '/tag/manage.php' };
    default:
      throw new AppError('invalidparameter', { debuginfo: `action=${text(form, 'action') ?? ''}` });
  }
}

/**
 * POST /tag/manage.php: the management page's form actions (delete, bulk delete or combine,
 * rename-and-combine, add standard tags, collections). Each needs the sesskey and moodle/tag:manage,
 * runs in one transaction, and redirects back to the page with a notification; refusals show the
 * error page, mistakes come back as an error notification with nothing changed.
 */
async function manage(platform: Platform, request: FastifyRequest, reply: FastifyReply) {
  const user = request.user;
  const session = request.tsession;
  if (!user || !session) return reply.redirect('/login/index.php', 303);
  const form: Form = typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {};
  const lang = user.lang || 'en';
  try {
    if (text(form, 'sesskey') !== session.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    const outcome = await platform.db.transaction().execute(async (trx) => {
      const ctx: CallContext = { platform, db: trx, user, session, access: createAccess(trx, user.id), lang, ip: request.ip };
      await ctx.access.requireCapability('moodle/tag:manage', await getSystemContext(trx));
      return perform(ctx, form);
    });
    if (outcome.message) await addNotification(platform.db, session.sid, outcome.message, 'success');
    return reply.redirect(outcome.back, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = platform.strings.errorMessage(error.errorcode, error.component, error.a, lang);
    // A mistake in the form (not a refusal) is shown on the page it came from, with nothing changed.
    if (error.status !== 403) {
      await addNotification(platform.db, session.sid, message, 'error');
      const tc = text(form, 'tc');
      return reply.redirect(tc && /^\d+$/.test(tc) ? `/tag/manage.php?tc=${tc}` : '/tag/manage.php', 303);
    }
    return sendShell(platform, request, reply, error.status, { errorcode: error.errorcode, message });
  }
}

export function registerTagRoutes(app: FastifyInstance, platform: Platform): void {
  app.post('/tag/manage.php', (request, reply) => manage(platform, request, reply));
}
