import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { inplaceSelect, inplaceText, inplaceToggle, lockRow, type InplaceCallbacks, type InplaceCurrent, type InplaceElement } from '../../platform/inplace';
import type { CallContext } from '../../ws/method';
import { COMPONENT, getCollection as loadCollection, getAreaById, getTag, renameTag, flagTag, resetFlag, setStandard, type TagAreaRow, type TagCollRow, type TagRow } from './service';
import { listCollections, moveAreaToCollection, renameCollection, setAreaEnabled, setAreaShowStandard, setCollectionSearchable } from './collections';
import { collectionName, escapeHtml, str, tagUrl } from './present';
import { areaName } from './tagindex';


export async function canManageTags(ctx: CallContext): Promise<boolean> {
  return ctx.access.hasCapability('moodle/tag:manage', await getSystemContext(ctx.db));
}

async function requireManage(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/tag:manage', await getSystemContext(ctx.db));
}

export function tagNameElement(ctx: CallContext, tag: TagRow, editable: boolean): InplaceElement {
  return inplaceText({
    component: COMPONENT,
    itemtype: 'tagname',
    itemid: tag.id,
    editable,
    displayvalue: `<a href="${escapeHtml(tagUrl({ id: tag.tagcollid, customurl: '' }, tag))}">${escapeHtml(tag.rawname)}</a>`,
    value: tag.rawname,
    edithint: str(ctx, 'editname'),
    editlabel: str(ctx, 'newnamefor', escapeHtml(tag.rawname)),
  });
}

/**
 * A 0/1 toggle: the string shown while on and while off, and the string naming what pressing it does
 * (its hint and its accessible name) while on and while off.
 */
function onOffToggle(ctx: CallContext, itemtype: string, itemid: number, editable: boolean, on: boolean, shown: [string, string], action: [string, string]): InplaceElement {
  const does = str(ctx, on ? action[0] : action[1]);
  return inplaceToggle({ component: COMPONENT, itemtype, itemid, editable, displayvalue: escapeHtml(str(ctx, on ? shown[0] : shown[1])), value: on ? 1 : 0, edithint: does, editlabel: does });
}

export function tagFlagElement(ctx: CallContext, tag: TagRow, editable: boolean): InplaceElement {
  return onOffToggle(ctx, 'tagflag', tag.id, editable, tag.flag > 0, ['flagged', 'notflagged'], ['resetflag', 'flagasinappropriate']);
}

export function tagStandardElement(ctx: CallContext, tag: TagRow, editable: boolean): InplaceElement {
  return onOffToggle(ctx, 'tagisstandard', tag.id, editable, tag.isstandard === 1, ['yes', 'no'], ['settypedefault', 'settypestandard']);
}

export function areaEnabledElement(ctx: CallContext, area: TagAreaRow, editable: boolean): InplaceElement {
  return onOffToggle(ctx, 'tagareaenable', area.id, editable, area.enabled === 1, ['enabled', 'disabled'], ['disablearea', 'enablearea']);
}

/** The area's collection, chosen among the collections no plugin owns. */
export function areaCollectionElement(ctx: CallContext, area: TagAreaRow, collections: readonly TagCollRow[], editable: boolean): InplaceElement {
  return inplaceSelect({
    component: COMPONENT,
    itemtype: 'tagareacollection',
    itemid: area.id,
    editable,
    value: area.tagcollid,
    options: collections.filter((c) => !c.component || c.id === area.tagcollid).map((c) => ({ key: c.id, value: collectionName(ctx, c) })),
    edithint: str(ctx, 'changetagcoll', escapeHtml(areaName(ctx, area))),
    editlabel: str(ctx, 'changetagcoll', escapeHtml(areaName(ctx, area))),
  });
}

export function areaShowStandardElement(ctx: CallContext, area: TagAreaRow, editable: boolean): InplaceElement {
  return inplaceSelect({
    component: COMPONENT,
    itemtype: 'tagareashowstandard',
    itemid: area.id,
    editable,
    value: area.showstandard,
    options: [0, 1, 2].map((key) => ({ key, value: str(ctx, `standardtags${key}`) })),
    edithint: str(ctx, 'changeshowstandard', escapeHtml(areaName(ctx, area))),
    editlabel: str(ctx, 'changeshowstandard', escapeHtml(areaName(ctx, area))),
  });
}

