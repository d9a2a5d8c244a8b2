import { createHmac, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import OAuth from 'oauth-1.0a';
import type { LtiTable } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import type { CourseRow } from '../course/access';
import type { ModuleRecord } from '../courseformat/access';
import { COMPONENT } from './access';
import type { ToolTypeRow } from './tooltypes';
import { toolDomain } from './tooltypes';
import { acceptsGrades, OUTCOMES_PATH, resultSourcedId } from './outcomes';

export type LtiRow = Selectable<LtiTable>;

/** Everything a launch is made of: the activity, its module and course, and the tool it uses (if configured). */
export interface LaunchSubject {
  lti: LtiRow;
  cm: ModuleRecord;
  course: CourseRow;
  modcontext: Context;
  type: ToolTypeRow | undefined;
}

/** The tool of an activity: its chosen type, or a configured type whose domain matches the activity's URL. */
export async function toolFor(ctx: CallContext, lti: LtiRow): Promise<ToolTypeRow | undefined> {
  if (lti.typeid) {
    const type = await ctx.db.selectFrom('lti_types').selectAll().where('id', '=', lti.typeid).executeTakeFirst();
    if (!type || type.state !== 1) throw new AppError('tooltypenotconfigured', { component: COMPONENT, status: 409 });
    return type;
  }
  const domain = toolDomain(lti.toolurl);
  if (!domain) return undefined;
  return ctx.db.selectFrom('lti_types').selectAll().where('tooldomain', '=', domain).where('course', 'in', [1, lti.course]).where('state', '=', 1).where('ltiversion', '=', 'LTI-1p0').orderBy('id').executeTakeFirst();
}

/** 1 default → the tool's default (embedded for manual tools); answers 2/3 embed, 4 new window, 5 same window. */
export function launchContainer(subject: LaunchSubject): number {
  if (subject.lti.launchcontainer !== 1) return subject.lti.launchcontainer;
  return subject.type && subject.type.launchcontainer !== 1 ? subject.type.launchcontainer : 2;
}

function documentTarget(container: number): string {
  return container === 4 || container === 5 ? 'window' : 'iframe';
}

export const RETURN_PATH = '/mod/lti/return.php';

/**
 * Where the tool sends the user back (lti.md §1.3), with `lti_msg` or `lti_errormsg` added. Like
 * Moodle's, it names the course, container and activity and carries the session key, so a forged
 * link cannot put messages in someone's session.
 */
export function returnUrl(wwwroot: string, courseid: number, container: number, instanceid: number, sesskey: string): string {
  const query = new URLSearchParams({ course: String(courseid), launch_container: String(container), instanceid: String(instanceid), sesskey });
  return `${wwwroot}${RETURN_PATH}?${query.toString()}`;
}

/** LTI custom parameter name: lower case, anything outside a-z0-9 becomes `_`. */
export function customName(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]/g, '_');
}

function customLines(text: string): Array<[string, string]> {
  return text
    .split(/\r?\n|;/)
    .map((line) => line.trim())
    .filter((line) => line.includes('=') && line.indexOf('=') > 0)
    .map((line) => [customName(line.slice(0, line.indexOf('='))), line.slice(line.indexOf('=') + 1).trim()]);
}

