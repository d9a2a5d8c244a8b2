import { Fragment, useDeferredValue, useState } from 'react';
import type { ResultOf } from '../../../api/contract';
import type { coreRoleGetRoleDefinition, PermissionValue } from '../../../api/role';
import { useStrings } from '../../platform/useStrings';
import { RISK_KEYS, useRoleStrings } from './strings';

type Capability = ResultOf<typeof coreRoleGetRoleDefinition>['capabilities'][number];

const CHOICES: ReadonlyArray<{ value: PermissionValue; key: string }> = [
  { value: 0, key: 'notset' },
  { value: 1, key: 'allow' },
  { value: -1, key: 'prevent' },
  { value: -1000, key: 'prohibit' },
];

interface CapabilityTableProps {
  capabilities: readonly Capability[];
  permissions: ReadonlyMap<string, PermissionValue>;
  /** The saved values, to mark what has changed. */
  base: ReadonlyMap<string, PermissionValue>;
  cangrant: 'all' | readonly string[];
  readOnly: boolean;
  onChange: (capability: string, value: PermissionValue) => void;
}

/** A role's permission per capability, as a radio group per row, grouped by component, with a filter. */
export function CapabilityTable({ capabilities, permissions, base, cangrant, readOnly, onChange }: CapabilityTableProps) {
  const s = useRoleStrings();
  const risk = useStrings('core_role', RISK_KEYS);
  const [filter, setFilter] = useState('');
  const [setOnly, setSetOnly] = useState(false);
  const query = useDeferredValue(filter.trim().toLowerCase());
  const grantable = cangrant === 'all' ? null : new Set(cangrant);
  const shown = capabilities.filter(
    (c) => (!query || c.name.toLowerCase().includes(query) || c.displayname.toLowerCase().includes(query)) && (!setOnly || (permissions.get(c.name) ?? 0) !== 0),
  );
  const groups = new Map<string, Capability[]>();
  for (const c of shown) groups.set(c.component, [...(groups.get(c.component) ?? []), c]);

  return (
    <section className="card role-capabilities" aria-labelledby="role-permissions-heading">
      <h2 id="role-permissions-heading">{s('rolepermissions')}</h2>
      <p className="muted small">{s('rolepermissionshelp')}</p>
      <div className="toolbar role-filter">
        <input type="search" className="filter-input" aria-label={s('filtercapabilities')} placeholder={s('filtercapabilities')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <label className="role-level">
          <input type="checkbox" checked={setOnly} onChange={(e) => setSetOnly(e.target.checked)} />
          {s('showchangedonly')}
        </label>
        <span className="muted small" aria-live="polite">
          {s('capabilitiesshown', { shown: shown.length, total: capabilities.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="empty-state">{s('nocapabilitiesmatch', filter)}</p>
      ) : (
        <div className="table-scroll">
          <table className="table capability-table">
            <thead>
              <tr>
                <th scope="col">{s('capability')}</th>
                {CHOICES.map((choice) => (
                  <th scope="col" key={choice.key} className="permission-col">
                    {s(choice.key)}
                  </th>
                ))}
                <th scope="col">{s('risks')}</th>
              </tr>
            </thead>
            <tbody>
              {[...groups].map(([component, rows]) => (
                <Fragment key={component}>
                  <tr className="capability-group">
                    <th scope="rowgroup" colSpan={CHOICES.length + 2}>
                      {component}
                    </th>
                  </tr>
                  {rows.map((c) => {
                    const value = permissions.get(c.name) ?? 0;
                    const changed = value !== (base.get(c.name) ?? 0);
                    return (
                      <tr key={c.name} className={changed ? 'capability-changed' : undefined}>
                        <th scope="row" id={`cap-${c.name}`}>
                          <span className="capability-name">{c.displayname}</span>
                          <code className="capability-code">{c.name}</code>
                        </th>
                        {CHOICES.map((choice) => {
                          const blocked = choice.value === 1 && grantable !== null && !grantable.has(c.name) && value !== 1;
                          return (
                            <td key={choice.key} className="permission-col">
                              <input
                                type="radio"
                                name={c.name}
                                value={choice.value}
                                checked={value === choice.value}
                                disabled={readOnly || blocked}
                                title={blocked ? s('cannotgrantown') : undefined}
                                aria-label={s(choice.key)}
                                aria-describedby={`cap-${c.name}`}
                                onChange={() => onChange(c.name, choice.value)}
                              />
                            </td>
                          );
                        })}
                        <td className="capability-risks">
                          {c.risks.map((r) => (
                            <span key={r} className={`badge risk-badge risk-${r}`} title={risk(`${r}desc`)}>
                              {risk(r)}
                            </span>
                          ))}
                        </td>
                      </tr>
                    );
                  })}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
