import { sql } from 'kysely';
import {
  coreTagAddStandardTags,
  coreTagCombineTags,
  coreTagCreateCollection,
  coreTagDeleteCollection,
  coreTagDeleteTags,
  coreTagFlagTag,
  coreTagGetCollectionsAndAreas,
  coreTagGetItemTags,
  coreTagGetTag,
  coreTagGetTagindex,
  coreTagListTags,
  coreTagMoveCollection,
  coreTagRenameCombine,
  coreTagSearchTags,
  coreTagSetItemTags,
  coreTagUpdateArea,
  coreTagUpdateTags,
} from '../../../api/tag';
import type { Warning } from '../../../api/types';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError, invalidRecord } from '../../platform/errors';
import { defineMethod, type CallContext } from '../../ws/method';
import { createCollection, deleteCollection, listCollections, moveAreaToCollection, moveCollection, setAreaEnabled, setAreaShowStandard } from './collections';
import {
  areaCollectionElement,
  areaEnabledElement,
  areaShowStandardElement,
  canManageTags,
  collectionNameElement,
  collectionSearchableElement,
  tagFlagElement,
  tagNameElement,
  tagStandardElement,
} from './inplace';
import { itemAccess } from './itemaccess';
import { getItemTags, setItemTags } from './items';
import { collectionName, escapeHtml, str, tagSummary } from './present';
import {
  addStandardTags,
  cleanTagName,
  combineTags,
  COMPONENT,
  defaultCollection,
  deleteTags,
  flagTag,
  getArea,
  getAreaById,
  getCollection,
  getTag,
  renameCombine,
  renameTag,
  resetFlag,
  setDescription,
  setStandard,
  type TagAreaRow,
  type TagCollRow,
} from './service';
import { areaName, collectionAreas, tagIndex } from './tagindex';

async function system(ctx: CallContext) {
  return getSystemContext(ctx.db);
}

async function requireManage(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/tag:manage', await system(ctx));
}

/** `name` contains the text (names are stored lower-cased), with LIKE's wildcards in it taken literally. */
function nameContains(column: 't.name' | 'name', text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Raw SQL for the ESCAPE clause, which Kysely's builder cannot say; both dialects accept it.
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

const getTagindex = defineMethod(coreTagGetTagindex, async (ctx, { tagindex }) => tagIndex(ctx, tagindex));

const getTagByName = defineMethod(coreTagGetTag, async (ctx, args) => {
  const coll = args.tc ? await getCollection(ctx.db, args.tc) : await defaultCollection(ctx.db);
  const tag = await ctx.db.selectFrom('tag').selectAll().where('tagcollid', '=', coll.id).where('name', '=', args.tag.trim().toLowerCase()).executeTakeFirst();
  if (!tag) throw invalidRecord('tag', `tag ${args.tag}`);
  const areas = await collectionAreas(ctx.db, coll.id);
  return {
    tag: { ...tagSummary(tag, coll), description: tag.description, timemodified: tag.timemodified },
    collection: { id: coll.id, displayname: escapeHtml(collectionName(ctx, coll)) },
    areas: areas.map((a) => ({ ta: a.id, component: a.component, itemtype: a.itemtype, displayname: escapeHtml(areaName(ctx, a)) })),
    canmanage: await canManageTags(ctx),
    canflag: await ctx.access.hasCapability('moodle/tag:flag', await system(ctx)),
  };
});

const updateTags = defineMethod(coreTagUpdateTags, async (ctx, { tags }) => {
  const context = await system(ctx);
  const canmanage = await ctx.access.hasCapability('moodle/tag:manage', context);
  const canedit = await ctx.access.hasCapability('moodle/tag:edit', context);
  const warnings: Warning[] = [];
  const warn = (itemid: number, warningcode: string) => warnings.push({ item: 'tag', itemid, warningcode, message: str(ctx, warningcode) });
  for (const change of tags) {
    const tag = await ctx.db.selectFrom('tag').selectAll().where('id', '=', change.id).executeTakeFirst();
    if (!tag) {
      warn(change.id, 'tagnotfound');
      continue;
    }
    const standard = change.isstandard ?? change.official;
    const managed = canmanage && (change.rawname !== undefined || standard !== undefined || change.flag !== undefined);
    const described = canedit && change.description !== undefined;
    if (!managed && !described) {
      warn(change.id, 'nothingtoupdate');
      continue;
    }
    if (canmanage && change.rawname !== undefined) {
      const clash = await ctx.db.selectFrom('tag').select('id').where('tagcollid', '=', tag.tagcollid).where('name', '=', cleanTagName(change.rawname).toLowerCase()).where('id', '<>', tag.id).executeTakeFirst();
      if (clash) {
        warn(change.id, 'namesalreadybeeingused');
        continue;
      }
      await renameTag(ctx.db, tag, change.rawname);
    }
    if (canmanage && standard !== undefined) await setStandard(ctx.db, await getTag(ctx.db, tag.id), standard);
    if (canmanage && change.flag !== undefined) {
      const current = await getTag(ctx.db, tag.id);
      if (change.flag > 0) await flagTag(ctx.db, current);
      else await resetFlag(ctx.db, current);
    }
    if (described) await setDescription(ctx.db, tag, change.description ?? '', change.descriptionformat ?? tag.descriptionformat);
  }
  return { warnings };
});

/** Sort columns of the management table; `count` is the number of instances. */
const sortColumns = { name: 't.name', flag: 't.flag', isstandard: 't.isstandard', timemodified: 't.timemodified' } as const;

const listTags = defineMethod(coreTagListTags, async (ctx, args) => {
  await requireManage(ctx);
  const coll = await getCollection(ctx.db, args.tc);
  let base = ctx.db.selectFrom('tag as t').where('t.tagcollid', '=', coll.id);
  if (args.search.trim() !== '') base = base.where(nameContains('t.name', args.search.trim()));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const direction = args.direction;
  let page = base.selectAll('t');
  if (args.sort === 'count') {
    page = page.orderBy(
      (eb) => eb.selectFrom('tag_instance as ti').select((e) => e.fn.countAll<number>().as('c')).whereRef('ti.tagid', '=', 't.id'),
      direction,
    );
  } else page = page.orderBy(sortColumns[args.sort], direction);
  const tags = await page.orderBy('t.name').orderBy('t.id').limit(args.perpage).offset(args.page * args.perpage).execute();
  const counts = tags.length
    ? await ctx.db
        .selectFrom('tag_instance')
        .select(['tagid', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'tagid',
          'in',
          tags.map((t) => t.id),
        )
        .groupBy('tagid')
        .execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.tagid, Number(c.n)]));
  return {
    total: Number(total.n),
    collection: { id: coll.id, displayname: escapeHtml(collectionName(ctx, coll)), isdefault: coll.isdefault === 1 },
    tags: tags.map((t) => ({
      ...tagSummary(t, coll),
      count: countOf.get(t.id) ?? 0,
      timemodified: t.timemodified,
      inplacename: tagNameElement(ctx, t, true),
      inplaceflag: tagFlagElement(ctx, t, true),
      inplaceisstandard: tagStandardElement(ctx, t, true),
    })),
  };
});

