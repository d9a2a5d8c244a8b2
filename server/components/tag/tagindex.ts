import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { getContextById, getSystemContext } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { COMPONENT, getCollection, type TagAreaRow, type TagCollRow, type TagRow } from './service';
import { escapeHtml, tagUrl } from './present';

/** What a tag index link asks for (Moodle's tagindex argument). */
export interface TagIndexRequest {
  tag: string;
  tc: number;
  ta: number;
  excl: boolean;
  from: number;
  ctx: number;
  rec: boolean;
  page: number;
}

interface IndexItem {
  name: string;
  url: string;
  detail: string;
}

/** The items of one area on one page, newest-first paging without a count: one row more tells if there is a next page. */
type AreaIndex = (ctx: CallContext, tag: TagRow, scope: Context | null, rec: boolean, offset: number, limit: number) => Promise<IndexItem[]>;

/** Restricts instances to a search context (and its sub-contexts when `rec`). */
function inScope<O>(query: SelectQueryBuilder<DB & { ti: DB['tag_instance'] }, 'ti', O>, scope: Context | null, rec: boolean) {
  if (!scope) return query;
  return query.where((eb) =>
    eb.or([
      eb('ti.contextid', '=', scope.id),
      ...(rec ? [eb.exists(eb.selectFrom('context as cx').select('cx.id').whereRef('cx.id', '=', 'ti.contextid').where('cx.path', 'like', `${scope.path}/%`))] : []),
    ]),
  );
}

async function seesHiddenCourses(ctx: CallContext): Promise<boolean> {
  return ctx.access.hasCapability('moodle/course:viewhiddencourses', await getSystemContext(ctx.db));
}

const courseIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  let query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('course as c', 'c.id', 'ti.itemid')
    .select(['c.id', 'c.fullname', 'c.shortname'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'course');
  if (!(await seesHiddenCourses(ctx))) query = query.where('c.visible', '=', 1);
  const rows = await inScope(query, scope, rec).orderBy('ti.itemid').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ name: r.fullname, url: `/course/view.php?id=${r.id}`, detail: r.shortname }));
};

const activityIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  let query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('course_modules as cm', 'cm.id', 'ti.itemid')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('course as c', 'c.id', 'cm.course')
    .select(['cm.id', 'cm.instance', 'm.name as modname', 'c.fullname'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'course_modules');
  if (!(await seesHiddenCourses(ctx))) query = query.where('c.visible', '=', 1).where('cm.visible', '=', 1);
  const rows = await inScope(query, scope, rec).orderBy('ti.itemid').limit(limit).offset(offset).execute();
  // Activity names live in each module's table: one query per module type on the page.
  const names = new Map<string, Map<number, { name: string }>>();
  for (const modname of new Set(rows.map((r) => r.modname))) {
    const activity = ctx.platform.components.find((c) => c.activity?.modname === modname)?.activity;
    if (activity) names.set(modname, await activity.instances(ctx.db, rows.filter((r) => r.modname === modname).map((r) => r.instance)));
  }
  return rows.map((r) => ({ name: names.get(r.modname)?.get(r.instance)?.name ?? r.modname, url: `/mod/${r.modname}/view.php?id=${r.id}`, detail: r.fullname }));
};

const userIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  const query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('user as u', 'u.id', 'ti.itemid')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.city'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'user')
    .where('u.deleted', '=', 0);
  const rows = await inScope(query, scope, rec).orderBy('ti.itemid').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ name: `${r.firstname} ${r.lastname}`.trim(), url: `/user/profile.php?id=${r.id}`, detail: r.city }));
};

const areaIndexes: Record<string, AreaIndex> = { 'core/course': courseIndex, 'core/course_modules': activityIndex, 'core/user': userIndex };

/** Items per page: a few per area on the index page, more when one area is shown alone. */
export const PERPAGE = 5;
export const PERPAGE_EXCLUSIVE = 20;

export function areaName(ctx: CallContext, area: Pick<TagAreaRow, 'component' | 'itemtype'>): string {
  return ctx.platform.strings.get(`tagarea_${area.itemtype}`, COMPONENT, undefined, ctx.lang);
}

/** The enabled areas of a collection, in id order. */
export async function collectionAreas(db: Kysely<DB>, tagcollid: number): Promise<TagAreaRow[]> {
  return db.selectFrom('tag_area').selectAll().where('tagcollid', '=', tagcollid).where('enabled', '=', 1).orderBy('id').execute();
}

/** core_tag_get_tagindex: one page of one area's items tagged with the tag, as HTML with paging links. */
export async function tagIndex(ctx: CallContext, request: TagIndexRequest) {
  let scope: Context | null = null;
  if (request.ctx) {
    const context = await getContextById(ctx.db, request.ctx);
    if (!context) throw invalidRecord('context', `context ${request.ctx}`);
    scope = context.contextlevel === 10 ? null : context;
  }
  const coll: TagCollRow = await getCollection(ctx.db, request.tc);
  const tag = await ctx.db.selectFrom('tag').selectAll().where('tagcollid', '=', coll.id).where('name', '=', request.tag.trim().toLowerCase()).executeTakeFirst();
  if (!tag) throw invalidRecord('tag', `tag ${request.tag}`);
  const area = (await collectionAreas(ctx.db, coll.id)).find((a) => a.id === request.ta);
  const index = area && areaIndexes[`${area.component}/${area.itemtype}`];
  if (!area || !index) throw invalidRecord('tag_area', `area ${request.ta}`);

  const perpage = request.excl ? PERPAGE_EXCLUSIVE : PERPAGE;
  const rows = await index(ctx, tag, scope, request.rec, request.page * perpage, perpage + 1);
  const items = rows.slice(0, perpage);
  const hasmore = rows.length > perpage;
  const base = tagUrl(coll, tag, { excl: request.excl, from: request.from, ctx: request.ctx, rec: request.rec });
  const pageUrl = (page: number) => `${base}&ta=${area.id}&page=${page}`;
  const name = areaName(ctx, area);
  const content = items.length
    ? `<ul class="tag-index-items">${items
        .map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.name)}</a>${i.detail ? ` <span class="tag-index-detail">${escapeHtml(i.detail)}</span>` : ''}</li>`)
        .join('')}</ul>`
    : '';
  const showExclusive = !request.excl && (hasmore || request.page > 0);
  return {
    tagid: tag.id,
    ta: area.id,
    component: area.component,
    itemtype: area.itemtype,
    ...(hasmore ? { nextpageurl: pageUrl(request.page + 1) } : {}),
    ...(request.page > 0 ? { prevpageurl: pageUrl(request.page - 1) } : {}),
    ...(showExclusive
      ? {
          exclusiveurl: `${tagUrl(coll, tag, { excl: true, from: request.from, ctx: request.ctx, rec: request.rec })}&ta=${area.id}`,
          exclusivetext: ctx.platform.strings.get('exclusivemode', COMPONENT, { tagarea: name }, ctx.lang),
        }
      : {}),
    title: request.excl ? ctx.platform.strings.get('itemstaggedwith', COMPONENT, { tagarea: name, tag: tag.rawname }, ctx.lang) : name,
    content,
    hascontent: content !== '' || hasmore || request.page > 0 ? 1 : 0,
    anchor: `${area.component}_${area.itemtype}`,
  };
}