export function collectionNameElement(ctx: CallContext, coll: TagCollRow, editable: boolean): InplaceElement {
  const name = collectionName(ctx, coll);
  return inplaceText({
    component: COMPONENT,
    itemtype: 'tagcollname',
    itemid: coll.id,
    editable: editable && !coll.component,
    displayvalue: escapeHtml(name),
    value: coll.name,
    edithint: str(ctx, 'editcollname'),
    editlabel: str(ctx, 'newcollnamefor', escapeHtml(name)),
  });
}

export function collectionSearchableElement(ctx: CallContext, coll: TagCollRow, editable: boolean): InplaceElement {
  const searchable = coll.searchable === 1;
  const base = {
    component: COMPONENT,
    itemtype: 'tagcollsearchable',
    itemid: coll.id,
    editable: editable && !coll.isdefault && !coll.component,
    displayvalue: escapeHtml(str(ctx, searchable ? 'yes' : 'no')),
    value: searchable ? 1 : 0,
    edithint: str(ctx, 'changesearchable'),
    editlabel: str(ctx, 'changesearchable'),
  };
  return inplaceToggle(base);
}

const truthy = (value: string) => value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** core_update_inplace_editable callbacks of core_tag; every one needs moodle/tag:manage. */
export const tagInplaceEditable: InplaceCallbacks = {
  tagname: async (ctx, itemid, value) => {
    await requireManage(ctx);
    return tagNameElement(ctx, await renameTag(ctx.db, await getTag(ctx.db, itemid), value), true);
  },
  tagflag: async (ctx, itemid, value) => {
    await requireManage(ctx);
    const tag = await getTag(ctx.db, itemid);
    return tagFlagElement(ctx, truthy(value) ? await flagTag(ctx.db, tag) : await resetFlag(ctx.db, tag), true);
  },
  tagisstandard: async (ctx, itemid, value) => {
    await requireManage(ctx);
    return tagStandardElement(ctx, await setStandard(ctx.db, await getTag(ctx.db, itemid), truthy(value)), true);
  },
  tagareaenable: async (ctx, itemid, value) => {
    await requireManage(ctx);
    return areaEnabledElement(ctx, await setAreaEnabled(ctx.db, await getAreaById(ctx.db, itemid), truthy(value)), true);
  },
  tagareacollection: async (ctx, itemid, value) => {
    await requireManage(ctx);
    const area = await getAreaById(ctx.db, itemid);
    const collections = await listCollections(ctx.db);
    const target = collections.find((c) => String(c.id) === value.trim() && !c.component);
    if (!target) throw new AppError('invalidparameter', { debuginfo: `tagareacollection=${value}` });
    return areaCollectionElement(ctx, await moveAreaToCollection(ctx.db, area, target.id), collections, true);
  },
  tagareashowstandard: async (ctx, itemid, value) => {
    await requireManage(ctx);
    if (!/^[012]$/.test(value.trim())) throw new AppError('invalidparameter', { debuginfo: `tagareashowstandard=${value}` });
    return areaShowStandardElement(ctx, await setAreaShowStandard(ctx.db, await getAreaById(ctx.db, itemid), Number(value.trim())), true);
  },
  tagcollname: async (ctx, itemid, value) => {
    await requireManage(ctx);
    const coll = await loadCollection(ctx.db, itemid);
    if (coll.component) throw new AppError('collectionlocked', { component: COMPONENT });
    return collectionNameElement(ctx, await renameCollection(ctx.db, coll, value), true);
  },
  tagcollsearchable: async (ctx, itemid, value) => {
    await requireManage(ctx);
    return collectionSearchableElement(ctx, await setCollectionSearchable(ctx.db, await loadCollection(ctx.db, itemid), truthy(value)), true);
  },
};

/** The current names of tags and collections, for the conflict check of a rename (rows locked). */
export const tagInplaceCurrent: Record<string, InplaceCurrent> = {
  tagname: async (ctx, itemid) => {
    await lockRow(ctx, 'tag', itemid);
    return (await ctx.db.selectFrom('tag').select('rawname').where('id', '=', itemid).executeTakeFirst())?.rawname;
  },
  tagcollname: async (ctx, itemid) => {
    await lockRow(ctx, 'tag_coll', itemid);
    return (await ctx.db.selectFrom('tag_coll').select('name').where('id', '=', itemid).executeTakeFirst())?.name;
  },
};
