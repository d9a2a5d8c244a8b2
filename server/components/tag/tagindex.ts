import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { courseContexts, requireCourseAccess } from '../course/access';
import { maySeeProfile } from '../user/profiles';
import { itemAccess, mayEnterCourse } from './itemaccess';
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

/** Rows fetched at a time while filtering an area's items by what the caller may see. */
const BATCH = 100;

/**
 * One page of the rows the caller may see: rows are fetched in order a batch at a time and filtered,
 * until the page is full or they run out (visibility depends on each item's context, so SQL cannot
 * page them).
 */
async function visiblePage<R>(fetch: (offset: number, limit: number) => Promise<R[]>, visible: (rows: R[]) => Promise<R[]>, offset: number, limit: number): Promise<R[]> {
  const kept: R[] = [];
  let from = 0;
  while (kept.length < offset + limit) {
    // As many rows as the page still needs if all were visible, and never fewer than a batch.
    const count = Math.max(BATCH, offset + limit - kept.length);
    const rows = await fetch(from, count);
    kept.push(...(await visible(rows)));
    if (rows.length < count) break;
    from += count;
  }
  return kept.slice(offset, offset + limit);
}

/** Hidden courses are listed only where the caller holds moodle/course:viewhiddencourses (Moodle's can_view_course_info). */
async function seesCourses(ctx: CallContext, rows: ReadonlyArray<{ courseid: number; coursevisible: number }>): Promise<Set<number>> {
  const hidden = [...new Set(rows.filter((r) => !r.coursevisible).map((r) => r.courseid))];
  const contexts = await courseContexts(ctx.db, hidden);
  const seen = new Set(rows.filter((r) => r.coursevisible).map((r) => r.courseid));
  for (const id of hidden) {
    const context = contexts.get(id);
    if (context && (await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) seen.add(id);
  }
  return seen;
}

const courseIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  const query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('course as c', 'c.id', 'ti.itemid')
    .select(['c.id as courseid', 'c.fullname', 'c.shortname', 'c.visible as coursevisible'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'course');
  const rows = await visiblePage(
    (from, count) => inScope(query, scope, rec).orderBy('ti.itemid').limit(count).offset(from).execute(),
    async (batch) => {
      const seen = await seesCourses(ctx, batch);
      return batch.filter((r) => seen.has(r.courseid));
    },
    offset,
    limit,
  );
  return rows.map((r) => ({ name: r.fullname, url: `/course/view.php?id=${r.courseid}`, detail: r.shortname }));
};

/** Activities are listed to those who may enter their course and see them (Moodle's can_access_course and uservisible). */
const activityIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  const query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('course_modules as cm', 'cm.id', 'ti.itemid')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('course as c', 'c.id', 'cm.course')
    .leftJoin('context as mcx', (join) => join.onRef('mcx.instanceid', '=', 'cm.id').on('mcx.contextlevel', '=', CONTEXT_MODULE))
    .select(['cm.id', 'cm.instance', 'cm.visible', 'cm.course as courseid', 'm.name as modname', 'c.fullname', 'mcx.id as contextid'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'course_modules');
  const enterable = new Map<number, boolean>();
  const rows = await visiblePage(
    (from, count) => inScope(query, scope, rec).orderBy('ti.itemid').limit(count).offset(from).execute(),
    async (batch) => {
      const kept = [];
      for (const row of batch) {
        if (!enterable.has(row.courseid)) enterable.set(row.courseid, await mayEnterCourse(ctx, row.courseid));
        if (!enterable.get(row.courseid)) continue;
        if (!row.visible && !(row.contextid && (await ctx.access.hasCapability('moodle/course:viewhiddenactivities', row.contextid)))) continue;
        kept.push(row);
      }
      return kept;
    },
    offset,
    limit,
  );
  // Activity names live in each module's table: one query per module type on the page.
  const names = new Map<string, Map<number, { name: string }>>();
  for (const modname of new Set(rows.map((r) => r.modname))) {
    const activity = ctx.platform.components.find((c) => c.activity?.modname === modname)?.activity;
    if (activity) names.set(modname, await activity.instances(ctx.db, rows.filter((r) => r.modname === modname).map((r) => r.instance)));
  }
  return rows.map((r) => ({ name: names.get(r.modname)?.get(r.instance)?.name ?? r.modname, url: `/mod/${r.modname}/view.php?id=${r.id}`, detail: r.fullname }));
};

/** Users are listed only to those who may see their profile, which their interests are part of (as core_tag_get_item_tags). */
const userIndex: AreaIndex = async (ctx, tag, scope, rec, offset, limit) => {
  const query = ctx.db
    .selectFrom('tag_instance as ti')
    .innerJoin('user as u', 'u.id', 'ti.itemid')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.city'])
    .where('ti.tagid', '=', tag.id)
    .where('ti.component', '=', 'core')
    .where('ti.itemtype', '=', 'user')
    .where('u.deleted', '=', 0);
  const rows = await visiblePage(
    (from, count) => inScope(query, scope, rec).orderBy('ti.itemid').limit(count).offset(from).execute(),
    async (batch) => {
      const kept = [];
      for (const row of batch) if (await maySeeProfile(ctx, row.id)) kept.push(row);
      return kept;
    },
    offset,
    limit,
  );
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
    // Like Moodle's validate_context: searching inside a course or an activity needs access to it.
    if (context.contextlevel === CONTEXT_COURSE) await requireCourseAccess(ctx, context.instanceid);
    if (context.contextlevel === CONTEXT_MODULE) await itemAccess(ctx, 'course_modules', context.instanceid);
    scope = context.contextlevel === CONTEXT_SYSTEM ? null : context;
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
