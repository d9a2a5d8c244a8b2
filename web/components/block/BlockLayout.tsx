import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useLocation } from 'react-router';
import { BLOCK_NAVIGATION, blockNavigationGetPageBlocks, type BlockInstance } from '../../../api/navigation';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { BlockFrame } from './BlockFrame';
import { useBlockChoices } from './blockPreferences';
import { BlockTree } from './BlockTree';
import { ControlIcon } from './icons';
import { blockPageOf, type BlockPage } from './pageContext';
import { BLOCK_STRINGS } from './strings';
import './blocks.css';

function blockTitle(s: StringLookup, block: BlockInstance): string {
  return block.blockname === BLOCK_NAVIGATION ? s('pluginname') : s('settingsblock');
}

/** The dock: a docked block is a tab at the side of the page that opens the block over it. */
function Dock({ blocks, page, onChoice }: { blocks: BlockInstance[]; page: BlockPage; onChoice: ReturnType<typeof useBlockChoices> }) {
  const s = useStrings('block_navigation', BLOCK_STRINGS);
  return (
    <nav className="block-dock" aria-label={s('dock')}>
      {blocks.map((block) => {
        const title = blockTitle(s, block);
        return (
          <DialogTrigger key={block.instanceid}>
            <Button className="dock-tab" aria-label={s('openblock', title)}>
              <span className="dock-tab-text">{title}</span>
            </Button>
            <Popover className="dock-panel" placement="end top" offset={6}>
              <Dialog className="dock-dialog" aria-label={title}>
                {({ close }) => (
                  <>
                    <div className="block-header">
                      <Heading slot="title" className="block-title">
                        {title}
                      </Heading>
                      <Button
                        className="block-control"
                        aria-label={s('undockblock', title)}
                        onPress={() => {
                          close();
                          onChoice(block.instanceid, 'docked', false);
                        }}
                      >
                        <ControlIcon name="undock" />
                      </Button>
                    </div>
                    <div className="block-content">
                      <BlockTree blockname={block.blockname} instanceid={block.instanceid} page={page} />
                    </div>
                  </>
                )}
              </Dialog>
            </Popover>
          </DialogTrigger>
        );
      })}
    </nav>
  );
}

/**
 * The page with its blocks: a column of blocks beside the main content on wide screens (at its
 * start: the left, or the right in right-to-left languages), below it on narrow ones, and the dock
 * for the blocks the user moved out of the way. Logged-in pages only.
 */
export function BlockLayout({ children }: { children: ReactNode }) {
  const s = useStrings('block_navigation', BLOCK_STRINGS);
  const location = useLocation();
  const loggedIn = config().user !== null;
  const blocks = useWsQuery(blockNavigationGetPageBlocks, {}, { enabled: loggedIn, staleTime: Infinity, meta: { quiet: true } });
  const onChoice = useBlockChoices();
  const page = blockPageOf(location.pathname, location.search);
  const all = blocks.data?.blocks ?? [];
  const docked = all.filter((b) => b.docked);
  const column = all.filter((b) => !b.docked);
  const layout = ['page-with-blocks', column.length ? 'has-blocks' : '', docked.length ? 'has-dock' : ''].filter(Boolean).join(' ');
  return (
    <div className={layout}>
      {docked.length > 0 && <Dock blocks={docked} page={page} onChoice={onChoice} />}
      {children}
      {column.length > 0 && (
        <aside className="block-region" aria-label={s('blocks')}>
          {column.map((block) => (
            <BlockFrame key={block.instanceid} block={block} title={blockTitle(s, block)} onChoice={(choice, value) => onChoice(block.instanceid, choice, value)}>
              {!block.hidden && <BlockTree blockname={block.blockname} instanceid={block.instanceid} page={page} />}
            </BlockFrame>
          ))}
        </aside>
      )}
    </div>
  );
}
