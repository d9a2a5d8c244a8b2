import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import {
  coreCompetencyDeleteCompetency,
  coreCompetencyMoveDownCompetency,
  coreCompetencyMoveUpCompetency,
  coreCompetencyReadCompetency,
  coreCompetencySetParentCompetency,
  toolLpDataForCompetenciesManagePage,
  toolLpListCompetencyTreeBranch,
  type TreeNode,
} from '../../../api/competency';
import { Loading, Page } from '../../app/Page';
import { announce } from '../../platform/announcer';
import { alertDialog, confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useSearchText } from '../../platform/useSearchText';
import { useStrings } from '../../platform/useStrings';
import { CompetencyDetails } from './CompetencyDetails';
import { CompetencyTree } from './CompetencyTree';
import { MoveDialog } from './MoveDialog';
import { RowMenu, type RowAction } from './RowMenu';
import { COMPETENCY_STRINGS } from './strings';
import { isBelow, taxonomyAt } from './treeModel';
import { useCompetencyTree } from './useCompetencyTree';
import './competency.css';

/** `/admin/tool/lp/competencies.php?competencyframeworkid=…&pagecontextid=…`: a framework's tree with its actions. */
export function CompetenciesPage() {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const frameworkid = Number(params.get('competencyframeworkid')) || 0;
  const pagecontextid = Number(params.get('pagecontextid')) || 0;
  const search = params.get('search') ?? '';
  const [text, setText] = useSearchText(search, (next) => setParams({ competencyframeworkid: String(frameworkid), pagecontextid: String(pagecontextid), ...(next ? { search: next } : {}) }));
  const tree = useCompetencyTree({ frameworkid, search });
  // The loaded branches are refreshed with the page.
  const invalidates = [toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch, coreCompetencyReadCompetency];
  // Not the deleted competency's own read: that would be asked for again after it is gone.
  const remove = useWsMutation(coreCompetencyDeleteCompetency, [toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch]);
  const up = useWsMutation(coreCompetencyMoveUpCompetency, invalidates);
  const down = useWsMutation(coreCompetencyMoveDownCompetency, invalidates);
  const setParent = useWsMutation(coreCompetencySetParentCompetency, invalidates);
  const [selected, setSelected] = useState(0);
  const [moving, setMoving] = useState<TreeNode | null>(null);
  const data = tree.page;
  const { rows, byId } = tree;
  const taxonomies = data?.framework.taxonomies ?? '';
  const term = (level: number) => s(`taxonomy_${taxonomyAt(taxonomies, level)}`);
  const node = byId.get(selected);
  const level = node ? node.path.split('/').filter(Boolean).length : 0;
  // The parent's count is whole even when a search shows only some of its children.
  const siblingCount = (target: TreeNode) => byId.get(target.parentid)?.childcount ?? tree.childrenOf(target.parentid).length;
  const hasRule = (id: number) => (byId.get(id)?.ruleoutcome ?? 0) !== 0;

  async function addChild(parent: TreeNode | null) {
    if (parent && hasRule(parent.id)) {
      const ok = await confirmDialog({ title: s('addcompetency'), message: s('addingcompetencywillresetparentrule', parent.shortname), confirmLabel: s('resetrule') });
      if (!ok) return;
    }
    void navigate(relativeUrl('/admin/tool/lp/editcompetency.php', { competencyframeworkid: frameworkid, pagecontextid, ...(parent ? { parentid: parent.id } : {}) }));
  }

  async function deleteNode(target: TreeNode) {
    const parentRule = target.parentid !== 0 && hasRule(target.parentid);
    const message = parentRule ? `${s('deletecompetencyconfirm', target.shortname)} ${s('deletecompetencyparenthasrule')}` : s('deletecompetencyconfirm', target.shortname);
    if (!(await confirmDialog({ title: s('deletecompetency'), message, confirmLabel: s('deletecompetency'), destructive: true }))) return;
    remove.mutate(
      { id: target.id },
      {
        onSuccess: (deleted) => {
          if (!deleted) return void alertDialog(s('deletecompetency'), s('competencycannotbedeleted', target.shortname));
          setSelected(0);
          void addNotification({ message: s('competencydeleted'), type: 'success' });
        },
      },
    );
  }

  /** Moves under `destination` (null: the top level), which the move dialogue may have loaded in a branch this tree has not. */
  async function move(target: TreeNode, destination: TreeNode | null) {
    setMoving(null);
    const parentid = destination?.id ?? 0;
    if (parentid === target.id || parentid === target.parentid) return;
    const intoOwn = destination !== null && isBelow(destination, target);
    const rulesReset = hasRule(target.parentid) || (destination?.ruleoutcome ?? 0) !== 0 || (intoOwn && hasRule(target.id));
    if (intoOwn && !(await confirmDialog({ title: s('movecompetency'), message: s('movecompetencyintoitsown', target.shortname), confirmLabel: s('move') }))) return;
    if (!intoOwn && rulesReset && !(await confirmDialog({ title: s('movecompetency'), message: s('movecompetencywillresetrules'), confirmLabel: s('move') }))) return;
    setParent.mutate({ competencyid: target.id, parentid }, { onSuccess: () => void addNotification({ message: s('competencymoved'), type: 'success' }) });
  }

  /** Where a competency moved among its siblings (1 is first), for screen-reader users. */
  const announceMove = (target: TreeNode, position: number) => announce(s('competencymovedto', { name: target.shortname, position }));

  const actions: RowAction[] = node
    ? [
        { id: 'edit', label: s('edit'), onAction: () => void navigate(relativeUrl('/admin/tool/lp/editcompetency.php', { competencyframeworkid: frameworkid, pagecontextid, id: node.id })) },
        { id: 'move', label: s('move'), onAction: () => setMoving(node) },
        ...(node.sortorder > 0 ? [{ id: 'up', label: s('moveup'), onAction: () => up.mutate({ id: node.id }, { onSuccess: () => announceMove(node, node.sortorder) }) }] : []),
        ...(node.sortorder < siblingCount(node) - 1
          ? [{ id: 'down', label: s('movedown'), onAction: () => down.mutate({ id: node.id }, { onSuccess: () => announceMove(node, node.sortorder + 2) }) }]
          : []),
        { id: 'delete', label: s('delete'), onAction: () => void deleteNode(node) },
      ]
    : [];

  const title = data ? s('competenciesmanage', data.framework.shortname) : s('competencies');
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('administrationsite'), to: '/admin/' },
        { label: s('competencyframeworks'), to: relativeUrl('/admin/tool/lp/competencyframeworks.php', { pagecontextid }) },
      ]}
      actions={
        data?.canmanage && (
          <Button className="btn btn-primary" onPress={() => void addChild(null)}>
            {s('addtaxonomy', term(1).toLowerCase())}
          </Button>
        )
      }
    >
      {!data ? (
        <Loading />
      ) : (
        <div className="competency-layout">
          <section className="card" aria-labelledby="competency-tree-title">
            <h2 id="competency-tree-title">{s('competencytree')}</h2>
            <div className="competency-toolbar" role="search">
              <input type="search" aria-label={s('searchcompetencies')} placeholder={s('searchcompetencies')} value={text} onChange={(e) => setText(e.target.value)} />
              <Button className="btn btn-secondary" onPress={tree.expandAll}>
                {s('expandall')}
              </Button>
              <Button className="btn btn-secondary" onPress={tree.collapseAll}>
                {s('collapseall')}
              </Button>
              {tree.isFetching && <span className="spinner" aria-hidden="true" />}
            </div>
            {rows.length === 0 && !search ? (
              <div className="empty-state">
                <p>
                  <strong>{s('nocompetencies')}</strong>
                </p>
                <p>{s('nocompetenciesdesc', term(1).toLowerCase())}</p>
              </div>
            ) : (
              <CompetencyTree
                label={s('competencytree')}
                tree={tree}
                selectionMode="single"
                selectedKeys={selected ? [selected] : []}
                onSelectionChange={(keys) => {
                  const [first] = [...keys];
                  setSelected(first === undefined ? 0 : Number(first));
                }}
                badge={(n) => (n.node.ruleoutcome !== 0 ? s('competencyrule') : '')}
                empty={s('nomatchingcompetencies', search)}
              />
            )}
          </section>
          <div>
            {node ? (
              <>
                {data.canmanage && (
                  <div className="competency-actions">
                    <Button className="btn btn-primary" onPress={() => void addChild(node)}>
                      {s('addtaxonomy', term(level + 1).toLowerCase())}
                    </Button>
                    <RowMenu label={s('actionsfor', node.shortname)} items={actions} />
                  </div>
                )}
                <CompetencyDetails key={node.id} node={node} frameworkid={frameworkid} pagecontextid={pagecontextid} canmanage={data.canmanage} term={term(level).toLowerCase()} s={s} />
              </>
            ) : (
              <p className="card muted">{s('selectcompetency')}</p>
            )}
          </div>
        </div>
      )}
      {moving && data && <MoveDialog node={moving} frameworkid={frameworkid} s={s} onMove={(destination) => void move(moving, destination)} onClose={() => setMoving(null)} />}
    </Page>
  );
}
