import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { BlockInstance } from '../../../api/navigation';
import { useStrings } from '../../platform/useStrings';
import { ControlIcon } from './icons';
import { BLOCK_STRINGS } from './strings';

interface BlockFrameProps {
  block: BlockInstance;
  title: string;
  onChoice: (choice: 'hidden' | 'docked', value: boolean) => void;
  children: ReactNode;
}

/** A block in the column beside the page: its title, a control to collapse it to its title, one to dock it. */
export function BlockFrame({ block, title, onChoice, children }: BlockFrameProps) {
  const s = useStrings('block_navigation', BLOCK_STRINGS);
  const titleId = `block-title-${block.instanceid}`;
  const contentId = `block-content-${block.instanceid}`;
  return (
    <section className={`block block_${block.blockname}${block.hidden ? ' is-collapsed' : ''}`} aria-labelledby={titleId} data-instance-id={block.instanceid}>
      <div className="block-header">
        <h2 id={titleId} className="block-title">
          {title}
        </h2>
        <div className="block-controls">
          <Button
            className="block-control"
            aria-label={block.hidden ? s('showblock', title) : s('hideblock', title)}
            aria-expanded={!block.hidden}
            aria-controls={contentId}
            onPress={() => onChoice('hidden', !block.hidden)}
          >
            <ControlIcon name={block.hidden ? 'expand' : 'collapse'} />
          </Button>
          <Button className="block-control" aria-label={s('dockblock', title)} onPress={() => onChoice('docked', true)}>
            <ControlIcon name="dock" />
          </Button>
        </div>
      </div>
      <div id={contentId} className="block-content" hidden={block.hidden}>
        {children}
      </div>
    </section>
  );
}
