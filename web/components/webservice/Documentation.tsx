import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { allContracts } from '../../../api/all';
import type { MethodContract } from '../../../api/contract';
import { Page } from '../../app/Page';
import { NoPermission } from '../admin/NoPermission';
import { config } from '../../platform/config';
import { Pager } from '../../platform/Pager';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { summariseSchema, type SchemaLine } from './schemaSummary';

function SchemaTable({ lines, caption, s }: { lines: SchemaLine[]; caption: string; s: StringLookup }) {
  return (
    <table className="table schema-table">
      <caption>{caption}</caption>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <td style={{ paddingInlineStart: `${0.5 + line.depth * 1.25}rem` }}>
              <code>{line.name || '—'}</code>
            </td>
            <td>
              <code className="schema-type">{line.type}</code>
            </td>
            <td className="muted">
              {line.required ? s('required') : s('optional')}
              {line.defaultValue !== undefined && ` · ${s('default', line.defaultValue)}`}
              {line.description && ` · ${line.description}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MethodDoc({ method, s }: { method: MethodContract; s: StringLookup }) {
  const args = useMemo(() => summariseSchema(method.args, 'input'), [method]);
  const answer = useMemo(() => summariseSchema(method.returns, 'output'), [method]);
  return (
    <section className="card method-doc" id={method.name} aria-labelledby={`${method.name}-heading`}>
      <h2 id={`${method.name}-heading`}>
        <code>{method.name}</code>
      </h2>
      <p>{method.description}</p>
      <p className="method-badges">
        <span className="badge">{method.type === 'write' ? s('writemethod') : s('readmethod')}</span>
        <span className="badge">{method.loginRequired ? s('loginrequired') : s('nologinrequired')}</span>
        <span className="badge badge-muted">{method.component}</span>
      </p>
      {method.capabilities.length > 0 && (
        <p className="muted">
          {s('capabilities')}: {method.capabilities.map((c) => <code key={c}>{c} </code>)}
        </p>
      )}
      <div className="schema-tables">
        <SchemaTable caption={s('arguments')} lines={args} s={s} />
        <SchemaTable caption={s('response')} lines={answer} s={s} />
      </div>
    </section>
  );
}

/** Methods described per page: each description summarises two schemas, so all 300+ at once is slow to render. */
const PER_PAGE = 20;
const SORTED = [...allContracts].sort((a, b) => a.name.localeCompare(b.name));

/**
 * Every web-service method, made from the contracts the server validates with: an index of all the
 * (filtered) names, and their descriptions a page at a time. An index link or a `#method` address opens
 * the page holding that method and scrolls to it.
 */
export function Documentation() {
  const s = useStrings('moodle', [
    'wsdocumentation',
    'wsdocumentationintro',
    'administrationsite',
    'webservices',
    'arguments',
    'response',
    'loginrequired',
    'nologinrequired',
    'capabilities',
    'readmethod',
    'writemethod',
    'filtermethods',
    'nomethodsfound',
    'required',
    'optional',
    'default',
    'methodcount',
    'onemethod',
  ]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const needle = filter.trim().toLowerCase();
  const methods = useMemo(() => SORTED.filter((m) => !needle || m.name.includes(needle) || m.description.toLowerCase().includes(needle)), [needle]);
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  const targetIndex = methods.findIndex((m) => m.name === target);
  const pages = Math.max(1, Math.ceil(methods.length / PER_PAGE));
  // The page holding the addressed method, else the chosen page (kept in range as the filter narrows).
  const shown = targetIndex >= 0 ? Math.floor(targetIndex / PER_PAGE) : Math.min(page, pages - 1);
  useEffect(() => {
    if (targetIndex >= 0) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target, targetIndex]);
  const changePage = (next: number) => {
    setPage(next);
    if (hash) void navigate({ pathname, search }, { replace: true });
    window.scrollTo({ top: 0 });
  };
  if (!config().user?.isadmin) return <NoPermission />;
  return (
    <Page title={s('wsdocumentation')} breadcrumb={[{ label: s('administrationsite'), to: '/admin/' }, { label: s('webservices') }]}>
      <p className="muted">{s('wsdocumentationintro')}</p>
      <div className="toolbar">
        <input
          type="search"
          className="filter-input"
          aria-label={s('filtermethods')}
          placeholder={s('filtermethods')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(0);
          }}
        />
        <span className="muted">{methods.length === 1 ? s('onemethod') : s('methodcount', methods.length)}</span>
      </div>
      <div className="method-docs-layout">
        <nav className="method-index" aria-label={s('wsdocumentation')}>
          <ul>
            {methods.map((m) => (
              <li key={m.name}>
                <a href={`#${m.name}`} aria-current={m.name === target ? 'location' : undefined}>
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="method-docs">
          {methods.length === 0 ? (
            <p className="empty-state">{s('nomethodsfound', filter)}</p>
          ) : (
            methods.slice(shown * PER_PAGE, (shown + 1) * PER_PAGE).map((m) => <MethodDoc key={m.name} method={m} s={s} />)
          )}
          <Pager page={shown} pages={pages} onChange={changePage} />
        </div>
      </div>
    </Page>
  );
}
