import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess, type CourseRow } from '../course/access';
import { CAP_ADDINSTANCE, COMPONENT } from './access';
import { signingKey } from './keys';
import { customName } from './launch';
import { HINT_LIFETIME, TOKEN_LIFETIME } from './lti13';
import { insertActivity } from './service';
import { verifyToolJwt } from './toolkeys';
import type { ToolTypeRow } from './tooltypes';

export const CONTENTITEM_PATH = '/mod/lti/contentitem.php';
export const CONTENTITEM_RETURN_PATH = '/mod/lti/contentitem_return.php';
/** How long the tool has to answer a deep-linking request (the teacher is choosing content meanwhile). */
const DEEPLINK_LIFETIME = 3600;

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

/** The caller may add external tools to the course, and the tool takes deep-linking requests. */
export async function requireDeepLinking(ctx: CallContext, courseid: number, typeid: number): Promise<{ course: CourseRow; type: ToolTypeRow }> {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  const type = await ctx.db.selectFrom('lti_types').selectAll().where('id', '=', typeid).executeTakeFirst();
  if (!type || type.state !== 1 || (type.course !== 1 && type.course !== course.id) || type.ltiversion !== '1.3.0' || type.contentitem !== 1 || !type.initiatelogin) throw new AppError('nodeeplinking', { component: COMPONENT, status: 409 });
  return { course, type };
}

/** Step 1 of a deep-linking launch: login initiation fields with a single-use hint naming the course and section. */
export async function deepLinkingInitiation(ctx: CallContext, type: ToolTypeRow, courseid: number, section: number): Promise<Record<string, string>> {
  const hint = randomBytes(24).toString('base64url');
  await ctx.db.deleteFrom('lti_launch_hints').where('expires', '<', now()).execute();
  await ctx.db.insertInto('lti_launch_hints').values({ hint, userid: ctx.user!.id, cmid: 0, courseid, section, typeid: type.id, expires: now() + HINT_LIFETIME }).execute();
  return {
    iss: ctx.platform.config.wwwroot,
    login_hint: String(ctx.user!.id),
    target_link_uri: type.contentitemurl || type.baseurl,
    lti_message_hint: hint,
    client_id: type.clientid,
    lti_deployment_id: String(type.id),
  };
}

/**
 * The `LtiDeepLinkingRequest` id_token (lti.md §3.3): one `ltiResourceLink`, line items honoured; its
 * `data` is a single-use value bound to the user, tool, course and section, checked on return.
 */
