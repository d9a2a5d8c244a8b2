import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { TreeNode } from '../../../api/competency';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import type { StringLookup } from '../../platform/useStrings';
import { CompetencyTree } from './CompetencyTree';
import { useCompetencyTree } from './useCompetencyTree';

/**
 * The move dialogue: the framework tree to choose the new parent in (branches load as they open), or
 * the top level. Moving onto itself is not offered. It answers the chosen parent's node (null: the
 * top level), which the page's own tree may not have loaded.
 */
export function MoveDialog({ node, frameworkid, s, onMove, onClose }: { node: TreeNode; frameworkid: number; s: StringLookup; onMove: (parent: TreeNode | null) => void; onClose: () => void }) {
  const tree = useCompetencyTree({ frameworkid });
  const [target, setTarget] = useState<number | null>(null);
  const unchanged = target === null || target === node.id || target === node.parentid;
  const destination = target ? tree.byId.get(target) : undefined;
  return (
    <ModalDialog
      isOpen
      title={s('movecompetency')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <Button className="btn btn-primary" isDisabled={unchanged || (target !== 0 && !destination)} onPress={() => onMove(destination ?? null)}>
            {s('move')}
          </Button>
        </>
      }
    >
      <p>{s('movetonewparent', node.shortname)}</p>
      <Button className={`btn ${target === 0 ? 'btn-primary' : 'btn-secondary'}`} onPress={() => setTarget(0)} aria-pressed={target === 0}>
        {s('toplevel')}
      </Button>
      {!tree.page ? (
        <Loading />
      ) : (
        <CompetencyTree
          label={s('movecompetency')}
          tree={tree}
          selectionMode="single"
          selectedKeys={target ? [target] : []}
          onSelectionChange={(keys) => {
            const [first] = [...keys];
            if (first !== undefined) setTarget(Number(first));
          }}
          disabledKeys={[node.id]}
          height="18rem"
        />
      )}
    </ModalDialog>
  );
}