interface Person {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** Whether name and email go to the tool: the tool's rule (0 never, 1 always, 2 the teacher decides), or the activity's for manual tools. */
function privacy(subject: LaunchSubject): { name: boolean; email: boolean } {
  const rule = (toolRule: number | undefined, choice: number) => (toolRule === 0 ? false : toolRule === 1 ? true : choice === 1);
  return { name: rule(subject.type?.sendname, subject.lti.instructorchoicesendname), email: rule(subject.type?.sendemailaddr, subject.lti.instructorchoicesendemailaddr) };
}

/** The LIS roles of the user: Instructor if they may manage the activity, else Learner; site admins are Administrators. */
async function roles(ctx: CallContext, subject: LaunchSubject): Promise<{ instructor: boolean; admin: boolean }> {
  const instructor = await ctx.access.hasCapability('moodle/course:manageactivities', subject.modcontext);
  const admin = await ctx.access.isSiteAdmin();
  return { instructor, admin };
}

function substitute(value: string, vars: Record<string, string | undefined>): string {
  if (!value.startsWith('$')) return value;
  const replaced = vars[value.slice(1)];
  return replaced ?? value;
}

/** The LTI 1.1 launch fields before signing (lti.md §1.1), custom parameters substituted. */
export async function basicLaunchParams(ctx: CallContext, subject: LaunchSubject, user: Person): Promise<Record<string, string>> {
  const { lti, course } = subject;
  const share = privacy(subject);
  const role = await roles(ctx, subject);
  const container = launchContainer(subject);
  const wwwroot = ctx.platform.config.wwwroot;
  const roleList = role.admin
    ? [...(role.instructor ? ['Instructor'] : []), 'urn:lti:sysrole:ims/lis/Administrator', 'urn:lti:instrole:ims/lis/Administrator']
    : [role.instructor ? 'Instructor' : 'Learner'];
  const params: Record<string, string> = {
    lti_message_type: 'basic-lti-launch-request',
    lti_version: subject.type?.ltiversion === 'LTI-2p0' ? 'LTI-2p0' : 'LTI-1p0',
    resource_link_id: String(lti.id),
    resource_link_title: lti.name,
    resource_link_description: lti.intro.replace(/<[^>]*>/g, '').trim(),
    user_id: String(user.id),
    roles: roleList.join(','),
    context_id: String(course.id),
    context_label: course.shortname,
    context_title: course.fullname,
    context_type: 'CourseSection',
    launch_presentation_locale: ctx.lang,
    launch_presentation_document_target: documentTarget(container),
    launch_presentation_return_url: returnUrl(wwwroot, course.id, container, lti.id, ctx.session?.sesskey ?? ''),
    tool_consumer_info_product_family_code: 'tessera',
    tool_consumer_info_version: '1',
    tool_consumer_instance_guid: new URL(wwwroot).hostname,
    tool_consumer_instance_name: ctx.platform.strings.get('sitename'),
    ext_user_username: user.username,
  };
  if (share.name) {
    params.lis_person_name_given = user.firstname;
    params.lis_person_name_family = user.lastname;
    params.lis_person_name_full = `${user.firstname} ${user.lastname}`.trim();
  }
  if (share.email) params.lis_person_contact_email_primary = user.email;
  // Only learners' launches carry the outcome service: their grades are the ones the tool sends.
  if (!role.instructor && !role.admin && acceptsGrades(lti, subject.type)) {
    params.lis_outcome_service_url = `${wwwroot}${OUTCOMES_PATH}`;
    params.lis_result_sourcedid = resultSourcedId(lti, user.id);
  }
  const vars: Record<string, string | undefined> = {
    'User.id': String(user.id),
    'User.username': user.username,
    'Person.name.full': share.name ? params.lis_person_name_full : undefined,
    'Person.name.given': share.name ? user.firstname : undefined,
    'Person.name.family': share.name ? user.lastname : undefined,
    'Person.email.primary': share.email ? user.email : undefined,
    'Context.id': String(course.id),
    'Context.title': course.fullname,
    'Context.label': course.shortname,
    'ResourceLink.id': String(lti.id),
    'ResourceLink.title': lti.name,
    'Membership.role': roleList.join(','),
  };
  for (const [name, value] of [...customLines(subject.type?.parameter ?? ''), ...customLines(lti.instructorcustomparameters)]) {
    params[`custom_${name}`] = substitute(value, vars);
  }
  // Browsers send line breaks as CRLF, so the signature is over what the tool will receive.
  for (const key of Object.keys(params)) params[key] = (params[key] ?? '').replace(/\r?\n/g, '\r\n');
  return params;
}

/**
 * Signs launch fields with OAuth 1.0a HMAC-SHA1 (lti.md §1.4): the launch URL's query parameters are
 * signed too but not posted. Without a key and secret the launch goes unsigned.
 */
export function signLaunch(endpoint: string, params: Record<string, string>, key: string, secret: string): Record<string, string> {
  if (!key || !secret) return params;
  const oauth = new OAuth({
    consumer: { key, secret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, signingKey) => createHmac('sha1', signingKey).update(base).digest('base64'),
  });
  // The query is decoded as a form (so `+` is a space, RFC 5849 §3.4.1.3.1) and signed with the fields.
  const target = new URL(endpoint);
  const query = target.searchParams;
  const signed = oauth.authorize({ url: `${target.origin}${target.pathname}`, method: 'POST', data: { ...Object.fromEntries(query), ...params, oauth_callback: 'about:blank' } });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...params, ...signed, oauth_callback: 'about:blank' })) if (!query.has(name)) fields[name] = String(value);
  return fields;
}

/** A fresh opaque value (OIDC hints). */
export function randomHint(): string {
  return randomBytes(24).toString('base64url');
}