export async function deepLinkingToken(ctx: CallContext, type: ToolTypeRow, course: CourseRow, section: number, nonce: string): Promise<string> {
  const wwwroot = ctx.platform.config.wwwroot;
  const user = ctx.user!;
  const data = randomBytes(24).toString('base64url');
  await ctx.db.deleteFrom('lti_deeplinks').where('expires', '<', now()).execute();
  await ctx.db.insertInto('lti_deeplinks').values({ data, userid: user.id, typeid: type.id, courseid: course.id, section, expires: now() + DEEPLINK_LIFETIME }).execute();
  const admin = await ctx.access.isSiteAdmin();
  const roles = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor', ...(admin ? ['http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator', 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'] : [])];
  const returnUrl = `${wwwroot}${CONTENTITEM_RETURN_PATH}?course=${course.id}&id=${type.id}&sesskey=${encodeURIComponent(ctx.session?.sesskey ?? '')}`;
  const share = { name: type.sendname !== 0, email: type.sendemailaddr !== 0 };
  const claims: Record<string, unknown> = {
    nonce,
    [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}deployment_id`]: String(type.id),
    [`${CLAIM}target_link_uri`]: type.contentitemurl || type.baseurl,
    [`${CLAIM}roles`]: roles,
    [`${CLAIM}context`]: { id: String(course.id), label: course.shortname, title: course.fullname, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
    [`${CLAIM}tool_platform`]: { guid: new URL(wwwroot).hostname, name: ctx.platform.strings.get('sitename'), url: wwwroot, product_family_code: 'tessera', version: '1' },
    [`${CLAIM}launch_presentation`]: { document_target: 'window', locale: ctx.lang },
    [`${DL}deep_linking_settings`]: {
      deep_link_return_url: returnUrl,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: false,
      accept_lineitem: true,
      auto_create: false,
      data,
    },
    ...(share.name ? { name: `${user.firstname} ${user.lastname}`.trim(), given_name: user.firstname, family_name: user.lastname } : {}),
    ...(share.email ? { email: user.email } : {}),
  };
  const { kid, key } = await signingKey(ctx.db);
  const iat = now();
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).setIssuer(wwwroot).setAudience(type.clientid).setSubject(String(user.id)).setIssuedAt(iat).setExpirationTime(iat + TOKEN_LIFETIME).sign(key);
}

interface ContentItem {
  type?: unknown;
  url?: unknown;
  title?: unknown;
  text?: unknown;
  custom?: unknown;
  lineItem?: { scoreMaximum?: unknown; label?: unknown };
  iframe?: unknown;
  window?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const refuse = (debuginfo: string) => new AppError('invaliddeeplinkingresponse', { component: COMPONENT, debuginfo, status: 400 });

/**
 * A tool's deep-linking response (lti.md §3.3): signed by the tool's key for this platform, for the
 * deployment, with an unused nonce and the `data` of a request this user made for this tool and course.
 * The one accepted `ltiResourceLink` becomes an activity in the requested section (with its custom
 * parameters, and a grade item when it has a line item). Answers the new course module, or 0 when the
 * tool returned nothing, and the tool's `msg` and `errormsg` for the user.
 */
export async function acceptDeepLinkingResponse(ctx: CallContext, typeid: number, courseid: number, jwt: string): Promise<{ cmid: number; messages: { msg: unknown; errormsg: unknown } }> {
  const { type } = await requireDeepLinking(ctx, courseid, typeid);
  const wwwroot = ctx.platform.config.wwwroot;
  const payload = await verifyToolJwt(ctx.db, type.publickeyseturl, jwt, { issuer: type.clientid, audience: wwwroot, requiredClaims: ['iat', 'exp', 'nonce'] });
  if (payload[`${CLAIM}message_type`] !== 'LtiDeepLinkingResponse') throw refuse('message_type must be LtiDeepLinkingResponse');
  if (payload[`${CLAIM}version`] !== '1.3.0') throw refuse('version must be 1.3.0');
  if (payload[`${CLAIM}deployment_id`] !== String(type.id)) throw refuse('unknown deployment_id');
  const t = now();
  const nonce = await ctx.db
    .insertInto('lti_oauth_nonces')
    .values({ consumerkey: `dl:${type.clientid}`, nonce: str(payload.nonce).slice(0, 255), timecreated: t })
    .onConflict((oc) => oc.columns(['consumerkey', 'nonce']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!nonce) throw refuse('the nonce was used before');
  const request = await ctx.db
    .deleteFrom('lti_deeplinks')
    .where('data', '=', str(payload[`${DL}data`]))
    .where('userid', '=', ctx.user!.id)
    .where('typeid', '=', type.id)
    .where('courseid', '=', courseid)
    .where('expires', '>=', t)
    .returning(['section'])
    .executeTakeFirst();
  if (!request) throw refuse('the data claim does not match a deep-linking request of this user');
  const items = payload[`${DL}content_items`] ?? [];
  if (!Array.isArray(items)) throw refuse('content_items must be an array');
  const messages = { msg: payload[`${DL}msg`], errormsg: payload[`${DL}errormsg`] };
  if (items.length === 0) return { cmid: 0, messages };
  if (items.length > 1) throw refuse('only one content item is accepted');
  const item = items[0] as ContentItem;
  if (item.type !== 'ltiResourceLink') throw refuse(`content items of type ${str(item.type) || '?'} are not accepted`);
  const url = str(item.url).trim();
  if (url && (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))) throw refuse('the item url must be http or https');
  const custom = item.custom && typeof item.custom === 'object' ? Object.entries(item.custom as Record<string, unknown>).filter(([, v]) => typeof v === 'string') : [];
  const maximum = item.lineItem && typeof item.lineItem.scoreMaximum === 'number' && item.lineItem.scoreMaximum > 0 ? Math.min(10000, Math.max(1, Math.round(item.lineItem.scoreMaximum))) : 0;
  const { cmid } = await insertActivity(ctx, courseid, request.section, {
    name: (str(item.title).trim() || type.name).slice(0, 255),
    intro: str(item.text).trim() ? `<p>${str(item.text).trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>` : '',
    typeid: type.id,
    toolurl: url,
    instructorcustomparameters: custom.map(([k, v]) => `${customName(k)}=${String(v).replace(/[\r\n]+/g, ' ')}`).join('\n'),
    launchcontainer: item.iframe ? 2 : item.window ? 4 : 1,
    instructorchoiceacceptgrades: maximum ? 1 : 0,
    grade: maximum || 100,
  });
  return { cmid, messages };
}
