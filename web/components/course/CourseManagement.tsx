import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { coreCourseDeleteCategories, coreCourseMoveCategoryOrder, coreCourseUpdateCategories } from '../../../api/course';
import { Loading, Page } from '../../app/Page';
import { announce } from '../../platform/announcer';
import { showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { CategoryCourses } from './CategoryCourses';
import { CategoryTree, type CategoryAction } from './CategoryTree';
import { categoryOptions, categoryTree, useCategories, useManagementMutation, type CategoryNode } from './categories';
import { DeleteCategoryDialog, MoveDialog } from './ManagementDialogs';
import './management.css';
import { RoleLinksMenu } from '../role/RoleLinksMenu';

/** /course/management.php: the category tree on the left, the selected category's courses on the right. */
export function CourseManagement() {
  const s = useStrings('core_course', [
    'coursemgmt', 'categories', 'createnewcategory', 'createnewcourse', 'nocategories', 'selectcategoryhint', 'movecategory', 'movecategoryto', 'top',
    'moved', 'categorydeleted', 'changessaved', 'categorymovedto',
  ]);
  const sadmin = useStrings('moodle', ['administrationsite']);
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const nodes = useMemo(() => categoryTree(list), [list]);
  const byId = useMemo(() => {
    const map = new Map<number, CategoryNode>();
    const walk = (ns: CategoryNode[]) => ns.forEach((n) => (map.set(n.category.id, n), walk(n.children)));
    walk(nodes);
    return map;
  }, [nodes]);
  const requested = Number(params.get('categoryid')) || 0;
  const selected = byId.get(requested) ?? nodes[0];
  const [expanded, setExpanded] = useState<Set<Key> | null>(null);
  // Until the user expands or collapses anything, the path to the selected category is open.
  const shownExpanded = expanded ?? new Set<Key>(selected ? selected.category.path.split('/').filter(Boolean).map(Number) : []);
  const [moving, setMoving] = useState<CategoryNode | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);
  const update = useManagementMutation(coreCourseUpdateCategories);
  const remove = useManagementMutation(coreCourseDeleteCategories);
  const reorder = useManagementMutation(coreCourseMoveCategoryOrder);

  function onAction(action: CategoryAction, node: CategoryNode) {
    if (action === 'up' || action === 'down') {
      const siblings = byId.get(node.category.parent)?.children ?? nodes;
      const position = siblings.indexOf(node) + (action === 'up' ? 0 : 2);
      reorder.mutate(
        { id: node.category.id, direction: action },
        { onSuccess: () => announce(s('categorymovedto', { name: node.name, position })), onError: (e) => void showException(e) },
      );
    }
    else if (action === 'move') setMoving(node);
    else if (action === 'delete') setDeleting(node);
    else
      update.mutate(
        { categories: [{ id: node.category.id, visible: node.category.visible ? 0 : 1 }] },
        { onSuccess: () => void addNotification({ message: s('changessaved'), type: 'success' }), onError: (e) => void showException(e) },
      );
  }

  const actions = (
    <div className="toolbar">
      <Link className="btn btn-secondary" to={relativeUrl('/course/editcategory.php', selected ? { parent: selected.category.id } : {})}>
        {s('createnewcategory')}
      </Link>
      {selected && (
        <Link className="btn btn-primary" to={relativeUrl('/course/edit.php', { category: selected.category.id })}>
          {s('createnewcourse')}
        </Link>
      )}
      {selected && <RoleLinksMenu contextlevel="coursecat" instanceid={selected.category.id} />}
    </div>
  );

  return (
    <Page title={s('coursemgmt')} breadcrumb={[{ label: sadmin('administrationsite'), to: '/admin/' }]} actions={actions}>
      {categories.isPending ? (
        <Loading />
      ) : nodes.length === 0 ? (
        <p className="empty-state">
          {s('nocategories')} <Link to="/course/editcategory.php">{s('createnewcategory')}</Link>
        </p>
      ) : (
        <div className="management-layout">
          <section className="card management-categories" aria-labelledby="management-categories-heading">
            <h2 id="management-categories-heading">{s('categories')}</h2>
            <CategoryTree
              nodes={nodes}
              selected={selected?.category.id ?? 0}
              onSelect={(id) => setParams({ categoryid: String(id) })}
              onAction={onAction}
              expanded={shownExpanded}
              onExpandedChange={setExpanded}
            />
          </section>
          {selected ? (
            <CategoryCourses key={selected.category.id} category={selected.category} name={selected.name} categories={list} />
          ) : (
            <p className="empty-state">{s('selectcategoryhint')}</p>
          )}
        </div>
      )}
      {moving && (
        <MoveDialog
          title={s('movecategory')}
          label={s('movecategoryto', moving.name)}
          options={[{ id: 0, label: s('top') }, ...categoryOptions(list, moving.category)]}
          initial={moving.category.parent}
          busy={update.isPending}
          onClose={() => setMoving(null)}
          onMove={(parent) =>
            update.mutate(
              { categories: [{ id: moving.category.id, parent }] },
              {
                onSuccess: () => {
                  void addNotification({ message: s('moved', moving.name), type: 'success' });
                  setMoving(null);
                },
                onError: (e) => void showException(e),
              },
            )
          }
        />
      )}
      {deleting && (
        <DeleteCategoryDialog
          name={deleting.name}
          hasContents={deleting.category.coursecount > 0 || deleting.children.length > 0}
          targets={categoryOptions(list, deleting.category)}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onDelete={(choice) =>
            remove.mutate(
              { categories: [{ id: deleting.category.id, recursive: choice.recursive ? 1 : 0, newparent: choice.newparent }] },
              {
                onSuccess: () => {
                  void addNotification({ message: s('categorydeleted', deleting.name), type: 'success' });
                  if (selected?.category.id === deleting.category.id) setParams({});
                  setDeleting(null);
                },
                onError: (e) => void showException(e),
              },
            )
          }
        />
      )}
    </Page>
  );
}
