import type { z } from 'zod';
import { coreFetchNotifications, coreGetFragment, coreGetString, coreGetStrings, coreOutputLoadTemplate, coreUpdateInplaceEditable } from '../../api/core';
import { defineMethod, type CallContext } from '../ws/method';
import { getContextById } from './access/contexts';
import { AppError } from './errors';
import { exportInplace, isInplaceElement } from './inplace';
import { fetchNotifications } from './notifications';

type StringParams = z.output<typeof coreGetString.args>['stringparams'];

/** Moodle's rules for turning string parameters into `$a`. */
export function stringParamsToA(params: StringParams): unknown {
  if (params.length === 0) return undefined;
  if (params.length === 1) {
    const [only] = params;
    return only?.name ? { [only.name]: only.value } : only?.value;
  }
  const a: Record<string, string> = {};
  for (const param of params) {
    if (!param.name) throw new AppError('unnamedstringparam');
    a[param.name] = param.value;
  }
  return a;
}

function lookup(ctx: CallContext, s: { stringid: string; component: string; lang: string | null; stringparams: StringParams }): string {
  return ctx.platform.strings.get(s.stringid, s.component, stringParamsToA(s.stringparams), s.lang || ctx.lang);
}

// Strings and templates come from the platform's caches: no database, so no transaction per call.
const cached = { database: false };

const getString = defineMethod(coreGetString, (ctx, args) => Promise.resolve(lookup(ctx, args)), cached);

const getStrings = defineMethod(
  coreGetStrings,
  (ctx, { strings }) => Promise.resolve(strings.map((s) => ({ stringid: s.stringid, component: s.component, lang: s.lang || ctx.lang, string: lookup(ctx, s) }))),
  cached,
);

const loadTemplate = defineMethod(
  coreOutputLoadTemplate,
  (ctx, args) => Promise.resolve(ctx.platform.templates.load(args.component, args.template, args.themename, args.includecomments)),
  cached,
);

async function requireContext(ctx: CallContext, contextid: number) {
  const context = await getContextById(ctx.db, contextid);
  if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
  return context;
}

const fetchNotificationsMethod = defineMethod(coreFetchNotifications, async (ctx, { contextid }) => {
  await requireContext(ctx, contextid);
  return ctx.session ? fetchNotifications(ctx.db, ctx.session.sid) : [];
});

const getFragment = defineMethod(coreGetFragment, async (ctx, args) => {
  const component = ctx.platform.components.find((c) => c.name === args.component);
  const callback = component?.fragments?.[args.callback];
  if (!callback) throw new AppError('codingerror', { a: `no fragment ${args.component}/${args.callback}` });
  await requireContext(ctx, args.contextid);
  return callback(ctx, { contextid: args.contextid, args: Object.fromEntries(args.args.map((a) => [a.name, a.value])) });
});

/** Dispatches to the component's callback for the item type; a missing callback or a wrong answer is inplaceeditableerror. */
const updateInplaceEditable = defineMethod(coreUpdateInplaceEditable, async (ctx, { component, itemtype, itemid, value, oldvalue }) => {
  const definition = ctx.platform.components.find((c) => c.name === component);
  const callback = definition?.inplaceEditable?.[itemtype];
  if (!callback) throw new AppError('inplaceeditableerror', { debuginfo: `no in-place editing of ${component}/${itemtype}` });
  // The value now (its row locked until this call ends), for a save that says what it started from.
  const reader = oldvalue === undefined ? undefined : definition.inplaceCurrent?.[itemtype];
  const before = reader ? await reader(ctx, itemid) : undefined;
  // The callback checks the caller's rights first, so a refused caller learns nothing from a conflict.
  const answer: unknown = await callback(ctx, itemid, value);
  if (!isInplaceElement(answer)) throw new AppError('inplaceeditableerror', { debuginfo: `${component}/${itemtype} answered no element` });
  // Someone else saved since this editor opened: the call fails, so its transaction undoes this save.
  if (reader && before !== undefined && before !== oldvalue) throw new AppError('inplaceconflict', { status: 409 });
  return exportInplace(answer);
});

export const coreMethods = [getString, getStrings, loadTemplate, fetchNotificationsMethod, getFragment, updateInplaceEditable];
