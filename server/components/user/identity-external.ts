import { coreUserGetIdentitySettings, coreUserUpdateIdentitySettings, IDENTITY_FIELDS } from '../../../api/identity';
import { getSystemContext } from '../../platform/access/contexts';
import { getConfig, setConfig } from '../../platform/config-store';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { defineMethod, type CallContext } from '../../ws/method';
import { isIdentityField, shownIdentityFields, SHOWUSERIDENTITY } from './identity';

async function requireSiteConfig(ctx: CallContext) {
  const system = await getSystemContext(ctx.db);
  await ctx.access.requireCapability('moodle/site:config', system);
  return system;
}

const getIdentitySettings = defineMethod(coreUserGetIdentitySettings, async (ctx) => {
  await requireSiteConfig(ctx);
  return { showuseridentity: await shownIdentityFields(ctx.db) };
});

/** Stores the chosen fields in list order; any unknown name refuses the whole change. */
const updateIdentitySettings = defineMethod(coreUserUpdateIdentitySettings, async (ctx, { showuseridentity }) => {
  const system = await requireSiteConfig(ctx);
  const unknown = showuseridentity.find((name) => !isIdentityField(name));
  if (unknown !== undefined) throw new AppError('unknownidentityfield', { component: 'core_user', a: unknown });
  const chosen = new Set(showuseridentity);
  const value = IDENTITY_FIELDS.filter((field) => chosen.has(field)).join(',');
  const old = await getConfig(ctx.db, SHOWUSERIDENTITY);
  if (old !== value) {
    await setConfig(ctx.db, SHOWUSERIDENTITY, value);
    await logContextEvent(ctx, system, {
      eventname: '\\core\\event\\config_log_created',
      component: 'core',
      action: 'created',
      target: 'config_log',
      objecttable: 'config',
      crud: 'c',
      other: { name: SHOWUSERIDENTITY, oldvalue: old ?? null, value, plugin: null },
    });
  }
  return { showuseridentity: await shownIdentityFields(ctx.db) };
});

export const identityMethods = [getIdentitySettings, updateIdentitySettings];
