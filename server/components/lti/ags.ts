import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { gradedUsers } from '../grades/access';
import { gradeUpdate } from '../grades/service';
import { SCOPE_LINEITEM_READONLY, SCOPE_RESULT_READONLY, SCOPE_SCORE, tokenHash } from './token';

export const SERVICES_PATH = '/mod/lti/services.php';
const MEDIA = {
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  lineitem: 'application/vnd.ims.lis.v2.lineitem+json',
  results: 'application/vnd.ims.lis.v2.resultcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
};
/** Media types whose bodies the service routes read as text. */
export const AGS_BODY_TYPES = [MEDIA.score, MEDIA.lineitem];

export const lineItemsUrl = (wwwroot: string, courseid: number, typeid: number) => `${wwwroot}${SERVICES_PATH}/${courseid}/lineitems?type_id=${typeid}`;
export const lineItemUrl = (wwwroot: string, courseid: number, itemid: number, typeid: number) => `${wwwroot}${SERVICES_PATH}/${courseid}/lineitems/${itemid}/lineitem?type_id=${typeid}`;

export interface ServiceAnswer {
  status: number;
  contentType?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const problem = (status: number, error: string): ServiceAnswer => ({ status, contentType: 'application/json', body: { error }, ...(status === 401 ? { headers: { 'WWW-Authenticate': 'Bearer' } } : {}) });

export interface AgsRequest {
  method: string;
  courseid: string;
  itemid?: string;
  /** `scores` or `results` after the line item, else undefined. */
  sub?: string;
  query: Record<string, string | undefined>;
  authorization: string | undefined;
  body: string;
}

/** The tool's line items in a course: the grade items of its activities there. */
async function toolItems(db: Kysely<DB>, typeid: number, courseid: number) {
  return db
    .selectFrom('grade_items as gi')
    .innerJoin('lti as l', 'l.id', 'gi.iteminstance')
    .select(['gi.id', 'gi.itemname', 'gi.grademax', 'l.id as ltiid'])
    .where('gi.itemmodule', '=', 'lti')
    .where('gi.itemnumber', '=', 0)
    .where('l.typeid', '=', typeid)
    .where('l.course', '=', courseid)
    .orderBy('gi.id')
    .execute();
}

type Item = Awaited<ReturnType<typeof toolItems>>[number];

/** `limit` and `from` of a paged list, and the Link header to the next page when there is one. */
function page<T>(rows: readonly T[], query: AgsRequest['query'], url: string): { rows: T[]; headers?: Record<string, string> } {
  const limit = /^\d+$/.test(query.limit ?? '') && Number(query.limit) > 0 ? Number(query.limit) : 0;
  const from = /^\d+$/.test(query.from ?? '') ? Number(query.from) : 0;
  if (!limit) return { rows: rows.slice(from) };
  const next = from + limit < rows.length ? new URL(url) : undefined;
  next?.searchParams.set('limit', String(limit));
  next?.searchParams.set('from', String(from + limit));
  return { rows: rows.slice(from, from + limit), ...(next ? { headers: { Link: `<${next.toString()}>; rel="next"` } } : {}) };
}

const scoreSchema = z
  .object({
    userId: z.string().min(1).max(255),
    scoreGiven: z.number().min(0).optional(),
    scoreMaximum: z.number().positive().optional(),
    comment: z.string().max(10000).optional(),
    timestamp: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'timestamp must be ISO 8601'),
    activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
    gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
  })
  .refine((s) => s.scoreGiven === undefined || s.scoreMaximum !== undefined, 'scoreMaximum is required with scoreGiven');

/**
 * A score for a learner (AGS 2.0): the user must be graded in the course; a score no newer than the
 * last one is refused (409); only FullyGraded writes the grade, scaled to the item's maximum.
 */
async function postScore(db: Kysely<DB>, courseid: number, item: Item, body: string, itemUrl: string): Promise<ServiceAnswer> {
  let parsed: z.infer<typeof scoreSchema>;
  try {
    const result = scoreSchema.safeParse(JSON.parse(body));
    if (!result.success) return problem(400, result.error.issues.map((i) => `${i.path.join('.') || 'score'}: ${i.message}`).join('; '));
    parsed = result.data;
  } catch {
    return problem(400, 'the score is not JSON');
  }
  const userid = /^\d+$/.test(parsed.userId) ? Number(parsed.userId) : 0;
  const graded = userid ? await gradedUsers(db, courseid).select('u.id').where('u.id', '=', userid).executeTakeFirst() : undefined;
  if (!graded) return problem(400, 'the user is not graded in this course');
  const timestampms = Date.parse(parsed.timestamp);
  const values = { itemid: item.id, userid, timestampms, activityprogress: parsed.activityProgress, gradingprogress: parsed.gradingProgress, comment: parsed.comment ?? '' };
  // One statement decides, so two scores sent at once cannot both win.
  const stored = await db
    .insertInto('lti_ags_scores')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['itemid', 'userid'])
        .doUpdateSet({ timestampms, activityprogress: values.activityprogress, gradingprogress: values.gradingprogress, comment: values.comment })
        .where('lti_ags_scores.timestampms', '<', timestampms),
    )
    .returning('id')
    .executeTakeFirst();
  if (!stored) return problem(409, 'a score with the same or a later timestamp is already stored');
  if (parsed.gradingProgress === 'FullyGraded') {
    const rawgrade = parsed.scoreGiven === undefined ? null : (parsed.scoreGiven / parsed.scoreMaximum!) * Number(item.grademax);
    await gradeUpdate(db, item.id, [{ userid, rawgrade, feedback: parsed.comment ?? null, feedbackformat: 0, usermodified: userid, dategraded: rawgrade === null ? null : now(), datesubmitted: null }]);
  }
  return { status: 200, contentType: 'application/json', body: { resultUrl: `${itemUrl.replace('/lineitem?', '/lineitem/results?')}&user_id=${userid}` } };
}

