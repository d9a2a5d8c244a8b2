import type { Kysely, Selectable } from 'kysely';
import type { ToolTypeCard } from '../../../api/lti';
import { LTI_TOOL_STATE_CONFIGURED, LTI_TOOL_STATE_PENDING, LTI_TOOL_STATE_REJECTED } from '../../../api/lti';
import type { DB, LtiTypeTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { randomToken } from '../../platform/session';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';
import type { Cartridge } from './cartridge';

export type ToolTypeRow = Selectable<LtiTypeTable>;

/** Which prefix of a substitution variable or capability belongs to which group the admin agrees to (§7.2). */
const CAPABILITY_GROUPS: Array<[RegExp, string]> = [
  [/^CourseSection/, 'courseinformation'],
  [/^ResourceLink/, 'courseactivitiesorresources'],
  [/^(User|Membership)/, 'useraccountinformation'],
  [/^Person/, 'userpersonalinformation'],
];

/** The string ids of the groups of data a tool asks for: its enabled capabilities and its `$Variable` custom parameters. */
export function capabilityGroups(type: Pick<ToolTypeRow, 'enabledcapability' | 'parameter'>): string[] {
  const names = type.enabledcapability.split('\n').map((c) => c.trim()).filter(Boolean);
  for (const line of type.parameter.split('\n')) {
    const value = line.slice(line.indexOf('=') + 1).trim();
    if (line.includes('=') && value.startsWith('$')) names.push(value.slice(1));
  }
  const groups = new Set<string>();
  for (const name of names) for (const [prefix, group] of CAPABILITY_GROUPS) if (prefix.test(name)) groups.add(group);
  return CAPABILITY_GROUPS.map(([, g]) => g).filter((g) => groups.has(g));
}

export function stateText(state: number): string {
  return state === LTI_TOOL_STATE_CONFIGURED ? 'active' : state === LTI_TOOL_STATE_PENDING ? 'pending' : state === LTI_TOOL_STATE_REJECTED ? 'rejected' : 'unknownstate';
}

/** The tool's host without `www.`, used to match manually entered launch URLs to a tool. */
export function toolDomain(url: string): string {
  if (!URL.canParse(url)) return '';
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

export function defaultIcon(ctx: CallContext): string {
  return `${ctx.platform.config.wwwroot}/mod/lti/icon.svg`;
}

/** The cards of these types, with their activities counted in one query. */
export async function toolTypeCards(ctx: CallContext, types: readonly ToolTypeRow[]): Promise<ToolTypeCard[]> {
  const ids = types.map((t) => t.id);
  const instances = ids.length ? await ctx.db.selectFrom('lti').select(['id', 'typeid']).where('typeid', 'in', ids).orderBy('id').execute() : [];
  const strings = (id: string) => ctx.platform.strings.get(id, COMPONENT, undefined, ctx.lang);
  const wwwroot = ctx.platform.config.wwwroot;
  return types.map((t) => {
    const groups = capabilityGroups(t);
    const instanceids = instances.filter((i) => i.typeid === t.id).map((i) => i.id);
    const description = formatString(t.description);
    return {
      id: t.id,
      name: formatString(t.name),
      description: description || strings('editdescription'),
      ltiversion: t.ltiversion,
      urls: { icon: t.secureicon || t.icon || defaultIcon(ctx), edit: `/mod/lti/typessettings.php?id=${t.id}` },
      state: {
        text: strings(stateText(t.state)),
        pending: t.state === LTI_TOOL_STATE_PENDING,
        configured: t.state === LTI_TOOL_STATE_CONFIGURED,
        rejected: t.state === LTI_TOOL_STATE_REJECTED,
        unknown: ![1, 2, 3].includes(t.state),
      },
      hascapabilitygroups: groups.length > 0,
      capabilitygroups: groups.map(strings),
      courseid: t.course === 1 ? 0 : t.course,
      instanceids,
      instancecount: instanceids.length,
      ...(t.ltiversion === '1.3.0' ? { platformid: wwwroot, clientid: t.clientid, deploymentid: String(t.id) } : {}),
    };
  });
}

export async function getToolType(db: Kysely<DB>, id: number): Promise<ToolTypeRow> {
  const type = await db.selectFrom('lti_types').selectAll().where('id', '=', id).executeTakeFirst();
  if (!type) throw new AppError('unabletofindtooltype', { component: COMPONENT, a: { id }, status: 404 });
  return type;
}

/** A new active site tool from a cartridge (§7.5): name, launch URL, description, icons and custom parameters. */
export async function createTypeFromCartridge(ctx: CallContext, cartridge: Cartridge, key: string, secret: string): Promise<ToolTypeRow> {
  const launch = cartridge.launch_url.trim();
  if (!launch || !URL.canParse(launch) || !['http:', 'https:'].includes(new URL(launch).protocol)) {
    throw new AppError('unabletocreatetooltype', { component: COMPONENT, debuginfo: 'the cartridge has no http(s) launch URL' });
  }
  const extension = (name: string) => cartridge.extensions.find((e) => e.name === name)?.value ?? '';
  const safeUrl = (url: string) => (URL.canParse(url.trim()) && ['http:', 'https:'].includes(new URL(url.trim()).protocol) ? url.trim() : '');
  const t = now();
  return ctx.db
    .insertInto('lti_types')
    .values({
      name: (cartridge.title.trim() || toolDomain(launch)).slice(0, 255),
      baseurl: launch,
      tooldomain: toolDomain(launch),
      description: cartridge.description,
      icon: safeUrl(cartridge.icon || extension('icon_url')),
      secureicon: safeUrl(cartridge.secure_icon || extension('secure_icon_url')),
      parameter: cartridge.custom.map((p) => `${p.name}=${p.value}`).join('\n'),
      state: LTI_TOOL_STATE_CONFIGURED,
      coursevisible: 1,
      ltiversion: 'LTI-1p0',
      sendname: 2,
      sendemailaddr: 2,
      acceptgrades: 2,
      resourcekey: key,
      password: secret,
      servicesalt: randomToken(16).slice(0, 20),
      createdby: ctx.user?.id ?? 0,
      timecreated: t,
      timemodified: t,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a type; a tool proxy left without types goes with it. */
export async function deleteToolType(db: Kysely<DB>, id: number): Promise<void> {
  const type = await db.selectFrom('lti_types').select(['id', 'toolproxyid']).where('id', '=', id).executeTakeFirst();
  if (!type) return;
  await db.deleteFrom('lti_types').where('id', '=', id).execute();
  if (type.toolproxyid) {
    const left = await db.selectFrom('lti_types').select('id').where('toolproxyid', '=', type.toolproxyid).executeTakeFirst();
    if (!left) await db.deleteFrom('lti_tool_proxies').where('id', '=', type.toolproxyid).execute();
  }
}
