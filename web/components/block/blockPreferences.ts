import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { blockDockedPreference, blockExpandedPreference, blockHiddenPreference, blockNavigationGetPageBlocks, type BlockInstance } from '../../../api/navigation';
import { coreUserUpdateUserPreferences } from '../../../api/user';
import { call } from '../../platform/ajax';
import { log } from '../../platform/log';

type Blocks = { blocks: BlockInstance[] };

/** Saves a preference of the user's; a refusal (the guest account keeps none) only costs remembering it. */
function save(name: string, value: string | null): void {
  call(coreUserUpdateUserPreferences, { preferences: [{ type: name, value }] }).catch((error: unknown) => log.warn(`could not save ${name}`, error));
}

/**
 * Collapsing and docking a block: the page changes at once (the cached block list is updated), and
 * the choice is saved as the user's preference in the background.
 */
export function useBlockChoices() {
  const client = useQueryClient();
  return useCallback(
    (instanceid: number, choice: 'hidden' | 'docked', value: boolean) => {
      client.setQueriesData<Blocks>({ queryKey: [blockNavigationGetPageBlocks.name] }, (data) =>
        data ? { blocks: data.blocks.map((b) => (b.instanceid === instanceid ? { ...b, [choice]: value } : b)) } : data,
      );
      save(choice === 'hidden' ? blockHiddenPreference(instanceid) : blockDockedPreference(instanceid), value ? '1' : null);
    },
    [client],
  );
}

/** What each tree's user left open this session, newer than what the server last answered. */
const openedThisSession = new Map<number, string[]>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** The branches to reopen in a block's tree: this session's latest choice, else the saved one. */
export function rememberedBranches(instanceid: number, saved: readonly string[]): readonly string[] {
  return openedThisSession.get(instanceid) ?? saved;
}

/** Remembers the open branches of a block's tree, saving them a moment after the user stops opening and closing. */
export function rememberBranches(instanceid: number, list: string[]): void {
  openedThisSession.set(instanceid, list);
  clearTimeout(timers.get(instanceid));
  timers.set(
    instanceid,
    setTimeout(() => save(blockExpandedPreference(instanceid), list.length ? JSON.stringify(list) : null), 600),
  );
}
