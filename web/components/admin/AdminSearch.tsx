import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../app/Page';
import { config } from '../../platform/config';
import { useStrings } from '../../platform/useStrings';
import { NoPermission } from './NoPermission';
import { ADMIN_STRING_IDS, ADMIN_TREE } from './tools';

/** Finds admin tools by name or description. */
export function AdminSearch() {
  const s = useStrings('moodle', ['searchadmin', 'search', 'administrationsite', 'noadminresults', ...ADMIN_STRING_IDS]);
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const [text, setText] = useState(query);
  if (!config().user?.isadmin) return <NoPermission />;
  const needle = query.toLowerCase();
  const hits = ADMIN_TREE.flatMap((category) => category.tools.map((tool) => ({ category, tool }))).filter(
    ({ category, tool }) => !needle || [s(category.name), s(tool.name), s(tool.description)].some((t) => t.toLowerCase().includes(needle)),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { query: text.trim() } : {});
  }
  return (
    <Page title={s('searchadmin')} breadcrumb={[{ label: s('administrationsite'), to: '/admin/' }]}>
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor="adminsearch-input">{s('searchadmin')}</label>
        <div className="input-row">
          <input id="adminsearch-input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-primary">
            {s('search')}
          </button>
        </div>
      </form>
      {hits.length === 0 ? (
        <p className="empty-state">{s('noadminresults', query)}</p>
      ) : (
        <ul className="admin-tools card">
          {hits.map(({ category, tool }) => (
            <li key={tool.href}>
              <Link to={tool.href}>{s(tool.name)}</Link>
              <span className="muted">
                {s(category.name)} · {s(tool.description)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
