import { useMemo, useState } from 'react';
import { Button, type Key } from 'react-aria-components';
import { toolLpDataForCompetenciesManagePage, TREE_OPEN_ALL_BELOW, type TreeNode } from '../../../api/competency';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';
import { CompetencyTree } from './CompetencyTree';
import { buildTree, parentIds } from './treeModel';

/** The move dialogue: the framework tree to choose the new parent in, or the top level. Moving onto itself is not offered. */
export function MoveDialog({ node, frameworkid, s, onMove, onClose }: { node: TreeNode; frameworkid: number; s: StringLookup; onMove: (parentid: number) => void; onClose: () => void }) {
  const tree = useWsQuery(toolLpDataForCompetenciesManagePage, { competencyframeworkid: frameworkid, search: '' });
  const rows = useMemo(() => tree.data?.competencies ?? [], [tree.data]);
  const roots = useMemo(() => buildTree(rows), [rows]);
  const [target, setTarget] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Set<Key> | null>(null);
  const shownExpanded = expanded ?? (rows.length < TREE_OPEN_ALL_BELOW ? parentIds(rows) : new Set<Key>());
  const unchanged = target === null || target === node.id || target === node.parentid;
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
          <Button className="btn btn-primary" isDisabled={unchanged} onPress={() => target !== null && onMove(target)}>
            {s('move')}
          </Button>
        </>
      }
    >
      <p>{s('movetonewparent', node.shortname)}</p>
      <Button className={`btn ${target === 0 ? 'btn-primary' : 'btn-secondary'}`} onPress={() => setTarget(0)} aria-pressed={target === 0}>
        {s('toplevel')}
      </Button>
      {!tree.data ? (
        <Loading />
      ) : (
      <CompetencyTree
        label={s('movecompetency')}
        roots={roots}
        selectionMode="single"
        selectedKeys={target ? [target] : []}
        onSelectionChange={(keys) => {
          const [first] = [...keys];
          if (first !== undefined) setTarget(Number(first));
        }}
        expandedKeys={shownExpanded}
        onExpandedChange={setExpanded}
        disabledKeys={[node.id]}
        height="18rem"
      />
      )}
    </ModalDialog>
  );
}
