import { SignJWT } from 'jose';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { signingKey } from './keys';
import { lineItemsUrl, lineItemUrl } from './ags';
import { launchContainer, randomHint, type LaunchSubject } from './launch';
import { acceptsGrades } from './outcomes';
import { enabledScopes } from './token';

/** How long a login initiation waits for the tool's authentication request, and an id_token lives. */
export const HINT_LIFETIME = 300;
export const TOKEN_LIFETIME = 60;

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

/** Step 1 of lti.md §2.1: the login initiation fields, with a single-use hint bound to the user, activity and tool. */
export async function loginInitiation(ctx: CallContext, subject: LaunchSubject, userid: number): Promise<Record<string, string>> {
  const type = subject.type!;
  const hint = randomHint();
  await ctx.db.deleteFrom('lti_launch_hints').where('expires', '<', now()).execute();
  await ctx.db.insertInto('lti_launch_hints').values({ hint, userid, cmid: subject.cm.id, typeid: type.id, expires: now() + HINT_LIFETIME }).execute();
  return {
    iss: ctx.platform.config.wwwroot,
    login_hint: String(userid),
    target_link_uri: subject.lti.toolurl || type.baseurl,
    lti_message_hint: hint,
    client_id: type.clientid,
    lti_deployment_id: String(type.id),
  };
}

/** The AGS endpoint claim (lti.md §3.1) when the tool may send grades for this activity: its line items in the course, and this activity's own. */
async function gradeServiceClaim(ctx: CallContext, subject: LaunchSubject): Promise<Record<string, unknown>> {
  const type = subject.type!;
  const scopes = enabledScopes(type);
  if (scopes.length === 0 || !acceptsGrades(subject.lti, type)) return {};
  const wwwroot = ctx.platform.config.wwwroot;
  const item = await ctx.db.selectFrom('grade_items').select('id').where('itemmodule', '=', 'lti').where('iteminstance', '=', subject.lti.id).where('itemnumber', '=', 0).executeTakeFirst();
  return {
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: scopes,
      lineitems: lineItemsUrl(wwwroot, subject.course.id, type.id),
      ...(item ? { lineitem: lineItemUrl(wwwroot, subject.course.id, item.id, type.id) } : {}),
    },
  };
}

/** The `LtiResourceLinkRequest` id_token (lti.md §2.4), from the 1.1 fields mapped to claims, signed RS256 with the current key. */
export async function resourceLinkToken(ctx: CallContext, subject: LaunchSubject, fields: Record<string, string>, nonce: string, targetLinkUri: string): Promise<string> {
  const type = subject.type!;
  const wwwroot = ctx.platform.config.wwwroot;
  const roles = fields.roles!.split(',').map((r) => {
    if (r === 'Instructor' || r === 'Learner') return `${MEMBERSHIP}${r}`;
    if (r.startsWith('urn:lti:sysrole:ims/lis/')) return `http://purl.imsglobal.org/vocab/lis/v2/system/person#${r.split('/').pop()}`;
    if (r.startsWith('urn:lti:instrole:ims/lis/')) return `http://purl.imsglobal.org/vocab/lis/v2/institution/person#${r.split('/').pop()}`;
    return r;
  });
  const custom = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('custom_')).map(([k, v]) => [k.slice(7), v]));
  const container = launchContainer(subject);
  const claims: Record<string, unknown> = {
    nonce,
    [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}deployment_id`]: String(type.id),
    [`${CLAIM}target_link_uri`]: targetLinkUri,
    [`${CLAIM}resource_link`]: { id: fields.resource_link_id, title: fields.resource_link_title, description: fields.resource_link_description },
    [`${CLAIM}roles`]: roles,
    [`${CLAIM}context`]: { id: fields.context_id, label: fields.context_label, title: fields.context_title, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseSection'] },
    [`${CLAIM}tool_platform`]: { guid: fields.tool_consumer_instance_guid, name: fields.tool_consumer_instance_name, url: wwwroot, product_family_code: 'tessera', version: '1' },
    [`${CLAIM}launch_presentation`]: { document_target: container === 4 || container === 5 ? 'window' : 'iframe', return_url: fields.launch_presentation_return_url, locale: fields.launch_presentation_locale },
    [`${CLAIM}ext`]: { user_username: fields.ext_user_username },
    ...(Object.keys(custom).length ? { [`${CLAIM}custom`]: custom } : {}),
    ...(fields.lis_person_name_full ? { name: fields.lis_person_name_full, given_name: fields.lis_person_name_given, family_name: fields.lis_person_name_family } : {}),
    ...(fields.lis_person_contact_email_primary ? { email: fields.lis_person_contact_email_primary } : {}),
    ...(await gradeServiceClaim(ctx, subject)),
  };
  const { kid, key } = await signingKey(ctx.db);
  const iat = now();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(wwwroot)
    .setAudience(type.clientid)
    .setSubject(fields.user_id!)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME)
    .sign(key);
}
