import { coreUserGetIdentitySettings, coreUserUpdateIdentitySettings, IDENTITY_FIELDS } from '../../../api/identity';
import { AppError } from '../../platform/errors';
import { changeSiteSetting, requireSiteConfig } from '../../platform/site-config';
import { defineMethod } from '../../ws/method';
import { isIdentityField, shownIdentityFields, SHOWUSERIDENTITY } from './identity';

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
  await changeSiteSetting(ctx, system, SHOWUSERIDENTITY, value);
  return { showuseridentity: await shownIdentityFields(ctx.db) };
});

export const identityMethods = [getIdentitySettings, updateIdentitySettings];