function areaOut(ctx: CallContext, area: TagAreaRow, collections: readonly TagCollRow[]) {
  return {
    id: area.id,
    component: area.component,
    itemtype: area.itemtype,
    displayname: escapeHtml(areaName(ctx, area)),
    enabled: area.enabled === 1,
    tagcollid: area.tagcollid,
    showstandard: area.showstandard,
    multiplecontexts: area.multiplecontexts === 1,
    inplaceenabled: areaEnabledElement(ctx, area, true),
    inplacecollection: areaCollectionElement(ctx, area, collections, true),
    inplaceshowstandard: areaShowStandardElement(ctx, area, true),
  };
}

const getCollectionsAndAreas = defineMethod(coreTagGetCollectionsAndAreas, async (ctx) => {
  await requireManage(ctx);
  const collections = await listCollections(ctx.db);
  const areas = await ctx.db.selectFrom('tag_area').selectAll().orderBy('id').execute();
  const counts = await ctx.db.selectFrom('tag').select(['tagcollid', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('tagcollid').execute();
  const countOf = new Map(counts.map((c) => [c.tagcollid, Number(c.n)]));
  const movable = collections.filter((c) => !c.isdefault);
  return {
    collections: collections.map((c) => ({
      id: c.id,
      name: c.name,
      displayname: escapeHtml(collectionName(ctx, c)),
      isdefault: c.isdefault === 1,
      component: c.component,
      sortorder: c.sortorder,
      searchable: c.searchable === 1,
      customurl: c.customurl,
      tagcount: countOf.get(c.id) ?? 0,
      areanames: areas.filter((a) => a.tagcollid === c.id && a.enabled).map((a) => areaName(ctx, a)),
      candelete: !c.isdefault && !c.component,
      canmoveup: !c.isdefault && movable.indexOf(c) > 0,
      canmovedown: !c.isdefault && movable.indexOf(c) < movable.length - 1,
      inplacename: collectionNameElement(ctx, c, true),
      inplacesearchable: collectionSearchableElement(ctx, c, true),
    })),
    areas: areas.map((a) => areaOut(ctx, a, collections)),
  };
});

async function itemTagsResult(ctx: CallContext, itemtype: 'course' | 'course_modules' | 'user', canedit: boolean, tags: Awaited<ReturnType<typeof getItemTags>>) {
  const area = await getArea(ctx.db, 'core', itemtype);
  const coll = await getCollection(ctx.db, area.tagcollid);
  const cancreate = canedit && area.showstandard !== 1 && (await ctx.access.hasCapability('moodle/tag:create', await system(ctx)));
  return { enabled: area.enabled === 1, tagcollid: area.tagcollid, showstandard: area.showstandard, canedit, cancreate, tags: tags.map((t) => tagSummary(t, coll)) };
}

const getItemTagsMethod = defineMethod(coreTagGetItemTags, async (ctx, args) => {
  const access = await itemAccess(ctx, args.itemtype, args.itemid);
  return itemTagsResult(ctx, args.itemtype, access.canedit, await getItemTags(ctx.db, args));
});

const setItemTagsMethod = defineMethod(coreTagSetItemTags, async (ctx, args) => {
  const access = await itemAccess(ctx, args.itemtype, args.itemid);
  if (!access.canedit) {
    const capability = { course: 'moodle/course:update', course_modules: 'moodle/course:manageactivities', user: 'moodle/user:update' }[args.itemtype];
    throw new AppError('nopermissions', { a: capability, debuginfo: `(${capability})`, status: 403 });
  }
  const cancreate = await ctx.access.hasCapability('moodle/tag:create', await system(ctx));
  const tags = await setItemTags(ctx.db, { component: args.component, itemtype: args.itemtype, itemid: args.itemid, contextid: access.context.id }, args.tags, ctx.access.userid, cancreate);
  return itemTagsResult(ctx, args.itemtype, true, tags);
});

const searchTags = defineMethod(coreTagSearchTags, async (ctx, args) => {
  const area = await getArea(ctx.db, args.component, args.itemtype);
  const coll = await getCollection(ctx.db, area.tagcollid);
  const cancreate = area.enabled === 1 && area.showstandard !== 1 && (await ctx.access.hasCapability('moodle/tag:create', await system(ctx)));
  if (!area.enabled) return { tags: [], cancreate, enabled: false };
  let query = ctx.db.selectFrom('tag').selectAll().where('tagcollid', '=', coll.id);
  if (args.query.trim() !== '') query = query.where(nameContains('name', args.query.trim()));
  if (area.showstandard === 1) query = query.where('isstandard', '=', 1);
  if (area.showstandard === 2) query = query.where('isstandard', '=', 0);
  const tags = await query.orderBy('isstandard', 'desc').orderBy('name').limit(args.limit).execute();
  return { tags: tags.map((t) => tagSummary(t, coll)), cancreate, enabled: true };
});

const deleteTagsMethod = defineMethod(coreTagDeleteTags, async (ctx, { tagids }) => {
  await requireManage(ctx);
  return { deleted: await deleteTags(ctx.db, tagids) };
});

const combineTagsMethod = defineMethod(coreTagCombineTags, async (ctx, { tagids, maintag }) => {
  await requireManage(ctx);
  return { maintagid: (await combineTags(ctx.db, tagids, maintag)).id };
});

const renameCombineMethod = defineMethod(coreTagRenameCombine, async (ctx, { tagid, newname }) => {
  await requireManage(ctx);
  const result = await renameCombine(ctx.db, tagid, newname);
  return { tagid: result.tag.id, combined: result.combined };
});

const addStandardTagsMethod = defineMethod(coreTagAddStandardTags, async (ctx, { tc, tagslist }) => {
  await requireManage(ctx);
  return { count: await addStandardTags(ctx.db, tc, tagslist, ctx.access.userid) };
});

const createCollectionMethod = defineMethod(coreTagCreateCollection, async (ctx, { name, searchable }) => {
  await requireManage(ctx);
  return { id: await createCollection(ctx.db, name, searchable) };
});

const deleteCollectionMethod = defineMethod(coreTagDeleteCollection, async (ctx, { tcid }) => {
  await requireManage(ctx);
  await deleteCollection(ctx.db, tcid);
  return null;
});

const moveCollectionMethod = defineMethod(coreTagMoveCollection, async (ctx, { tcid, direction }) => {
  await requireManage(ctx);
  await moveCollection(ctx.db, tcid, direction);
  return null;
});

const updateArea = defineMethod(coreTagUpdateArea, async (ctx, args) => {
  await requireManage(ctx);
  let area = await getAreaById(ctx.db, args.taid);
  if (args.tagcollid !== undefined) {
    const target = await getCollection(ctx.db, args.tagcollid);
    if (target.component) throw new AppError('collectionlocked', { component: COMPONENT });
    area = await moveAreaToCollection(ctx.db, area, target.id);
  }
  if (args.enabled !== undefined) area = await setAreaEnabled(ctx.db, area, args.enabled);
  if (args.showstandard !== undefined) area = await setAreaShowStandard(ctx.db, area, args.showstandard);
  return areaOut(ctx, area, await listCollections(ctx.db));
});

const flagTagMethod = defineMethod(coreTagFlagTag, async (ctx, { tagid }) => {
  await ctx.access.requireCapability('moodle/tag:flag', await system(ctx));
  return { flag: (await flagTag(ctx.db, await getTag(ctx.db, tagid))).flag };
});

export const tagMethods = [
  getTagindex,
  getTagByName,
  updateTags,
  listTags,
  getCollectionsAndAreas,
  getItemTagsMethod,
  setItemTagsMethod,
  searchTags,
  deleteTagsMethod,
  combineTagsMethod,
  renameCombineMethod,
  addStandardTagsMethod,
  createCollectionMethod,
  deleteCollectionMethod,
  moveCollectionMethod,
  updateArea,
  flagTagMethod,
];
