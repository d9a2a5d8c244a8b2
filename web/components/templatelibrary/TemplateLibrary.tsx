import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, toolTemplatelibraryListTemplates } from '../../../api/templatelibrary';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { NoPermission } from '../admin/NoPermission';
import { TemplateDetails } from './TemplateDetails';
import './templatelibrary.css';

const STRINGS = [
  'pluginname',
  'intro',
  'searchtemplates',
  'component',
  'all',
  'templates',
  'templatecount',
  'onetemplate',
  'notemplatesfound',
  'notemplates',
  'choosetemplate',
  'documentation',
  'nodocumentation',
  'source',
  'canonicalsource',
  'example',
  'noexample',
  'exampleinvalid',
  'examplefailed',
  'exampleframe',
  'themeoverrides',
  'nothemeoverrides',
  'overriddenby',
  'themesource',
  'notfound',
];

/**
 * The template library (/admin/tool/templatelibrary/index.php): every output template, searched by
 * part of its name and filtered by component (asked again 400 ms after the last keystroke or change),
 * and the chosen one's documentation, example and source. The search and the choice live in the
 * address, so a template can be linked to.
 */
export function TemplateLibrary() {
  const s = useStrings('tool_templatelibrary', STRINGS);
  const moodle = useStrings('moodle', ['administrationsite', 'development']);
  const [params, setParams] = useSearchParams();
  const component = params.get('component') ?? '';
  const search = params.get('search') ?? '';
  const chosen = params.get('template') ?? '';
  const [draft, setDraft] = useState({ component, search });

  useEffect(() => {
    if (draft.component === component && draft.search === search) return undefined;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(draft)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the user's typing and choosing start a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const isadmin = config().user?.isadmin ?? false;
  const everything = useWsQuery(toolTemplatelibraryListTemplates, {}, { enabled: isadmin, staleTime: Infinity });
  const found = useWsQuery(toolTemplatelibraryListTemplates, { component, search }, { enabled: isadmin, placeholderData: keepPreviousData });
  if (!isadmin) return <NoPermission />;

  const components = [...new Set((everything.data ?? []).map((t) => t.slice(0, t.indexOf('/'))))].sort();
  const list = found.data ?? [];

  function choose(keys: Selection) {
    const key = keys === 'all' ? undefined : [...keys][0];
    if (key === undefined) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('template', String(key));
      return next;
    });
  }

  return (
    <Page title={s('pluginname')} breadcrumb={[{ label: moodle('administrationsite'), to: '/admin/' }, { label: moodle('development') }]}>
      <p className="muted">{s('intro')}</p>
      <div className="templatelibrary">
        <div className="templatelibrary-list card">
          <div role="search" className="templatelibrary-filters">
            <div className="field">
              <label htmlFor="templatelibrary-search">{s('searchtemplates')}</label>
              <input id="templatelibrary-search" type="search" value={draft.search} autoComplete="off" spellCheck={false} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor="templatelibrary-component">{s('component')}</label>
              <select id="templatelibrary-component" value={draft.component} onChange={(e) => setDraft({ ...draft, component: e.target.value })}>
                <option value="">{s('all')}</option>
                {components.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="templatelibrary-count muted" role="status" aria-live="polite">
            {found.isPending ? '' : list.length === 1 ? s('onetemplate') : s('templatecount', list.length)}
            {found.isFetching && <span className="spinner" aria-hidden="true" />}
          </p>
          {found.isPending ? (
            <Loading />
          ) : (
            <ListBox
              aria-label={s('templates')}
              className="templatelibrary-results"
              items={list.map((name) => ({ id: name }))}
              selectionMode="single"
              selectedKeys={chosen ? [chosen] : []}
              onSelectionChange={choose}
              renderEmptyState={() => <p className="muted templatelibrary-empty">{search || !component ? s('notemplatesfound') : s('notemplates')}</p>}
            >
              {(item) => (
                <ListBoxItem id={item.id} textValue={item.id} className="templatelibrary-result">
                  <span className="templatelibrary-component">{item.id.slice(0, item.id.indexOf('/') + 1)}</span>
                  {item.id.slice(item.id.indexOf('/') + 1)}
                </ListBoxItem>
              )}
            </ListBox>
          )}
        </div>
        <div className="templatelibrary-details card">{chosen ? <TemplateDetails key={chosen} name={chosen} s={s} /> : <p className="muted">{s('choosetemplate')}</p>}</div>
      </div>
    </Page>
  );
}
