import { blockDockedPreference, blockExpandedPreference, blockHiddenPreference, EXPANDED_MEMORY, type BlockInstance } from '../../../api/navigation';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import type { BlockInstanceRow } from './tables';

/** A block instance of one of the given types; otherwise invalidrecord. */
export async function requireBlockInstance(ctx: CallContext, instanceid: number, blocknames: readonly string[]): Promise<BlockInstanceRow> {
  const row = await ctx.db.selectFrom('block_instances').selectAll().where('id', '=', instanceid).executeTakeFirst();
  if (!row || !blocknames.includes(row.blockname)) throw invalidRecord('block_instances', `block instance ${instanceid}`);
  return row;
}

/** The caller's preferences among the given names, in one query. */
async function preferences(ctx: CallContext, names: readonly string[]): Promise<Map<string, string>> {
  if (!ctx.user || names.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('user_preferences').select(['name', 'value']).where('userid', '=', ctx.user.id).where('name', 'in', names).execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

/** The blocks beside every page, in region and weight order, with whether the caller collapsed or docked each. */
export async function pageBlocks(ctx: CallContext): Promise<BlockInstance[]> {
  const rows = await ctx.db.selectFrom('block_instances').selectAll().orderBy('defaultregion').orderBy('defaultweight').orderBy('id').execute();
  const prefs = await preferences(
    ctx,
    rows.flatMap((r) => [blockHiddenPreference(r.id), blockDockedPreference(r.id)]),
  );
  return rows.map((r) => ({
    instanceid: r.id,
    blockname: r.blockname,
    region: r.defaultregion,
    weight: r.defaultweight,
    hidden: prefs.get(blockHiddenPreference(r.id)) === '1',
    docked: prefs.get(blockDockedPreference(r.id)) === '1',
  }));
}

/**
 * The branches the caller left expanded in a block's tree (a JSON list of node ids). Whatever the
 * preference holds that is not such a list counts as nothing expanded.
 */
export async function expandedBranches(ctx: CallContext, instanceid: number): Promise<string[]> {
  const name = blockExpandedPreference(instanceid);
  const raw = (await preferences(ctx, [name])).get(name);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((v): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(v)).slice(-EXPANDED_MEMORY);
  } catch {
    return [];
  }
}
