import {
  modLtiCreateToolProxy,
  modLtiCreateToolType,
  modLtiDeleteToolProxy,
  modLtiDeleteToolType,
  modLtiGetToolProxies,
  modLtiGetToolProxyRegistrationRequest,
  modLtiGetToolTypes,
  modLtiIsCartridge,
  modLtiUpdateToolType,
} from '../../../api/lti';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod } from '../../ws/method';
import { COMPONENT, requireToolAdmin } from './access';
import { parseCartridge } from './cartridge';
import { fetchGuarded } from './fetch';
import { createProxy, deleteProxy, getProxy, proxyCards, publicProxy, registrationRequest } from './proxies';
import { createTypeFromCartridge, deleteToolType, getToolType, toolTypeCards } from './tooltypes';

const getToolTypes = defineMethod(modLtiGetToolTypes, async (ctx, { toolproxyid }) => {
  await requireToolAdmin(ctx);
  let query = ctx.db.selectFrom('lti_types').selectAll().orderBy('state', 'desc').orderBy('timemodified', 'desc').orderBy('id', 'desc');
  if (toolproxyid) query = query.where('toolproxyid', '=', toolproxyid);
  return toolTypeCards(ctx, await query.execute());
});

const createToolType = defineMethod(modLtiCreateToolType, async (ctx, { cartridgeurl, key, secret }) => {
  await requireToolAdmin(ctx);
  if (!cartridgeurl) throw new AppError('unabletocreatetooltype', { component: COMPONENT, debuginfo: 'no cartridge URL' });
  const cartridge = parseCartridge(await fetchGuarded(ctx.db, cartridgeurl));
  const type = await createTypeFromCartridge(ctx, cartridge, key, secret);
  return (await toolTypeCards(ctx, [type]))[0]!;
});

const updateToolType = defineMethod(modLtiUpdateToolType, async (ctx, { id, name, description, state }) => {
  await requireToolAdmin(ctx);
  const type = await getToolType(ctx.db, id);
  if (state !== null && ![1, 2, 3].includes(state)) throw new AppError('invalidstate', { component: COMPONENT, a: state });
  const changes = {
    ...(name ? { name: name.trim().slice(0, 255) || type.name } : {}),
    ...(description ? { description } : {}),
    ...(state ? { state } : {}),
  };
  const updated = await ctx.db.updateTable('lti_types').set({ ...changes, timemodified: now() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  return (await toolTypeCards(ctx, [updated]))[0]!;
});

const deleteType = defineMethod(modLtiDeleteToolType, async (ctx, { id }) => {
  await requireToolAdmin(ctx);
  await deleteToolType(ctx.db, id);
  return { id };
});

const isCartridge = defineMethod(modLtiIsCartridge, async (ctx, { url }) => {
  await requireToolAdmin(ctx);
  if (!url) return { iscartridge: false };
  const target = URL.canParse(url) ? new URL(url) : undefined;
  if (!target || !['http:', 'https:'].includes(target.protocol)) throw new AppError('errorbadurl', { component: COMPONENT });
  if (target.pathname.toLowerCase().endsWith('.xml')) return { iscartridge: true };
  try {
    return { iscartridge: parseCartridge(await fetchGuarded(ctx.db, url)).launch_url.trim() !== '' };
  } catch (error) {
    // A refused address is the admin's mistake to see; an unreadable document just is not a cartridge.
    if (error instanceof AppError && error.errorcode === 'errorbadurl') throw error;
    if (error instanceof AppError) return { iscartridge: false };
    throw error;
  }
});

const getToolProxies = defineMethod(modLtiGetToolProxies, async (ctx, { orphanedonly }) => {
  await requireToolAdmin(ctx);
  return proxyCards(ctx, orphanedonly);
});

const createToolProxy = defineMethod(modLtiCreateToolProxy, async (ctx, args) => {
  await requireToolAdmin(ctx);
  return publicProxy(await createProxy(ctx, args));
});

const deleteToolProxy = defineMethod(modLtiDeleteToolProxy, async (ctx, { id }) => {
  await requireToolAdmin(ctx);
  const proxy = await getProxy(ctx.db, id);
  await deleteProxy(ctx.db, id);
  return publicProxy(proxy);
});

const getRegistrationRequest = defineMethod(modLtiGetToolProxyRegistrationRequest, async (ctx, { id }) => {
  await requireToolAdmin(ctx);
  return registrationRequest(ctx, await getProxy(ctx.db, id));
});

export const toolAdminMethods = [getToolTypes, createToolType, updateToolType, deleteType, isCartridge, getToolProxies, createToolProxy, deleteToolProxy, getRegistrationRequest];
