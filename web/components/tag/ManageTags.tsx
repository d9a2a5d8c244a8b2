import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { coreTagDeleteTags, coreTagListTags, coreTagRenameCombine, tagSortSchema } from '../../../api/tag';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { alertDialog, confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { AddStandardTagsDialog } from './AddStandardTagsDialog';
import { CombineTagsDialog } from './CombineTagsDialog';
import { TagTable } from './TagTable';
import { TAG_STRINGS } from './tagStrings';
import './tag.css';

export type ListedTag = ResultOf<typeof coreTagListTags>['tags'][number];
export type TagSort = z.infer<typeof tagSortSchema>;
const SORTS = tagSortSchema.options;
const PAGE_SIZES = [30, 100, 500] as const;
const SEARCH_DELAY_MS = 300;

/** The list's state lives in the address, so a view can be bookmarked and the back button works. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const state = {
    tc: Number(params.get('tc')) || 0,
    search: params.get('filter') ?? '',
    page: Math.max(0, Number(params.get('page')) || 0),
    perpage: PAGE_SIZES.find((n) => String(n) === params.get('perpage')) ?? 30,
    sort: SORTS.find((s) => s === params.get('sort')) ?? 'name',
    direction: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 0, ...changes };
    const out: Record<string, string> = { tc: String(next.tc) };
    if (next.search) out.filter = next.search;
    if (next.page > 0) out.page = String(next.page);
    if (next.perpage !== 30) out.perpage = String(next.perpage);
    if (next.sort !== 'name') out.sort = next.sort;
    if (next.direction !== 'asc') out.dir = next.direction;
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

/** The tags of one collection: search, sort, pages, in-place name/flag/standard, delete and combine. */
export function ManageTags() {
  const s = useStrings('core_tag', TAG_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [state, update] = useListParams();
  const [text, setText] = useState(state.search);
  const [written, setWritten] = useState(state.search);
  if (state.search !== written) {
    setWritten(state.search);
    setText(state.search);
  }
  useEffect(() => {
    const search = text.trim();
    if (search === written) return undefined;
    const timer = setTimeout(() => {
      setWritten(search);
      update({ search });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [combining, setCombining] = useState<ListedTag[] | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useWsQuery(
    coreTagListTags,
    { tc: state.tc, search: state.search, page: state.page, perpage: state.perpage, sort: state.sort, direction: state.direction },
    { placeholderData: (previous) => previous, meta: { quiet: true }, retry: false },
  );
  const remove = useWsMutation(coreTagDeleteTags, [coreTagListTags]);
  // "Delete selected" has a deletion of its own, so that its button alone shows it under way.
  const removeChecked = useWsMutation(coreTagDeleteTags, [coreTagListTags]);
  const renameCombine = useWsMutation(coreTagRenameCombine, [coreTagListTags]);
  const tags = list.data?.tags ?? [];
  const checked = tags.filter((t) => selected.has(t.id));

  async function deleteTags(victims: ListedTag[], deletion = remove) {
    if (victims.length === 0) return;
    const one = victims.length === 1;
    const ok = await confirmDialog({
      title: one ? s('deletetag') : s('deletetags', victims.length),
      message: one ? s('deletetagconfirm', victims[0]?.rawname) : s('deletetagsconfirm', victims.length),
      confirmLabel: one ? s('deletetag') : s('deletetags', victims.length),
      destructive: true,
    });
    if (!ok) return;
    deletion.mutate(
      { tagids: victims.map((t) => t.id) },
      {
        onSuccess: () => {
          setSelected(new Set());
          void addNotification({ message: one ? s('tagdeleted') : s('tagsdeleted', victims.length), type: 'success' });
        },
      },
    );
  }

  async function combine() {
    if (checked.length < 2) return alertDialog(s('selectmultipletagstitle'), s('selectmultipletags'));
    setCombining(checked);
  }

  /** A rename to a name another tag has: offer to combine the two instead of the generic error. */
  function renameFailed(tag: ListedTag, error: unknown, newname: string): boolean {
    if (!(error instanceof AjaxError) || error.errorcode !== 'namesalreadybeeingused') return false;
    void (async () => {
      const ok = await confirmDialog({ title: s('nameused'), message: s('nameusedconfirm', { old: tag.rawname, name: newname }), confirmLabel: s('combinetagsbutton') });
      if (ok) renameCombine.mutate({ tagid: tag.id, newname }, { onSuccess: () => void addNotification({ message: s('tagsrenamedcombined', newname), type: 'success' }) });
    })();
    return true;
  }

  if (list.error && !list.data) return <ErrorPage message={list.error.message} />;
  const data = list.data;
  const pages = data ? Math.ceil(data.total / state.perpage) : 0;
  const title = data ? `${s('managetags')}: ${data.collection.displayname}` : s('managetags');
  const busy = remove.isPending || removeChecked.isPending || renameCombine.isPending;
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('administrationsite'), to: '/admin/' },
        { label: s('managetags'), to: '/tag/manage.php' },
      ]}
      actions={
        <Button className="btn btn-primary" onPress={() => setAdding(true)}>
          {s('addstandardtags')}
        </Button>
      }
    >
      <div className="tag-filters" role="search">
        <div className="field tag-search-field">
          <label htmlFor="tag-search-input">{s('searchtags')}</label>
          <input id="tag-search-input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="field tag-perpage-field">
          <label htmlFor="tag-perpage">{s('perpage')}</label>
          <select id="tag-perpage" value={state.perpage} onChange={(e) => update({ perpage: Number(e.target.value) as (typeof PAGE_SIZES)[number] })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <Link className="btn btn-link tag-all-link" to="/tag/manage.php">
          {s('allcollections')}
        </Link>
      </div>
      {!data ? (
        <Loading />
      ) : data.total === 0 ? (
        <div className="card empty-state">
          {state.search ? (
            <p>{s('notagsfound', state.search)}</p>
          ) : (
            <>
              <p>
                <strong>{s('notags')}</strong>
              </p>
              <p>{s('notagsdesc')}</p>
              <Button className="btn btn-primary" onPress={() => setAdding(true)}>
                {s('addstandardtags')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <section className="card tag-list" aria-label={title}>
          <div className="toolbar tag-bulk" aria-live="polite">
            <span className="muted">{data.total === 1 ? s('totaltags_one') : s('totaltags', data.total)}</span>
            {checked.length > 0 && <strong>{s('selected', checked.length)}</strong>}
            <span className="tag-bulk-actions" role="group" aria-label={s('withselected')}>
              <PendingButton
                className="btn btn-secondary tag-delete-selected"
                isPending={removeChecked.isPending}
                pendingKind="working"
                isDisabled={busy}
                onPress={() => void deleteTags(checked, removeChecked)}
              >
                {s('deleteselected')}
              </PendingButton>
              <Button className="btn btn-secondary" isDisabled={busy} onPress={() => void combine()}>
                {s('combineselected')}
              </Button>
            </span>
          </div>
          <div className="table-scroll">
            <TagTable
              tags={tags}
              selected={selected}
              onSelect={setSelected}
              sort={state.sort}
              direction={state.direction}
              onSort={(sort, direction) => update({ sort, direction })}
              onDelete={(tag) => void deleteTags([tag])}
              onRenameFailed={renameFailed}
            />
          </div>
          <Pager
            page={state.page}
            pages={pages}
            onChange={(page) => {
              setSelected(new Set());
              update({ page });
            }}
          />
        </section>
      )}
      {combining && (
        <CombineTagsDialog
          tags={combining}
          onClose={(done) => {
            setCombining(null);
            if (done) setSelected(new Set());
          }}
        />
      )}
      {adding && <AddStandardTagsDialog tc={state.tc} onClose={() => setAdding(false)} />}
    </Page>
  );
}
