import { BLOCK_NAVIGATION, BLOCK_SETTINGS, blockNavigationGetNavigation, blockNavigationGetPageBlocks, blockSettingsGetSettings } from '../../../api/navigation';
import { defineMethod } from '../../ws/method';
import { expandedBranches, pageBlocks, requireBlockInstance } from './blocks';
import { navigationTree } from './navtree';
import { toJson } from './nodes';
import { resolvePage } from './page';
import { settingsTree } from './settingstree';

const getPageBlocks = defineMethod(blockNavigationGetPageBlocks, async (ctx) => ({ blocks: await pageBlocks(ctx) }));

const getNavigation = defineMethod(blockNavigationGetNavigation, async (ctx, args) => {
  await requireBlockInstance(ctx, args.instanceid, [BLOCK_NAVIGATION]);
  const page = await resolvePage(ctx, args);
  const [nodes, expanded] = await Promise.all([navigationTree(ctx, page), expandedBranches(ctx, args.instanceid)]);
  return { nodes: nodes.map((n) => toJson(n)), expanded };
});

const getSettings = defineMethod(blockSettingsGetSettings, async (ctx, args) => {
  await requireBlockInstance(ctx, args.instanceid, [BLOCK_SETTINGS]);
  const [nodes, expanded] = await Promise.all([resolvePage(ctx, args).then((page) => settingsTree(ctx, page, args.pageurl)), expandedBranches(ctx, args.instanceid)]);
  return { nodes: nodes.map((n) => toJson(n)), expanded };
});

export const navigationMethods = [getPageBlocks, getNavigation, getSettings];