async function results(db: Kysely<DB>, item: Item, query: AgsRequest['query'], itemUrl: string, url: string): Promise<ServiceAnswer> {
  let q = db
    .selectFrom('grade_grades as g')
    .leftJoin('lti_ags_scores as s', (join) => join.onRef('s.itemid', '=', 'g.itemid').onRef('s.userid', '=', 'g.userid'))
    .select(['g.userid', 'g.finalgrade', 's.comment', 's.timestampms'])
    .where('g.itemid', '=', item.id)
    .where('g.finalgrade', 'is not', null)
    .orderBy('g.userid');
  if (query.user_id !== undefined) q = q.where('g.userid', '=', /^\d+$/.test(query.user_id) ? Number(query.user_id) : 0);
  const { rows, headers } = page(await q.execute(), query, url);
  const resultBase = itemUrl.replace('/lineitem?', '/lineitem/results?');
  return {
    status: 200,
    contentType: MEDIA.results,
    headers,
    body: rows.map((r) => ({
      id: `${resultBase}&user_id=${r.userid}`,
      scoreOf: itemUrl,
      userId: String(r.userid),
      resultScore: Number(r.finalgrade),
      resultMaximum: Number(item.grademax),
      ...(r.comment ? { comment: r.comment } : {}),
      ...(r.timestampms ? { timestamp: new Date(Number(r.timestampms)).toISOString() } : {}),
    })),
  };
}

/**
 * Assignment and Grade Services (lti.md §3.1) for one request: the bearer token names the tool and its
 * scopes; only the line items of that tool's activities in the course are reachable (404 otherwise),
 * and each method needs its scope (403).
 */
export async function handleAgs(db: Kysely<DB>, wwwroot: string, request: AgsRequest): Promise<ServiceAnswer> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1];
  const token = bearer ? await db.selectFrom('lti_access_tokens').select(['typeid', 'scope']).where('token', '=', tokenHash(bearer)).where('validuntil', '>=', now()).executeTakeFirst() : undefined;
  if (!token) return problem(401, 'invalid_token');
  const type = await db.selectFrom('lti_types').select(['id', 'state']).where('id', '=', token.typeid).executeTakeFirst();
  if (!type || type.state !== 1) return problem(401, 'invalid_token');
  if (request.query.type_id !== undefined && request.query.type_id !== String(type.id)) return problem(403, 'the token belongs to another tool');
  const scopes = new Set(token.scope.split(' '));
  const courseid = /^\d+$/.test(request.courseid) ? Number(request.courseid) : 0;
  const items = courseid ? await toolItems(db, type.id, courseid) : [];
  const deployed = courseid ? await db.selectFrom('lti').select('id').where('course', '=', courseid).where('typeid', '=', type.id).executeTakeFirst() : undefined;
  if (!deployed) return problem(404, 'the tool is not used in this course');
  const url = `${wwwroot}${SERVICES_PATH}/${courseid}/lineitems${request.itemid ? `/${request.itemid}/lineitem${request.sub ? `/${request.sub}` : ''}` : ''}?${new URLSearchParams(Object.entries(request.query).filter((e): e is [string, string] => e[1] !== undefined)).toString()}`;
  const asItem = (i: Item) => ({ id: lineItemUrl(wwwroot, courseid, i.id, type.id), label: i.itemname, scoreMaximum: Number(i.grademax), resourceLinkId: String(i.ltiid) });

  if (request.itemid === undefined) {
    if (request.method === 'POST') return problem(403, 'this tool may not create line items');
    if (request.method !== 'GET') return problem(405, 'method not allowed');
    if (!scopes.has(SCOPE_LINEITEM_READONLY)) return problem(403, 'insufficient_scope');
    let list = items;
    if (request.query.resource_link_id !== undefined) list = list.filter((i) => String(i.ltiid) === request.query.resource_link_id);
    // Tessera's line items carry no resource id or tag, so filtering by either finds none.
    if (request.query.resource_id || request.query.tag) list = [];
    const { rows, headers } = page(list, request.query, url);
    return { status: 200, contentType: MEDIA.container, headers, body: rows.map(asItem) };
  }
  const item = items.find((i) => String(i.id) === request.itemid);
  if (!item) return problem(404, 'no such line item for this tool');
  const itemUrl = lineItemUrl(wwwroot, courseid, item.id, type.id);
  if (request.sub === 'scores') {
    if (request.method !== 'POST') return problem(405, 'method not allowed');
    if (!scopes.has(SCOPE_SCORE)) return problem(403, 'insufficient_scope');
    return postScore(db, courseid, item, request.body, itemUrl);
  }
  if (request.sub === 'results') {
    if (request.method !== 'GET') return problem(405, 'method not allowed');
    if (!scopes.has(SCOPE_RESULT_READONLY)) return problem(403, 'insufficient_scope');
    return results(db, item, request.query, itemUrl, url);
  }
  if (request.sub !== undefined) return problem(404, 'not found');
  if (request.method === 'PUT' || request.method === 'DELETE') return problem(403, 'this tool may not change line items');
  if (request.method !== 'GET') return problem(405, 'method not allowed');
  if (!scopes.has(SCOPE_LINEITEM_READONLY)) return problem(403, 'insufficient_scope');
  return { status: 200, contentType: MEDIA.lineitem, body: asItem(item) };
}
