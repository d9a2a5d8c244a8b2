import type { Kysely, Selectable } from 'kysely';
import type { ToolProxyCard } from '../../../api/lti';
import type { DB, LtiToolProxyTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';
import { defaultIcon } from './tooltypes';

export type ToolProxyRow = Selectable<LtiToolProxyTable>;

/** Proxy states (§7.1): they differ from tool type states. */
export const PROXY_STATE_CONFIGURED = 1;
export const PROXY_STATE_PENDING = 2;
export const PROXY_STATE_ACCEPTED = 3;
export const PROXY_STATE_REJECTED = 4;

/** The message types and substitution variables Tessera offers a registering tool when none are chosen. */
export const SUPPORTED_CAPABILITIES = [
  'basic-lti-launch-request',
  'User.id',
  'User.username',
  'Person.name.full',
  'Person.name.given',
  'Person.name.family',
  'Person.email.primary',
  'Context.id',
  'Context.title',
  'Context.label',
  'ResourceLink.id',
  'ResourceLink.title',
  'Membership.role',
];
export const SUPPORTED_SERVICES: string[] = [];

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 15-character alphanumeric value, as proxies' guid and secret are (§7.3). */
function random15(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

export function publicProxy(p: ToolProxyRow) {
  return {
    id: p.id,
    name: p.name,
    regurl: p.regurl,
    state: p.state,
    guid: p.guid,
    vendorcode: p.vendorcode,
    capabilityoffered: p.capabilityoffered,
    serviceoffered: p.serviceoffered,
    timecreated: p.timecreated,
    timemodified: p.timemodified,
  };
}

export async function getProxy(db: Kysely<DB>, id: number): Promise<ToolProxyRow> {
  const proxy = await db.selectFrom('lti_tool_proxies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!proxy) throw new AppError('unabletofindtoolproxy', { component: COMPONENT, a: { id }, status: 404 });
  return proxy;
}

export async function createProxy(ctx: CallContext, args: { name: string; regurl: string; capabilityoffered: string[]; serviceoffered: string[] }): Promise<ToolProxyRow> {
  const used = await ctx.db.selectFrom('lti_tool_proxies').select('id').where('regurl', '=', args.regurl).executeTakeFirst();
  if (used) throw new AppError('duplicateregurl', { component: COMPONENT, fields: { regurl: ctx.platform.strings.get('duplicateregurl', COMPONENT, undefined, ctx.lang) } });
  const t = now();
  return ctx.db
    .insertInto('lti_tool_proxies')
    .values({
      name: args.name.trim() || new URL(args.regurl).hostname,
      regurl: args.regurl,
      state: PROXY_STATE_PENDING,
      guid: random15(),
      secret: random15(),
      capabilityoffered: (args.capabilityoffered.length ? args.capabilityoffered : SUPPORTED_CAPABILITIES).join('\n'),
      serviceoffered: (args.serviceoffered.length ? args.serviceoffered : SUPPORTED_SERVICES).join('\n'),
      createdby: ctx.user?.id ?? 0,
      timecreated: t,
      timemodified: t,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a proxy with every type it created. */
export async function deleteProxy(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('lti_types').where('toolproxyid', '=', id).execute();
  await db.deleteFrom('lti_tool_proxies').where('id', '=', id).execute();
}

export async function proxyCards(ctx: CallContext, orphanedonly: boolean): Promise<ToolProxyCard[]> {
  let query = ctx.db.selectFrom('lti_tool_proxies as p').selectAll('p').orderBy('p.state', 'desc').orderBy('p.timemodified', 'desc').orderBy('p.id', 'desc');
  if (orphanedonly) query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('lti_types as t').select('t.id').whereRef('t.toolproxyid', '=', 'p.id'))));
  const proxies = await query.execute();
  const s = (id: string) => ctx.platform.strings.get(id, COMPONENT, undefined, ctx.lang);
  return proxies.map((p) => ({
    id: p.id,
    name: formatString(p.name),
    description: s('activatetoadddescription'),
    urls: { icon: defaultIcon(ctx) },
    state: {
      text: s(p.state === PROXY_STATE_CONFIGURED ? 'active' : p.state === PROXY_STATE_REJECTED ? 'rejected' : 'pending'),
      pending: p.state === PROXY_STATE_PENDING,
      configured: p.state === PROXY_STATE_CONFIGURED,
      rejected: p.state === PROXY_STATE_REJECTED,
      unknown: p.state === PROXY_STATE_ACCEPTED,
    },
    hascapabilitygroups: true,
    capabilitygroups: [],
    courseid: 0,
    instanceids: [],
    instancecount: 0,
  }));
}

/** The unsigned LTI 2 registration form (§7.4); the return URL carries the proxy id and the caller's sesskey. */
export function registrationRequest(ctx: CallContext, proxy: ToolProxyRow) {
  const wwwroot = ctx.platform.config.wwwroot;
  return {
    lti_message_type: 'ToolProxyRegistrationRequest',
    lti_version: 'LTI-2p0',
    reg_key: proxy.guid,
    reg_password: proxy.secret,
    reg_url: proxy.regurl,
    tc_profile_url: `${wwwroot}/mod/lti/services.php/profile/${proxy.guid}`,
    launch_presentation_return_url: `${wwwroot}/mod/lti/externalregistrationreturn.php?id=${proxy.id}&sesskey=${ctx.session?.sesskey ?? ''}`,
  };
}
