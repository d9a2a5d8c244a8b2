import type { z } from 'zod';
import type { modLtiSaveToolType } from '../../../api/lti';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { randomToken } from '../../platform/session';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';
import { TOKEN_PATH } from './token';
import { getToolType, toolDomain, type ToolTypeRow } from './tooltypes';

export type ToolSettings = Omit<z.output<typeof modLtiSaveToolType.args>, 'id'>;

/**
 * Creates or updates a manually configured tool: a site tool (course 1) or a course tool. Checks the
 * LTI 1.3 fields; keeps a saved secret when none is sent; a new 1.3 tool gets a client id.
 */
export async function storeToolType(ctx: CallContext, existing: ToolTypeRow | undefined, settings: ToolSettings, course: number): Promise<ToolTypeRow> {
  if (existing && existing.toolproxyid) throw new AppError('cannoteditproxytool', { component: COMPONENT });
  const s = (key: string) => ctx.platform.strings.get(key, COMPONENT, undefined, ctx.lang);
  if (settings.ltiversion === '1.3.0') {
    const fields: Record<string, string> = {};
    if (!settings.initiatelogin) fields.initiatelogin = s('required');
    if (!settings.redirectionuris.trim()) fields.redirectionuris = s('required');
    else if (settings.redirectionuris.split(/\s+/).filter(Boolean).some((u) => !URL.canParse(u) || !['http:', 'https:'].includes(new URL(u).protocol))) fields.redirectionuris = s('invalidredirectionuris');
    if (Object.keys(fields).length) throw new AppError('formerrors', { component: COMPONENT, fields });
  }
  const t = now();
  const values = {
    ...settings,
    password: settings.password || existing?.password || '',
    redirectionuris: settings.redirectionuris.split(/\s+/).filter(Boolean).join('\n'),
    // Deep linking is an LTI 1.3 message.
    contentitem: settings.ltiversion === '1.3.0' ? settings.contentitem : 0,
    tooldomain: toolDomain(settings.baseurl),
    timemodified: t,
  };
  const row = existing
    ? await ctx.db.updateTable('lti_types').set(values).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : await ctx.db
        .insertInto('lti_types')
        .values({
          ...values,
          state: 1,
          course,
          // Course tools are offered in their course's activity chooser (Moodle's coursevisible 2).
          coursevisible: course === 1 ? 1 : 2,
          clientid: settings.ltiversion === '1.3.0' ? randomToken(12) : '',
          servicesalt: randomToken(16).slice(0, 20),
          createdby: ctx.user?.id ?? 0,
          timecreated: t,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  if (row.ltiversion === '1.3.0' && !row.clientid) {
    await ctx.db.updateTable('lti_types').set({ clientid: randomToken(12) }).where('id', '=', row.id).execute();
    return getToolType(ctx.db, row.id);
  }
  return row;
}

/** A tool's settings for its edit form, with the platform details a 1.3 tool is registered with; never the secret. */
export function toolTypeSettings(ctx: CallContext, t: ToolTypeRow) {
  const wwwroot = ctx.platform.config.wwwroot;
  const privacy = (v: number): 0 | 1 | 2 => (v === 0 || v === 1 ? v : 2);
  const container = (v: number): 1 | 2 | 3 | 4 | 5 => (v >= 1 && v <= 5 ? (v as 1 | 2 | 3 | 4 | 5) : 3);
  return {
    id: t.id,
    name: t.name,
    baseurl: t.baseurl,
    description: t.description,
    ltiversion: t.ltiversion === '1.3.0' ? ('1.3.0' as const) : ('LTI-1p0' as const),
    resourcekey: t.resourcekey,
    password: '' as const,
    hassecret: t.password !== '',
    publickeyseturl: t.publickeyseturl,
    initiatelogin: t.initiatelogin,
    redirectionuris: t.redirectionuris,
    parameter: t.parameter,
    sendname: privacy(t.sendname),
    sendemailaddr: privacy(t.sendemailaddr),
    acceptgrades: privacy(t.acceptgrades),
    launchcontainer: container(t.launchcontainer),
    icon: t.icon,
    contentitem: t.contentitem === 1 ? (1 as const) : (0 as const),
    contentitemurl: t.contentitemurl,
    clientid: t.clientid,
    deploymentid: String(t.id),
    platform: { issuer: wwwroot, jwksurl: `${wwwroot}/mod/lti/certs.php`, authurl: `${wwwroot}/mod/lti/auth.php`, tokenurl: `${wwwroot}${TOKEN_PATH}` },
  };
}

