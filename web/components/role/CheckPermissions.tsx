import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleCheckUserPermissions, coreRoleSearchContextUsers } from '../../../api/roleoverride';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { Autocomplete, type AutocompleteOption } from '../../platform/Autocomplete';
import { useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { PERMISSION_STRINGS } from './permissionStrings';
import { RiskBadges } from './RiskBadges';
import { contextCrumbs, useContextIdParam } from './roleContext';
import './permissions.css';

type CheckData = ResultOf<typeof coreRoleCheckUserPermissions>;
type Check = CheckData['capabilities'][number];
type Show = 'all' | 'allowed' | 'refused';

/** `/admin/roles/check.php?contextid=…[&reportuser=…]`: what a user may do in a context, and why. */
export function CheckPermissions() {
  const contextid = useContextIdParam();
  const s = useStrings('core_role', PERMISSION_STRINGS);
  if (contextid === undefined) return <Loading />;
  if (Number.isNaN(contextid)) return <ErrorPage message={s('nocapabilities')} />;
  return <CheckIn contextid={contextid} />;
}

/** The sentence that explains one answer ("Prohibited by Student in Course: Biology"). */
function reason(check: Check, s: StringLookup): string[] {
  if (check.decisions.length === 0) return [s(`reason_${check.reason}`)];
  return check.decisions.map((d) => s(`reason_${check.reason}`, { role: d.rolename, context: d.contextname }));
}

function CheckIn({ contextid }: { contextid: number }) {
  const s = useStrings('core_role', PERMISSION_STRINGS);
  const [params, setParams] = useSearchParams();
  const userid = Number(params.get('reportuser')) || 0;
  const [picked, setPicked] = useState<AutocompleteOption[]>([]);
  const [filter, setFilter] = useState('');
  const [show, setShow] = useState<Show>('all');
  const result = useWsQuery(coreRoleCheckUserPermissions, { contextid, userid }, { meta: { quiet: true }, staleTime: 0, placeholderData: (previous) => previous });
  const source = useCallback(
    async (search: string) => (await call(coreRoleSearchContextUsers, { contextid, search, limit: 20 })).map((u) => ({ value: String(u.id), label: u.fullname })),
    [contextid],
  );

  if (result.error) return <ErrorPage message={result.error.message} />;
  if (!result.data) return <Loading />;
  const data = result.data;
  const choose = (value: AutocompleteOption[]) => {
    setPicked(value);
    const next = new URLSearchParams(params);
    if (value[0]) next.set('reportuser', value[0].value);
    else next.delete('reportuser');
    setParams(next);
  };
  const selection = picked.length ? picked : data.user ? [{ value: String(data.user.id), label: data.user.fullname }] : [];
  const needle = filter.trim().toLocaleLowerCase();
  const rows = data.capabilities.filter(
    (c) => (!needle || c.name.toLocaleLowerCase().includes(needle) || c.displayname.toLocaleLowerCase().includes(needle)) && (show === 'all' || (show === 'allowed') === c.hascapability),
  );
  const title = s('checkpermissionsin', data.context.label);

  return (
    <Page
      title={title}
      breadcrumb={contextCrumbs(data.context, s('siteadministration'))}
      actions={
        <Link className="btn btn-secondary" to={`/admin/roles/permissions.php?contextid=${contextid}`}>
          {s('permissions')}
        </Link>
      }
    >
      <section className="card check-user-card">
        <p className="muted">{s('checkintro')}</p>
        <Autocomplete label={s('user')} placeholder={s('searchusers')} value={selection} onChange={choose} source={source} />
      </section>
      {data.user && (
        <section className="card permissions-card" aria-labelledby="check-heading">
          <h2 id="check-heading" className="check-heading">
            {s('permissionsof', data.user.fullname)}
          </h2>
          <div className="check-roles">
            <strong>{s('rolesthatcount')}:</strong>{' '}
            <ul className="permission-roles">
              {data.roles.map((r) => (
                <li key={`${r.roleid}-${r.contextid}`} className="permission-role">
                  {s('rolein', { role: r.rolename, context: r.contextname })}
                </li>
              ))}
              {data.roles.length === 0 && <li className="muted permission-none">{s('none')}</li>}
            </ul>
          </div>
          <div className="toolbar permissions-toolbar" role="search">
            <div className="field permissions-filter">
              <label htmlFor="check-filter-input">{s('filter')}</label>
              <input id="check-filter-input" type="search" value={filter} placeholder={s('filterplaceholder')} onChange={(e) => setFilter(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="check-show">{s('filterchecks')}</label>
              <select id="check-show" value={show} onChange={(e) => setShow(e.target.value as Show)}>
                <option value="all">{s('showall')}</option>
                <option value="allowed">{s('showallowed')}</option>
                <option value="refused">{s('showrefused')}</option>
              </select>
            </div>
            <span className="muted" aria-live="polite">
              {s('capabilitycount', rows.length)}
            </span>
          </div>
          {rows.length === 0 ? (
            <div className="empty-state">
              <p>{s('nocapabilitiesmatch', filter.trim())}</p>
            </div>
          ) : (
            <div className="table-scroll">
              <table className="table permissions-table check-table">
                <thead>
                  <tr>
                    <th scope="col">{s('capability')}</th>
                    <th scope="col">{s('risks')}</th>
                    <th scope="col">{s('hascapability')}</th>
                    <th scope="col">{s('why')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((check) => (
                    <tr key={check.name}>
                      <th scope="row" className="permission-cap">
                        <span className="permission-cap-name">{check.displayname}</span>
                        <code className="permission-cap-raw">{check.name}</code>
                      </th>
                      <td>
                        <RiskBadges risks={check.risks} s={s} />
                      </td>
                      <td>
                        <span className={`badge check-answer ${check.hascapability ? 'is-yes' : 'is-no'}`}>{check.hascapability ? s('yes') : s('no')}</span>
                      </td>
                      <td className="check-why">
                        {reason(check, s).map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
