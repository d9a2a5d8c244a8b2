import { getSystemContext } from '../../platform/access/contexts';
import type { CallContext } from '../../ws/method';

export const COMPONENT = 'mod_lti';
export const CAP_VIEW = 'mod/lti:view';
export const CAP_ADDINSTANCE = 'mod/lti:addinstance';
export const CAP_ADDCOURSETOOL = 'mod/lti:addcoursetool';
export const CAP_SITE_CONFIG = 'moodle/site:config';

/** Every tool administration method works on site tools, in the system context (ws-admin-activity.md §2.12). */
export async function requireToolAdmin(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability(CAP_SITE_CONFIG, await getSystemContext(ctx.db));
}
