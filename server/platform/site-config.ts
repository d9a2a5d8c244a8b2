import type { CallContext } from '../ws/method';
import { getSystemContext } from './access/contexts';
import type { Context } from './access/types';
import { getConfig, setConfig } from './config-store';
import { logContextEvent } from './events';

/** The system context, once the caller is known to hold moodle/site:config there. */
export async function requireSiteConfig(ctx: CallContext): Promise<Context> {
  const system = await getSystemContext(ctx.db);
  await ctx.access.requireCapability('moodle/site:config', system);
  return system;
}

/** Stores a site setting and, when its value changes, logs the change the way Moodle's config log does. */
export async function changeSiteSetting(ctx: CallContext, system: Context, name: string, value: string): Promise<void> {
  const old = await getConfig(ctx.db, name);
  if (old === value) return;
  await setConfig(ctx.db, name, value);
  await logContextEvent(ctx, system, {
    eventname: '\\core\\event\\config_log_created',
    component: 'core',
    action: 'created',
    target: 'config_log',
    objecttable: 'config',
    crud: 'c',
    other: { name, oldvalue: old ?? null, value, plugin: null },
  });
}
